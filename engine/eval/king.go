package eval

import "cb2026/engine/board"

// The king-safety weights of stage 19, hand-set teaching values, middlegame
// only: with the queens off a king is a fighting piece, not a target. The
// scheme is the common one described on the Chess Programming Wiki's "King
// Safety" page: each enemy piece that attacks the king zone adds attack
// units by its type, and the units count for more the more pieces take part
// (one attacker alone is rarely dangerous).
var (
	// attackUnits is what each square of the king zone an enemy piece
	// attacks adds to the danger, by piece type.
	attackUnits = [board.NumPieceTypes]int{board.Knight: 2, board.Bishop: 2, board.Rook: 3, board.Queen: 5}
	// attackUnit is the cost of one attack unit when every attacker counts.
	attackUnit = Weight{-6, 0}
	// shieldNear and shieldFar are the bonuses of a friendly pawn on the
	// king's file or a neighboring file, one or two ranks in front of it.
	shieldNear = Weight{12, 0}
	shieldFar  = Weight{6, 0}
)

// attackerPercent is the share of the attack units that counts, by the
// number of enemy pieces attacking the king zone (capped at the last entry).
var attackerPercent = [...]int{0, 0, 50, 75, 90, 100}

// kingZone returns the squares around c's king and the king's square.
func kingZone(p *board.Position, c board.Color) board.Bitboard {
	k := p.KingSquare(c)
	return board.KingAttacks(k) | board.SquareBB(k)
}

// kingSafety adds the king-safety term for color c's king: the pawn shield
// in front of it and the enemy attack on its zone.
func kingSafety(e *evaluation, p *board.Position, c board.Color) {
	e.add(c, AttackUnit, kingAttack(p, c))
	near, far := shield(p.KingSquare(c), c)
	pawns := p.Pieces(c, board.Pawn)
	e.add(c, ShieldNear, (pawns & near).Count())
	e.add(c, ShieldFar, (pawns & far).Count())
}

// kingAttack returns the attack units of c's opponent on c's king zone,
// scaled by attackerPercent.
func kingAttack(p *board.Position, c board.Color) int {
	zone := kingZone(p, c)
	occ := p.Occupied()
	units, attackers := 0, 0
	for t := board.Knight; t <= board.Queen; t++ {
		for pieces := p.Pieces(c.Other(), t); pieces != 0; {
			hits := (attacks(t, pieces.PopLSB(), occ) & zone).Count()
			if hits > 0 {
				units += attackUnits[t] * hits
				attackers++
			}
		}
	}
	return units * attackerPercent[min(attackers, len(attackerPercent)-1)] / 100
}

// shield returns the squares one and two ranks in front of a king of color c
// on k, on its file and the neighboring files.
func shield(k board.Square, c board.Color) (near, far board.Bitboard) {
	files := board.SquareBB(k)
	files |= files.East() | files.West()
	near = forward(c, files)
	return near, forward(c, near)
}
