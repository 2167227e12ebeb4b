//book:stage 3

package board

// Pawns are generated set-wise: shifting the bitboard of all pawns one rank
// forward gives every single push at once, and shifting it diagonally every
// capture. Only a pinned pawn is generated on its own, with its pin line as an
// extra mask.

// pawnPush returns the square offset of a pawn push for color c: +8 for White,
// -8 for Black.
func pawnPush(c Color) int {
	if c == White {
		return 8
	}
	return -8
}

// behind returns the square offset squares before sq: the square a pawn came
// from when it moved offset squares to sq.
func behind(sq Square, offset int) Square {
	return Square(int(sq) - offset)
}

// forward returns the set b moved one rank toward color c's opponent.
func forward(b Bitboard, c Color) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

// pawnMoves adds the moves of the pawns: pushes, captures, promotions and en
// passant.
func (g *generator) pawnMoves() {
	pawns := g.p.Pieces(g.us, Pawn)
	g.pawnPushes(pawns&^g.pinned, g.checkMask)
	g.pawnCaptures(pawns&^g.pinned, g.checkMask)
	for pinned := pawns & g.pinned; pinned != 0; {
		from := pinned.PopLSB()
		allowed := g.checkMask & line[g.king][from]
		g.pawnPushes(SquareBB(from), allowed)
		g.pawnCaptures(SquareBB(from), allowed)
	}
	g.enPassant()
}

// pawnPushes adds the single and double pushes of pawns to squares in
// allowed, promoting on the last rank.
func (g *generator) pawnPushes(pawns, allowed Bitboard) {
	push := pawnPush(g.us)
	empty := ^g.occ
	one := forward(pawns, g.us) & empty
	two := forward(one&RankBB(Rank3.relative(g.us)), g.us) & empty & allowed
	one &= allowed
	last := RankBB(Rank8.relative(g.us))
	if g.kinds&quietMoves != 0 {
		g.addPawnMoves(one&^last, push)
		g.addPawnMoves(two, 2*push)
	}
	for promotions := one & last; promotions != 0; {
		to := promotions.PopLSB()
		g.addPromotions(behind(to, push), to, false)
	}
}

// pawnCaptures adds the captures of pawns to squares in allowed, promoting on
// the last rank.
func (g *generator) pawnCaptures(pawns, allowed Bitboard) {
	if g.kinds&noisyMoves == 0 {
		return
	}
	push := pawnPush(g.us)
	victims := g.p.byColor[g.them] & allowed
	last := RankBB(Rank8.relative(g.us))
	west := forward(pawns.West(), g.us) & victims // toward the a file
	east := forward(pawns.East(), g.us) & victims // toward the h file
	g.addPawnMoves(west&^last, push-1)
	g.addPawnMoves(east&^last, push+1)
	for promotions := west & last; promotions != 0; {
		to := promotions.PopLSB()
		g.addPromotions(behind(to, push-1), to, true)
	}
	for promotions := east & last; promotions != 0; {
		to := promotions.PopLSB()
		g.addPromotions(behind(to, push+1), to, true)
	}
}

// addPawnMoves adds a move to each square of to from the square offset
// behind it.
func (g *generator) addPawnMoves(to Bitboard, offset int) {
	if g.l == nil {
		g.count += to.Count()
		return
	}
	for to != 0 {
		sq := to.PopLSB()
		g.l.Add(newMove(behind(sq, offset), sq))
	}
}

// addPromotions adds the promotions of a pawn moving from one square to
// another that the kinds asked for: to a queen for noisy moves; to a rook,
// bishop or knight for quiet ones, or for noisy ones if the move captures.
func (g *generator) addPromotions(from, to Square, capture bool) {
	if g.kinds&noisyMoves != 0 {
		g.add(newPromotion(from, to, Queen))
	}
	if capture && g.kinds&noisyMoves != 0 || !capture && g.kinds&quietMoves != 0 {
		g.add(newPromotion(from, to, Rook))
		g.add(newPromotion(from, to, Bishop))
		g.add(newPromotion(from, to, Knight))
	}
}

// enPassant adds the legal en-passant captures. Each is played out on the
// occupancy to see whether it leaves the king attacked: besides the usual pins
// and checks, taking two pawns off one rank can open it to an enemy rook, and
// the capture can answer a check by the pawn that just moved.
func (g *generator) enPassant() {
	p := g.p
	if p.ep == NoSquare || g.kinds&noisyMoves == 0 {
		return
	}
	captured := behind(p.ep, pawnPush(g.us))
	for from := pawnAttacks[g.them][p.ep] & p.Pieces(g.us, Pawn); from != 0; {
		sq := from.PopLSB()
		occ := g.occ&^(SquareBB(sq)|SquareBB(captured)) | SquareBB(p.ep)
		if p.AttackersTo(g.king, occ)&p.byColor[g.them]&^SquareBB(captured) == 0 {
			g.add(newEnPassant(sq, p.ep))
		}
	}
}
