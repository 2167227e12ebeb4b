//book:stage 3

// Package search finds the move to play. What it knows how to do is listed
// by Techniques, one field per technique of the book, each behind a switch
// (AllTechniques says which chapter brings it), and a stage's engine is
// DefaultTechniques of its number.
//
// A Searcher owns what its searches learn and keep from one to the next, and
// searches one position at a time on one goroutine. Node counts are
// deterministic: at a fixed depth or node limit, the same techniques give the
// same tree on every run and machine, since time and cancellation only ever
// stop a search.
package search
