//book:stage 19

package eval

import "cb2026/engine/board"

// mobilityWeight is the value of each safe square a piece attacks, by piece
// type: a square not occupied by a friendly piece and not attacked by an
// enemy pawn. These teaching values, and the averages in mobilityBase, are
// the published parameters of Fabien Letouzey's Fruit 2.1 (2005), a classic
// hand-written evaluation (Fruit counts the squares a little differently):
// 4 or 5 centipawns a square for a minor piece, less for the rook and the
// queen, whose many squares matter less each.
var mobilityWeight = [board.NumPieceTypes]Weight{
	board.Knight: {4, 4},
	board.Bishop: {5, 5},
	board.Rook:   {2, 4},
	board.Queen:  {1, 2},
}

// mobilityBase is the number of safe squares a piece of each type has on
// average (Fruit 2.1's values, see mobilityWeight). Mobility counts squares
// above or below it, so the term moves the material values up and down
// rather than shifting them all.
var mobilityBase = [board.NumPieceTypes]int{
	board.Knight: 4,
	board.Bishop: 6,
	board.Rook:   7,
	board.Queen:  13,
}

// attacks returns the squares a knight, bishop, rook or queen on sq attacks
// through the occupancy occ.
func attacks(t board.PieceType, sq board.Square, occ board.Bitboard) board.Bitboard {
	switch t {
	case board.Knight:
		return board.KnightAttacks(sq)
	case board.Bishop:
		return board.BishopAttacks(sq, occ)
	case board.Rook:
		return board.RookAttacks(sq, occ)
	default:
		return board.QueenAttacks(sq, occ)
	}
}

// mobility adds the mobility term for color c.
func mobility(e *evaluation, p *board.Position, c board.Color) {
	safe := ^(p.ByColor(c) | pawnAttacks(c.Other(), p.Pieces(c.Other(), board.Pawn)))
	l := e.pieceAttacks(p, c)
	for i := range l.n {
		t := l.types[i]
		e.add(c, mobilityParam(t), (l.att[i]&safe).Count()-mobilityBase[t])
	}
}

// mobilityParam returns the mobility weight of piece type t, knight to queen.
func mobilityParam(t board.PieceType) Param {
	return Mobility + Param(t-board.Knight)
}
