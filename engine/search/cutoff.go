package search

import "cb2026/engine/board"

// triedMoves counts the moves a node has searched, quiet and noisy apart.
type triedMoves struct {
	quietCount int
	noisyCount int
	quiets     triedList // the quiet moves themselves, for the histories (tried.go)
	captures   triedList // the captures themselves, for capture history (capthist.go)
}

// add counts a searched move.
func (tm *triedMoves) add(quiet bool) {
	if quiet {
		tm.quietCount++
	} else {
		tm.noisyCount++
	}
}

// clear forgets the counted moves.
func (tm *triedMoves) clear() {
	tm.quietCount, tm.noisyCount = 0, 0
}

// count returns how many moves were counted.
func (tm *triedMoves) count() int {
	return tm.quietCount + tm.noisyCount
}

// onCutoff is called when move m fails high at node n, after the moves in
// tried failed to; quiet says whether m is a quiet move. The switches that
// learn from cutoffs learn from this one.
func (s *Searcher) onCutoff(n *node, m board.Move, quiet bool, tried *triedMoves) {
	s.learned = true
	if s.t.CaptureHistory != CaptureHistoryOff {
		s.teachCaptures(m, tried, historyBonus(n.depth))
	}
	if s.t.Killers && quiet {
		s.addKiller(n.ply, m)
	}
	if s.t.History && quiet {
		// m gets a bonus, the quiet moves tried before it a penalty.
		bonus, us := historyBonus(n.depth), s.pos.SideToMove()
		s.quiet.update(us, m, bonus)
		for _, q := range tried.quietList() {
			s.quiet.update(us, q, -bonus)
		}
	}
	if s.t.ContinuationHistory && quiet {
		bonus := historyBonus(n.depth)
		s.teachContinuation(n.ply, m, bonus)
		for _, q := range tried.quietList() {
			s.teachContinuation(n.ply, q, -bonus)
		}
	}
}

// addKiller makes m the first killer of ply, keeping the old first as the second.
func (s *Searcher) addKiller(ply int, m board.Move) {
	k := &s.frames[ply].killers
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
}

// teachContinuation adds bonus to quiet move m's continuation histories.
func (s *Searcher) teachContinuation(ply int, m board.Move, bonus int) {
	pc, to := s.pos.Moving(m), m.To()
	if prev := s.previous(ply, 1); prev.piece != board.NoPiece {
		s.counter.update(prev.piece, prev.to, pc, to, bonus)
	}
	if prev := s.previous(ply, 2); prev.piece != board.NoPiece {
		s.followUp.update(prev.piece, prev.to, pc, to, bonus)
	}
}

// teachCaptures teaches the capture history at a cutoff by m: m gets the
// bonus if it is a capture or queen promotion, and every capture and queen
// promotion tried before it the penalty, whether m is quiet or not (unless
// the design spares them when m is quiet: CaptureHistoryNoPenalty).
func (s *Searcher) teachCaptures(m board.Move, tried *triedMoves, bonus int) {
	if isNoisy(s.pos, m) {
		s.capture.update(s.pos, m, bonus)
	} else if !s.t.CaptureHistory.quietCutPenalty() {
		return
	}
	for _, c := range tried.captureList() {
		s.capture.update(s.pos, c, -bonus)
	}
}
