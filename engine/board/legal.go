//book:stage 3

package board

// Testing one move for legality answers the question a search asks of a move
// it did not generate here: a move it remembers from elsewhere in the tree,
// stored under a key that another position may share, or one that worked in
// a sibling position. Generating every move to look one up costs what the
// move picker wants to save when that one move cuts off, so IsLegal asks only
// what the generator would ask of that move: the same check mask, the same
// pin lines, the same king and castling tests.

// IsLegal reports whether m is a legal move in p, for any 16-bit m: exactly
// when GenerateMoves would generate it. It generates nothing.
func (p *Position) IsLegal(m Move) bool {
	from, to := m.From(), m.To()
	pc := p.board[from]
	if m == NoMove || pc == NoPiece || pc.Color() != p.side {
		return false
	}
	switch m & kindMask {
	case kindNormal:
		if pc.Type() == King {
			return p.kingMoveLegal(from, to)
		}
		return !p.onLastRank(to, pc) && p.pieceMoveLegal(pc, from, to)
	case kindCastling:
		return pc.Type() == King && p.castlingLegal(to)
	case kindEnPassant:
		return pc.Type() == Pawn && p.enPassantLegal(from, to)
	case kindPromotion, kindPromotion | 1<<12, kindPromotion | 2<<12, kindPromotion | 3<<12:
		return p.onLastRank(to, pc) && p.pieceMoveLegal(pc, from, to)
	}
	return false // a kind no move has
}

// pieceMoveLegal reports whether piece pc, not a king, can make the normal
// move or promotion from one square to another: it reaches the square, and
// our king is safe after it.
func (p *Position) pieceMoveLegal(pc Piece, from, to Square) bool {
	return p.reaches(pc, from, to) && p.keepsKingSafe(from, to)
}

// onLastRank reports whether square sq is on the last rank for pawn pc: the
// rank where a pawn must promote.
func (p *Position) onLastRank(sq Square, pc Piece) bool {
	return pc.Type() == Pawn && RankBB(Rank8.relative(pc.Color())).Has(sq)
}

// reaches reports whether piece pc, other than a king, can move from one
// square to another as a normal move or a promotion, the king's safety
// aside: a pawn by a push to an empty square (two from its start rank, over
// an empty one) or a capture, any other piece to a square it attacks that
// holds no piece of its own.
func (p *Position) reaches(pc Piece, from, to Square) bool {
	us := pc.Color()
	occ := p.Occupied()
	if pc.Type() != Pawn {
		return p.attacksFrom(pc, from, occ).Has(to) && !p.byColor[us].Has(to)
	}
	if pawnAttacks[us][from].Has(to) {
		return p.byColor[us.Other()].Has(to)
	}
	one := forward(SquareBB(from), us) &^ occ
	two := forward(one&RankBB(Rank3.relative(us)), us) &^ occ
	return (one | two).Has(to)
}

// keepsKingSafe reports whether moving our piece from one square to another
// (not the king, not en passant) leaves our king out of check: it answers any
// single check, never a double one, and keeps a pinned piece on its pin line.
func (p *Position) keepsKingSafe(from, to Square) bool {
	king := p.KingSquare(p.side)
	switch {
	case p.checkers.More():
		return false
	case p.checkers != 0 && !(between[king][p.checkers.LSB()] | p.checkers).Has(to):
		return false
	}
	return line[king][from] == 0 || !p.pinned(p.side).Has(from) || line[king][from].Has(to)
}

// kingMoveLegal reports whether our king can step from one square to
// another: a square next to it, free of our pieces, that no enemy piece
// attacks once the king has left its own square.
func (p *Position) kingMoveLegal(from, to Square) bool {
	if !kingAttacks[from].Has(to) || p.byColor[p.side].Has(to) {
		return false
	}
	return !p.attackedBy(to, p.side.Other(), p.Occupied()&^SquareBB(from))
}

// castlingLegal reports whether our king can castle with the rook on square
// rook, by the tests of castlingMoves.
func (p *Position) castlingLegal(rook Square) bool {
	if p.checkers != 0 {
		return false
	}
	for side := kingside; side <= queenside; side++ {
		i := castlingIndex(p.side, side)
		if p.castling&(1<<i) == 0 || p.castle.rook[i] != rook {
			continue
		}
		occ := p.Occupied()
		if p.castle.paths.empty[i]&occ != 0 {
			return false
		}
		occ &^= SquareBB(p.KingSquare(p.side)) | SquareBB(rook)
		return !p.anyAttacked(p.castle.paths.kingPath[i], p.side.Other(), occ)
	}
	return false
}

// enPassantLegal reports whether our pawn on square from can take en passant
// on square to, by the tests of the generator: not in double check, and the
// capture played out on the occupancy leaves our king unattacked.
func (p *Position) enPassantLegal(from, to Square) bool {
	them := p.side.Other()
	if p.ep == NoSquare || to != p.ep || !pawnAttacks[them][to].Has(from) || p.checkers.More() {
		return false
	}
	captured := behind(p.ep, pawnPush(p.side))
	occ := p.Occupied()&^(SquareBB(from)|SquareBB(captured)) | SquareBB(p.ep)
	return p.AttackersTo(p.KingSquare(p.side), occ)&p.byColor[them]&^SquareBB(captured) == 0
}
