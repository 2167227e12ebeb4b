package search

import "cb2026/engine/board"

// isNoisy reports whether m is a capture or a queen promotion: a move that
// changes the material, which the move picker orders with the captures.
// Every other move, under-promotions included, is quiet.
func isNoisy(p *board.Position, m board.Move) bool {
	return p.IsCapture(m) || m.Promotion() == board.Queen
}

// mvvLva returns the MVV-LVA key of a capture or queen promotion: most
// valuable victim first, then least valuable attacker, with the piece types'
// ranks (pawn 1 … king 6):
//
//	key = 8 × victim − attacker
//
// A queen promotion adds 8 × (queen − pawn), as if it captured the queen it
// makes for the pawn it loses: a quiet queen promotion orders with PxR.
func mvvLva(p *board.Position, m board.Move) int {
	key := 8*int(p.Captured(m)) - int(p.Moving(m).Type())
	if m.Promotion() == board.Queen {
		key += 8 * int(board.Queen-board.Pawn)
	}
	return key
}

// quietScore orders a quiet move by what the search has learned of it: zero,
// and so generation order, while it learns nothing.
func (s *Searcher) quietScore(m board.Move, ply int) int {
	score := 0
	if s.t.History {
		score += s.quiet.get(s.pos.SideToMove(), m)
	}
	if s.t.ContinuationHistory {
		// The continuation histories of the moves one and two plies before.
		pc, to := s.pos.Moving(m), m.To()
		if prev := s.previous(ply, 1); prev.piece != board.NoPiece {
			score += s.counter.get(prev.piece, prev.to, pc, to)
		}
		if prev := s.previous(ply, 2); prev.piece != board.NoPiece {
			score += s.followUp.get(prev.piece, prev.to, pc, to)
		}
	}
	return score
}
