//book:stage 2

package board

import (
	"fmt"
	"strings"
)

// The attack tables, computed once by init and read-only afterwards. Pawns,
// knights and kings ("leapers") attack the same squares whatever stands in
// between, so one table per piece answers for every position.
var (
	pawnAttacks   [2][64]Bitboard
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	between       [64][64]Bitboard // squares strictly between two squares on a line, else empty
	line          [64][64]Bitboard // the whole line through two squares on a line, else empty
)

// direction is a step on the board, as a file and a rank offset.
type direction struct{ df, dr int }

// The directions the sliders move in.
var (
	rookDirections   = [4]direction{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	bishopDirections = [4]direction{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// step returns the square one step from sq in direction d, and false if that
// leaves the board.
func step(sq Square, d direction) (Square, bool) {
	f, r := int(sq.File())+d.df, int(sq.Rank())+d.dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return NoSquare, false
	}
	return MakeSquare(File(f), Rank(r)), true
}

// leaperAttacks returns the squares one step from sq in each direction.
func leaperAttacks(sq Square, steps []direction) Bitboard {
	var b Bitboard
	for _, d := range steps {
		if to, ok := step(sq, d); ok {
			b |= SquareBB(to)
		}
	}
	return b
}

// slidingAttacks returns the squares a slider on sq attacks along the
// directions dirs, walking each ray square by square up to and including the
// first occupied square. It is slow and obviously right: the magic tables are
// built from it, and the tests check them against it.
func slidingAttacks(sq Square, occ Bitboard, dirs [4]direction) Bitboard {
	var b Bitboard
	for _, d := range dirs {
		for s, ok := step(sq, d); ok; s, ok = step(s, d) {
			b |= SquareBB(s)
			if occ.Has(s) {
				break
			}
		}
	}
	return b
}

// initLeaperAttacks fills the pawn, knight and king tables.
func initLeaperAttacks() {
	knight := []direction{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	king := []direction{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}
	for sq := A1; sq <= H8; sq++ {
		pawnAttacks[White][sq] = leaperAttacks(sq, []direction{{-1, 1}, {1, 1}})
		pawnAttacks[Black][sq] = leaperAttacks(sq, []direction{{-1, -1}, {1, -1}})
		knightAttacks[sq] = leaperAttacks(sq, knight)
		kingAttacks[sq] = leaperAttacks(sq, king)
	}
}

// ray returns the squares from sq (excluded) to the edge of the board in
// direction d.
func ray(sq Square, d direction) Bitboard {
	var b Bitboard
	for s, ok := step(sq, d); ok; s, ok = step(s, d) {
		b |= SquareBB(s)
	}
	return b
}

// initLines fills the between and line tables, walking from every square along
// every direction.
func initLines() {
	for a := A1; a <= H8; a++ {
		for _, d := range append(rookDirections[:], bishopDirections[:]...) {
			full := ray(a, d) | ray(a, direction{-d.df, -d.dr}) | SquareBB(a)
			var walked Bitboard
			for b, ok := step(a, d); ok; b, ok = step(b, d) {
				between[a][b] = walked
				line[a][b] = full
				walked |= SquareBB(b)
			}
		}
	}
}

func init() {
	initLeaperAttacks()
	initLines()
	initMagics()
}

// PawnAttacks returns the squares a pawn of color c on square sq attacks.
func PawnAttacks(c Color, sq Square) Bitboard {
	return pawnAttacks[c][sq]
}

// KnightAttacks returns the squares a knight on square sq attacks.
func KnightAttacks(sq Square) Bitboard {
	return knightAttacks[sq]
}

// KingAttacks returns the squares a king on square sq attacks.
func KingAttacks(sq Square) Bitboard {
	return kingAttacks[sq]
}

// QueenAttacks returns the squares a queen on square sq attacks when the
// squares in occ are occupied.
func QueenAttacks(sq Square, occ Bitboard) Bitboard {
	return BishopAttacks(sq, occ) | RookAttacks(sq, occ)
}

// Between returns the squares strictly between a and b if they share a rank,
// file or diagonal, and the empty set otherwise.
func Between(a, b Square) Bitboard {
	return between[a][b]
}

// Line returns all the squares of the rank, file or diagonal through a and b,
// and the empty set if there is none.
func Line(a, b Square) Bitboard {
	return line[a][b]
}

// AttackersTo returns the squares of the pieces of both colors that attack
// square sq when the squares in occ are occupied.
func (p *Position) AttackersTo(sq Square, occ Bitboard) Bitboard {
	return pawnAttacks[Black][sq]&p.Pieces(White, Pawn) |
		pawnAttacks[White][sq]&p.Pieces(Black, Pawn) |
		knightAttacks[sq]&p.byType[Knight] |
		kingAttacks[sq]&p.byType[King] |
		BishopAttacks(sq, occ)&(p.byType[Bishop]|p.byType[Queen]) |
		RookAttacks(sq, occ)&(p.byType[Rook]|p.byType[Queen])
}

// IsAttacked reports whether any piece of color by attacks square sq.
func (p *Position) IsAttacked(sq Square, by Color) bool {
	return p.AttackersTo(sq, p.Occupied())&p.byColor[by] != 0
}

// attacksFrom returns the squares piece pc attacks from square sq when the
// squares in occ are occupied.
func (p *Position) attacksFrom(pc Piece, sq Square, occ Bitboard) Bitboard {
	switch pc.Type() {
	case Pawn:
		return pawnAttacks[pc.Color()][sq]
	case Knight:
		return knightAttacks[sq]
	case Bishop:
		return BishopAttacks(sq, occ)
	case Rook:
		return RookAttacks(sq, occ)
	case Queen:
		return QueenAttacks(sq, occ)
	case King:
		return kingAttacks[sq]
	}
	return 0
}

// checkMoverNotInCheck returns an error if the side that just moved has
// left its king in check: no legal move does.
func (p *Position) checkMoverNotInCheck() error {
	them := p.side.Other()
	if p.AttackersTo(p.KingSquare(them), p.Occupied())&p.byColor[p.side] != 0 {
		return fmt.Errorf("%s is to move but %s's king is in check", p.side, them)
	}
	return nil
}

// findCheckers finds the pieces giving check to the side to move, the
// attackers of its king that belong to the other side, and keeps them in
// the position.
func (p *Position) findCheckers() {
	p.checkers = p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.byColor[p.side.Other()]
}

// writeCheckers writes the diagram's last line, the squares of the pieces
// giving check, if there are any.
func (p *Position) writeCheckers(sb *strings.Builder) {
	if p.checkers != noSquares {
		sb.WriteString("Checkers:" + squareList(p.checkers) + "\n")
	}
}

// Checkers returns the squares of the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	return p.checkers
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	return p.checkers != 0
}
