package eval

import "cb2026/engine/board"

// maxPieces bounds the knights, bishops, rooks and queens of one color: the
// seven of the starting position and eight promoted pawns.
const maxPieces = 15

// A pieceList is the squares each knight, bishop, rook and queen of one
// color attacks, in the order mobility and king safety visit them (by type,
// knight to queen, then by square), and the squares each piece type of that
// color attacks, pawn to king. An evaluation computes it once a color, for
// the first term that asks (pieceAttacks), and the others read it.
type pieceList struct {
	n     int
	types [maxPieces]board.PieceType
	att   [maxPieces]board.Bitboard
	by    [board.NumPieceTypes]board.Bitboard
}

// pieceAttacks returns the attacks of c's pieces, computing them on the
// first call of the evaluation.
func (e *evaluation) pieceAttacks(p *board.Position, c board.Color) *pieceList {
	l := &e.pieces[c]
	if e.listed[c] {
		return l
	}
	occ := p.Occupied()
	for t := board.Knight; t <= board.Queen; t++ {
		for pieces := p.Pieces(c, t); pieces != 0; {
			l.types[l.n] = t
			l.att[l.n] = attacks(t, pieces.PopLSB(), occ)
			l.by[t] |= l.att[l.n]
			l.n++
		}
	}
	l.by[board.Pawn] = pawnAttacks(c, p.Pieces(c, board.Pawn))
	l.by[board.King] = board.KingAttacks(p.KingSquare(c))
	e.listed[c] = true
	return l
}

// attackedBy returns the squares c's pieces of types first to last attack.
func (e *evaluation) attackedBy(p *board.Position, c board.Color, first, last board.PieceType) board.Bitboard {
	l := e.pieceAttacks(p, c)
	var a board.Bitboard
	for t := first; t <= last; t++ {
		a |= l.by[t]
	}
	return a
}
