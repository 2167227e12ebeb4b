package search

import "cb2026/engine/board"

// quiesce returns the score of the current position at the horizon, searching
// only captures and queen promotions until the position is quiet, so that the
// score never stops in the middle of an exchange. The side to move may "stand
// pat": decline every capture and keep the static evaluation. In check there
// is no standing pat: every evasion is searched, and having none is mate.
func (s *Searcher) quiesce(alpha, beta, ply int) int {
	if s.enterNode(ply) {
		return 0
	}
	s.stats.QNodes++
	if ply >= maxPly {
		return s.evaluate()
	}
	inCheck := s.pos.InCheck()
	best := -infinity
	if !inCheck {
		best = s.evaluate()
		// Stand pat: the static eval is already good enough to cut off.
		if s.t.AlphaBeta && best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	best, searched := s.quiesceMoves(alpha, beta, ply, best, inCheck)
	if inCheck && searched == 0 {
		return matedIn(ply)
	}
	return best
}

// noisyOnly narrows a started picker to a quiescence node's moves: the
// captures and queen promotions, in their own order.
func (pk *picker) noisyOnly() {
	pk.quiescence = true
	pk.order = quiescenceOrder[:]
	pk.advance()
	pk.chooseCaptureOrder(true)
	pk.killers = [2]board.Move{} // a quiescence node tries none
}

// quiesceMoves searches the captures and queen promotions of a quiescence
// node (every evasion when in check) and returns the best score, starting
// from best (the stand-pat score, or -infinity in check), and the number of
// moves searched.
func (s *Searcher) quiesceMoves(alpha, beta, ply, best int, inCheck bool) (int, int) {
	searched := 0
	pk := &s.pickers[ply]
	pk.start(s, ply)
	if !inCheck {
		pk.noisyOnly()
	}
	for m := pk.nextMove(); m != board.NoMove; m = pk.nextMove() {
		// SEE pruning: a capture that loses material by the static exchange
		// will not raise the score of a quiet position.
		if s.t.QSEEPruning && !inCheck && losesMaterial(s.pos, m) {
			continue
		}
		searched++
		s.makeMove(m, ply)
		score := -s.quiesce(-beta, -alpha, ply+1)
		s.unmakeMove()
		if s.stopped {
			return 0, searched
		}
		best = max(best, score)
		alpha = max(alpha, score)
		// Beta cutoff, as in the main search.
		if s.t.AlphaBeta && score >= beta {
			break
		}
	}
	return best, searched
}
