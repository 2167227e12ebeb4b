//book:stage main

package search

import "cb2026/engine/board"

// iirMinDepth is the depth from which a node without a hash move is
// searched a ply shallower (internal iterative reductions).
const iirMinDepth = 4

// reduceWithoutHashMove searches node n one ply shallower when the table
// had no move for it at iirMinDepth or deeper (internal iterative
// reductions). Such a node was never searched deep before, so its moves are
// badly ordered and a full-depth search of it is expensive and uncertain;
// the shallower search is cheap and leaves a hash move for the next
// iteration, which comes back deeper. The idea replaced internal iterative
// deepening in Rebel and later Stockfish and Ethereal.
func (s *Searcher) reduceWithoutHashMove(n *node) {
	if n.hashMove == board.NoMove &&
		n.excluded == board.NoMove &&
		n.depth >= iirMinDepth {
		n.depth--
	}
}
