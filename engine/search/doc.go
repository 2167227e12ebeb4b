//book:stage 3

// Package search finds the move to play: a negamax alpha-beta search with
// quiescence, iterative deepening, a transposition table, move ordering by
// MVV-LVA, SEE, killers and histories, and the pruning and reduction rules of
// chapters 5 to 18, each behind a switch of Techniques.
//
// A Searcher owns what a search learns (hash table, histories) and searches
// one position at a time on one goroutine. Node counts are deterministic: at a
// fixed depth or node limit, the same techniques give the same tree on every
// run and machine, since time and cancellation only ever stop a search.
package search
