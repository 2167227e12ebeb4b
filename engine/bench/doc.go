// Package bench holds the bench: the positions every stage's bench reads,
// numbered from 1 in the book, and the benches of the stages that have no
// search yet. Stage 1's counts the pieces of each position after reading its
// FEN and writing it back; stage 2's counts the attacks on every square. From
// stage 3 on the bench is the search's (search.Bench): perft before there is
// an evaluation, then a search to the stage's depth.
//
// Every bench ends with the line "N nodes M nps", the form OpenBench and the
// book read; N is the same on every run and machine.
package bench
