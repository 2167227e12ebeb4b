//book:stage 3

package board

import "fmt"

// Moving returns the piece that move m moves (the king, for castling).
func (p *Position) Moving(m Move) Piece {
	return p.board[m.From()]
}

// Captured returns the type of the piece move m captures: Pawn for en
// passant, NoPieceType if it captures nothing.
func (p *Position) Captured(m Move) PieceType {
	switch {
	case m.IsEnPassant():
		return Pawn
	case m.IsCastling():
		return NoPieceType
	}
	return p.board[m.To()].Type()
}

// IsCapture reports whether move m captures a piece.
func (p *Position) IsCapture(m Move) bool {
	return p.Captured(m) != NoPieceType
}

// GivesCheck reports whether the legal move m puts the opponent in check,
// directly or by uncovering a slider. Castling, en passant and promotions are
// rare enough to be played out instead.
func (p *Position) GivesCheck(m Move) bool {
	if m.IsCastling() || m.IsEnPassant() || m.IsPromotion() {
		p.MakeMove(m)
		check := p.InCheck()
		p.UnmakeMove()
		return check
	}
	from, to := m.From(), m.To()
	king := p.KingSquare(p.side.Other())
	occ := p.Occupied()&^SquareBB(from) | SquareBB(to)
	if p.attacksFrom(p.board[from], to, occ).Has(king) {
		return true
	}
	ours := p.byColor[p.side] &^ SquareBB(from)
	return ours&(RookAttacks(king, occ)&(p.byType[Rook]|p.byType[Queen])|
		BishopAttacks(king, occ)&(p.byType[Bishop]|p.byType[Queen])) != 0
}

// ParseMove returns the legal move written s in UCI notation, such as "e2e4"
// or "e7e8q". Castling may be written as the king's move ("e1g1") or, as
// UCI does for Chess960, as the king capturing its rook ("e1h1"). It fails if
// s is malformed or names no legal move.
func (p *Position) ParseMove(s string) (Move, error) {
	if len(s) < 4 || len(s) > 5 {
		return NoMove, fmt.Errorf("move %q: want from and to square and an optional promotion letter, such as e2e4 or e7e8q", s)
	}
	if _, err := ParseSquare(s[:2]); err != nil {
		return NoMove, fmt.Errorf("move %q: %w", s, err)
	}
	if _, err := ParseSquare(s[2:4]); err != nil {
		return NoMove, fmt.Errorf("move %q: %w", s, err)
	}
	var l MoveList
	p.GenerateMoves(&l)
	castling := NoMove
	for _, m := range l.Moves() {
		switch {
		case m.IsCastling() && (m.String() == s || m.Chess960String() == s):
			castling = m
		case !m.IsCastling() && m.String() == s:
			return m, nil // a king move beats a castling written the same way in Chess960
		}
	}
	if castling != NoMove {
		return castling, nil
	}
	return NoMove, fmt.Errorf("move %q: not a legal move in %s", s, p.FEN())
}
