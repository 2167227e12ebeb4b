//book:stage 19

package eval

import "cb2026/engine/board"

// The king-safety weights of stage 19, hand-set teaching values, middlegame
// mostly: with the queens off a king is a fighting piece, not a target. The
// scheme is the one the Chess Programming Wiki's "King Safety" page
// describes and classic engines refined (Fruit's attacker weights, the king
// danger of Stockfish's classical evaluation, Ethereal's safe checks): the
// enemy's attack on the king is summed as danger units — each attacker by
// its type, times the number of attackers, so that one piece alone is rarely
// dangerous; each attacked square of the king zone; each weak square there;
// each kind of piece that has a safe check — and the units cost the square
// of their sum, so that the danger grows faster than the attack. Beside
// it, the pawns: the shield in front of the king, files without a pawn of
// its own beside it, and enemy pawns storming toward it.
var (
	// kingDanger is the cost of one unit of dangerCoefficient, the squared
	// danger: the only king-attack weight the tuner fits. The hand-set
	// values of this file were chosen by the Texel loss of tools/tune's
	// self-play data and checked in games (tools/match/results/kingsafety-*).
	kingDanger = Weight{-6, -1}
	// shieldNear and shieldFar are the bonuses of a friendly pawn on the
	// king's file or a neighboring file, one or two ranks in front of it.
	shieldNear = Weight{6, 0}
	shieldFar  = Weight{3, 0}
	// kingOpenFile and kingSemiOpenFile are paid for each file at or beside
	// the king with no pawn at all, or with enemy pawns only: a road for
	// the enemy's rooks and queen.
	kingOpenFile     = Weight{-8, 0}
	kingSemiOpenFile = Weight{-6, 0}
	// pawnStorm is paid for the most advanced enemy pawn on each file at or
	// beside the king, by its rank counted from the king's side: a pawn on
	// the third rank opens lines with its next capture.
	pawnStorm = [8]Weight{{0, 0}, {0, 0}, {-10, 0}, {-5, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}}
)

// The danger units, hand-set shape rather than weights: the tuner, which
// fits weights that count linearly, sees their sum through
// dangerCoefficient and scales it with kingDanger alone.
var (
	// attackerUnits is what each enemy piece attacking the king zone adds
	// to the danger, by type, before it is multiplied by the number of
	// attackers.
	attackerUnits = [board.NumPieceTypes]int{board.Knight: 2, board.Bishop: 2, board.Rook: 3, board.Queen: 5}
	// safeCheckUnits is added once for each piece type that can give a
	// check from a square the king's side does not control.
	safeCheckUnits = [board.NumPieceTypes]int{board.Knight: 5, board.Bishop: 4, board.Rook: 6, board.Queen: 6}
)

// Danger units of the attacked and weak king-zone squares, the discount
// without a queen, and the cap and scale of the squared danger.
const (
	zoneHitUnits  = 1  // each attack on a square of the king zone
	weakUnits     = 2  // each zone square attacked and defended by king or queen only
	noQueenUnits  = 40 // taken off when the attacker has no queen
	dangerCap     = 50 // the danger above which the cost stops growing
	dangerDivisor = 64 // dangerCoefficient is danger² over this
)

// kingZone returns the squares around c's king, the king's square, and the
// three squares in front of the ones ahead of the king.
func kingZone(p *board.Position, c board.Color) board.Bitboard {
	k := p.KingSquare(c)
	zone := board.KingAttacks(k) | board.SquareBB(k)
	return zone | forward(c, zone)
}

// kingSafety adds the king-safety term for color c's king: the enemy's
// attack on it, the pawn shield in front of it, the open files and the
// pawn storm beside it.
func kingSafety(e *evaluation, p *board.Position, c board.Color) {
	e.add(c, KingDanger, dangerCoefficient(kingAttack(e, p, c)))
	near, far := shield(p.KingSquare(c), c)
	pawns := p.Pieces(c, board.Pawn)
	e.add(c, ShieldNear, (pawns & near).Count())
	e.add(c, ShieldFar, (pawns & far).Count())
	kingFiles(e, p, c)
}

// dangerCoefficient returns the traced coefficient of KingDanger for a
// danger of the given units: danger², capped, over dangerDivisor.
func dangerCoefficient(danger int) int {
	d := min(max(danger, 0), dangerCap)
	return d * d / dangerDivisor
}

// kingAttack returns the danger units of c's opponent against c's king.
// The king's defenders are looked at only when the opponent attacks the
// zone or has a check to give: most kings, most of the time, are not
// attacked at all.
func kingAttack(e *evaluation, p *board.Position, c board.Color) int {
	zone := kingZone(p, c)
	a := zoneAttack(e, p, c.Other(), zone)
	danger := a.units*a.attackers + zoneHitUnits*a.hits
	enemy := e.pieceAttacks(p, c.Other())
	checks, anyCheck := checkSquares(p, c, &enemy.by)
	attacked := enemy.by[board.Knight] | enemy.by[board.Bishop] |
		enemy.by[board.Rook] | enemy.by[board.Queen]
	if attacked&zone != 0 || anyCheck {
		own := e.pieceAttacks(p, c)
		defended := own.by[board.Pawn] | own.by[board.Knight] |
			own.by[board.Bishop] | own.by[board.Rook]
		danger += weakUnits * (attacked & zone &^ defended).Count()
		danger += safeChecks(&checks, own.all)
	}
	if p.Pieces(c.Other(), board.Queen) == 0 {
		danger -= noQueenUnits
	}
	return danger
}

// An attack is what one side's knights, bishops, rooks and queens do to the
// other's king zone: of the pieces that reach it, their attackerUnits, their
// number and the zone squares they hit, counted once a piece.
type attack struct {
	units, attackers, hits int
}

// zoneAttack returns the attack of side's pieces on zone.
func zoneAttack(e *evaluation, p *board.Position, side board.Color, zone board.Bitboard) attack {
	var a attack
	l := e.pieceAttacks(p, side)
	for i := range l.n {
		t, b := l.types[i], l.att[i]
		if b&zone != 0 {
			a.units += attackerUnits[t]
			a.attackers++
			a.hits += (b & zone).Count()
		}
	}
	return a
}

// checkSquares returns, by piece type, the squares from which a piece of
// c's opponent would give check, that such a piece attacks (by holds the
// opponent's attacks by type) and that hold none of the opponent's pieces;
// and whether there is any.
func checkSquares(p *board.Position, c board.Color, by *[board.NumPieceTypes]board.Bitboard) ([board.NumPieceTypes]board.Bitboard, bool) {
	k := p.KingSquare(c)
	occ := p.Occupied()
	diagonal, straight := board.BishopAttacks(k, occ), board.RookAttacks(k, occ)
	checks := [board.NumPieceTypes]board.Bitboard{
		board.Knight: board.KnightAttacks(k) & by[board.Knight],
		board.Bishop: diagonal & by[board.Bishop],
		board.Rook:   straight & by[board.Rook],
		board.Queen:  (diagonal | straight) & by[board.Queen],
	}
	var all board.Bitboard
	for t := board.Knight; t <= board.Queen; t++ {
		checks[t] &^= p.ByColor(c.Other())
		all |= checks[t]
	}
	return checks, all != 0
}

// safeChecks returns the danger units of the checks among checks that come
// from squares c's side does not control: safeCheckUnits for each piece type
// that has one.
func safeChecks(checks *[board.NumPieceTypes]board.Bitboard, controlled board.Bitboard) int {
	units := 0
	for t := board.Knight; t <= board.Queen; t++ {
		if checks[t]&^controlled != 0 {
			units += safeCheckUnits[t]
		}
	}
	return units
}

// kingFiles adds the open files and the pawn storm at and beside c's king.
func kingFiles(e *evaluation, p *board.Position, c board.Color) {
	own := p.Pieces(c, board.Pawn)
	enemy := p.Pieces(c.Other(), board.Pawn)
	kf := int(p.KingSquare(c).File())
	for f := max(kf-1, 0); f <= min(kf+1, 7); f++ {
		file := board.FileBB(board.File(f))
		switch {
		case file&(own|enemy) == 0:
			e.add(c, KingOpenFile, 1)
		case file&own == 0:
			e.add(c, KingSemiOpenFile, 1)
		}
		if storm := file & enemy; storm != 0 {
			e.add(c, PawnStorm+Param(relativeRank(c, nearest(c, storm))), 1)
		}
	}
}

// nearest returns the square of b nearest to c's first rank.
func nearest(c board.Color, b board.Bitboard) board.Square {
	if c == board.White {
		return b.LSB()
	}
	return b.MSB()
}

// shield returns the squares one and two ranks in front of a king of color c
// on k, on its file and the neighboring files.
func shield(k board.Square, c board.Color) (near, far board.Bitboard) {
	files := board.SquareBB(k)
	files |= files.East() | files.West()
	near = forward(c, files)
	return near, forward(c, near)
}

// KingDangerCost returns what the hand-set weights charge a king for an
// attack of the given danger units, middlegame and endgame: kingDanger
// times dangerCoefficient. For the console's kingdanger command.
func KingDangerCost(units int) [2]int {
	w, n := hand.w[KingDanger], dangerCoefficient(units)
	return [2]int{w[mg] * n, w[eg] * n}
}

// KingZoneHits returns c's king zone in p and, square by square, how many of
// the opponent's knights, bishops, rooks and queens attack it: the hits
// kingAttack counts. For the console's kingzone command.
func KingZoneHits(p *board.Position, c board.Color) (board.Bitboard, [64]int) {
	var e evaluation
	zone := kingZone(p, c)
	var hits [64]int
	l := e.pieceAttacks(p, c.Other())
	for i := range l.n {
		for b := l.att[i] & zone; b != 0; {
			hits[b.PopLSB()]++
		}
	}
	return zone, hits
}
