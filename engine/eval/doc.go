//book:stage 4

// Package eval scores a chess position statically, without searching: a number
// of centipawns from the side to move's point of view, positive when that side
// stands better.
//
// Stage 4's evaluation is material plus piece-square tables, tapered by game
// phase. The starting numbers are Tomasz Michniewski's "Simplified Evaluation
// Function" (published on the Chess Programming Wiki), the classic teaching set:
// piece values 100/320/330/500/900 and one table per piece type, with a second
// king table for the endgame. Tapering — scoring the middlegame and the endgame
// separately and blending them by the material left on the board — follows
// Fabien Letouzey's Fruit, with the phase weights knight 1, bishop 1, rook 2,
// queen 4 (24 for the full set).
//
// Every number of the evaluation is a named parameter (Param) of a weight
// set (Weights, weights.go). A Trace records how often each weight counts
// in an evaluation (trace.go): before tapering the evaluation is linear in
// its weights.
package eval
