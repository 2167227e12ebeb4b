package search

import "cb2026/engine/board"

// The search keeps the line it is on ply by ply: a frame per ply, the PV
// found below each ply, and the moves made on the position.

// pollMask sets how often the search looks at the clock and ctx: every 256
// nodes, well under a millisecond even on a busy machine.
const pollMask = 255

// enterNode counts a node and reports whether the search must stop: at the
// node limit, or when the clock or ctx says so (looked at every 256 nodes).
func (s *Searcher) enterNode(ply int) bool {
	if s.stopped {
		return true
	}
	s.nodes++
	s.traceNode(ply)
	s.pvLen[ply] = 0
	s.selDepth = max(s.selDepth, ply)
	if s.limits.Nodes > 0 && s.nodes >= s.limits.Nodes {
		s.stopped = true
	}
	if s.nodes&pollMask == 0 && (s.clock.hardExpired() || s.ctx.Err() != nil) {
		s.stopped = true
	}
	return s.stopped
}

// makeMove plays m at ply and records it in the ply's frame.
func (s *Searcher) makeMove(m board.Move, ply int) {
	onPV := s.frames[ply].onPV && ply < len(s.prevPV) && s.prevPV[ply] == m
	s.record(ply, s.pos.Moving(m), m.To(), onPV)
	s.pos.MakeMove(m)
	s.prefetch()
}

// unmakeMove takes back the last move.
func (s *Searcher) unmakeMove() {
	s.pos.UnmakeMove()
}

// makeNullMove passes at ply, the null move of null-move pruning, and
// records it in the ply's frame as no piece moved.
func (s *Searcher) makeNullMove(ply int) {
	s.record(ply, board.NoPiece, board.NoSquare, false)
	s.pos.MakeNullMove()
	s.prefetch()
}

// unmakeNullMove takes back the null move.
func (s *Searcher) unmakeNullMove() {
	s.pos.UnmakeNullMove()
}

// record notes the move played at ply, its piece (NoPiece for a null move)
// and destination, and starts the next ply's line: on the previous
// iteration's PV or not, with an empty PV.
func (s *Searcher) record(ply int, pc board.Piece, to board.Square, onPV bool) {
	s.frames[ply].piece, s.frames[ply].to = pc, to
	s.frames[ply+1].onPV = onPV
	s.carryDoubleExtensions(ply)
	s.pvLen[ply+1] = 0
}

// previousPVMove returns the previous iteration's move at ply while the
// search follows that iteration's PV, the move to try first there, and
// whether there is one. With the transposition table the table's move takes
// its place: the table holds the PV's moves too, and those of every other
// node.
func (s *Searcher) previousPVMove(ply int) (board.Move, bool) {
	if !s.t.IterativeDeepening || s.t.TT || !s.frames[ply].onPV || ply >= len(s.prevPV) {
		return board.NoMove, false
	}
	return s.prevPV[ply], true
}

// previous returns the frame of the move played back plies before ply, or an
// empty frame (piece NoPiece) before the root. It points into the searcher,
// rather than copying a frame for the one or two fields the caller reads.
func (s *Searcher) previous(ply, back int) *frame {
	if ply < back {
		return &s.noFrame
	}
	return &s.frames[ply-back]
}

// updatePV makes m followed by the child's PV the PV of ply.
func (s *Searcher) updatePV(ply int, m board.Move) {
	s.pv[ply][0] = m
	n := copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
	s.pvLen[ply] = n + 1
}
