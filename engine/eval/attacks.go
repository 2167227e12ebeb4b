//book:stage 19

package eval

import "cb2026/engine/board"

// maxPieces bounds the knights, bishops, rooks and queens of one color: the
// seven of the starting position and eight promoted pawns.
const maxPieces = 15

// A pieceList is the squares each knight, bishop, rook and queen of one
// color attacks, in the order mobility and king safety visit them (by type,
// knight to queen, then by square), the squares each piece type of that
// color attacks, pawn to king, and the squares any of its pieces attack.
// An evaluation computes it once a color, for the first term that asks
// (pieceAttacks), and the others read it.
type pieceList struct {
	n     int
	types [maxPieces]board.PieceType
	att   [maxPieces]board.Bitboard
	by    [board.NumPieceTypes]board.Bitboard
	all   board.Bitboard
}

// pieceAttacks returns the attacks of c's pieces, computing them on the
// first call of the evaluation. It is small enough for the compiler to
// write out where it is called, so that the calls after the first cost a
// test and no call.
func (e *evaluation) pieceAttacks(p *board.Position, c board.Color) *pieceList {
	if !e.listed[c] {
		e.listPieces(p, c)
	}
	return &e.pieces[c]
}

// listPieces computes c's pieceList.
func (e *evaluation) listPieces(p *board.Position, c board.Color) {
	l := &e.pieces[c]
	occ := p.Occupied()
	for t := board.Knight; t <= board.Queen; t++ {
		for pieces := p.Pieces(c, t); pieces != 0; {
			a := attacks(t, pieces.PopLSB(), occ)
			l.types[l.n], l.att[l.n] = t, a
			l.by[t] |= a
			l.n++
		}
	}
	l.by[board.Pawn] = pawnAttacks(c, p.Pieces(c, board.Pawn))
	l.by[board.King] = board.KingAttacks(p.KingSquare(c))
	var all board.Bitboard
	for _, b := range l.by {
		all |= b
	}
	l.all = all
	e.listed[c] = true
}
