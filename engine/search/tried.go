//book:stage 11

package search

import "cb2026/engine/board"

// maxTried is how many moves of each kind a node remembers; later ones go
// unpunished.
const maxTried = 64

// A triedList holds the first maxTried moves of one kind that a node has
// searched, so that a cutoff can punish those that did not cut off.
type triedList [maxTried]board.Move

// keep puts m at index i, the number of moves of its kind the node counted
// before it, if the list has room.
func (l *triedList) keep(i int, m board.Move) {
	if i < maxTried {
		l[i] = m
	}
}

// first returns the moves kept of the first n counted.
func (l *triedList) first(n int) []board.Move {
	return l[:min(n, maxTried)]
}

// remember keeps m, a move the node has just searched without a cutoff,
// before add counts it.
func (tm *triedMoves) remember(m board.Move, quiet bool) {
	tm.rememberCapture(m, quiet)
	if quiet {
		tm.quiets.keep(tm.quietCount, m)
	}
}

// quietList returns the quiet moves remembered.
func (tm *triedMoves) quietList() []board.Move {
	return tm.quiets.first(tm.quietCount)
}
