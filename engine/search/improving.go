package search

// markImproving records the node's static evaluation in its frame and sets
// n.improving: whether the position is better for the side to move than two
// plies before, when it last moved. A node whose eval is rising is less
// likely to fall back below beta, and the late quiet moves of one whose eval
// is falling are less likely to rescue it, so the pruning rules read the
// flag: reverseFutilityMargin and lateMoveCount. Where either node was in
// check (no static eval) the flag is set, the cautious choice for late move
// pruning. The idea is from Stockfish and most strong engines since.
func (s *Searcher) markImproving(n *node) {
	f := &s.frames[n.ply]
	f.eval, f.hasEval = n.eval, !n.inCheck
	n.improving = true
	if back := s.previous(n.ply, 2); f.hasEval && back.hasEval {
		n.improving = n.eval > back.eval
	}
}
