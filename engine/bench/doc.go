// Package bench holds the bench: the positions every stage's bench reads,
// numbered from 1 in the book, and the benches of the stages that have no
// search yet, which count what the board sees of each position.
//
// Every bench ends with the line "N nodes M nps", the form OpenBench and the
// book read; N is the same on every run and machine.
package bench
