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
// Stage 19 adds the terms of Terms, each switchable and each a set of named
// weights (a middlegame and an endgame value), one concept a file: pawn
// structure (pawns.go), mobility (mobility.go), king safety (king.go), bishop
// pair, rook files and outposts (pieces.go) with the threats against the
// enemy's pieces (threats.go). With every term off the evaluation is stage
// 4's, exactly.
//
// Every number of stages 4 and 19 is a named parameter (Param) of a weight
// set (Weights, weights.go): the hand-set teaching values of stages 4 to 19,
// and stage 20's, found by Texel's method (tools/tune, written to tuned.go)
// and read when Terms.Tuned is set. For the tuner, TraceTerms records how
// often each weight counts in an evaluation (trace.go): before tapering the
// evaluation is linear in its weights.
package eval
