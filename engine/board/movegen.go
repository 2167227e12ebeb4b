//book:stage 3

package board

// Move generation is legal, not pseudo-legal: every move generated can be
// played. Before generating, the generator works out two masks that make this
// cheap.
//
//   - The check mask: when the king is in check by one piece, a move other
//     than the king's must capture the checker or step between it and the king.
//     In double check only the king can move.
//   - The pinned pieces: a piece that stands alone between its king and an
//     enemy slider may only move along the line of that pin.
//
// The king itself may go only to squares no enemy piece attacks, tested with
// the king taken off the board so that it cannot hide behind itself from a
// slider. En passant, which removes two pawns from one rank at once, is tested
// by playing it out on the occupancy.

// moveKinds selects which legal moves a generator call produces.
type moveKinds uint8

// The kinds of moves: GenerateNoisy gives noisyMoves, GenerateQuiet quietMoves,
// GenerateMoves both.
const (
	noisyMoves moveKinds = 1 << iota // captures (en passant and promotions included) and queen promotions
	quietMoves                       // every other move: pushes, castling, under-promotions without capture
	allMoves   = noisyMoves | quietMoves
)

// GenerateMoves appends every legal move to l.
func (p *Position) GenerateMoves(l *MoveList) {
	p.generate(l, allMoves)
}

// GenerateNoisy appends the legal moves that change the material: every
// capture (en passant and capturing promotions included) and every queen
// promotion. Together with GenerateQuiet it gives exactly GenerateMoves.
func (p *Position) GenerateNoisy(l *MoveList) {
	p.generate(l, noisyMoves)
}

// GenerateQuiet appends the legal moves GenerateNoisy leaves out: moves to
// empty squares, castling, and under-promotions that capture nothing.
func (p *Position) GenerateQuiet(l *MoveList) {
	p.generate(l, quietMoves)
}

// generator holds what the generation of one position's moves needs to know.
type generator struct {
	p         *Position
	l         *MoveList // where the moves go; nil to count them instead
	count     int       // the number of moves counted when l is nil
	kinds     moveKinds
	us, them  Color
	king      Square   // our king's square
	occ       Bitboard // all pieces
	targets   Bitboard // squares pieces may move to for the kinds asked for
	checkMask Bitboard // squares that answer a single check; all squares when not in check
	pinned    Bitboard // our pieces pinned to our king
}

// CountMoves returns the number of legal moves. It counts the moves of a piece
// as the size of its set of target squares, without writing them out, which
// makes it faster than GenerateMoves: perft counts the last ply with it.
func (p *Position) CountMoves() int {
	return p.generate(nil, allMoves)
}

// generate appends the legal moves of the given kinds to l, or counts them if
// l is nil, and returns the count.
func (p *Position) generate(l *MoveList, kinds moveKinds) int {
	// g is filled in field by field rather than written as one literal: Go
	// would build the literal aside and copy it, and the copy's wide reads
	// of fields just written one by one make the processor wait.
	var g generator
	g.p, g.l, g.kinds = p, l, kinds
	g.us, g.them = p.side, p.side.Other()
	g.occ = p.Occupied()
	g.king = p.KingSquare(g.us)
	g.targets = g.kindTargets()
	if !p.checkers.More() {
		g.checkMask = ^Bitboard(0)
		if p.checkers != 0 {
			g.checkMask = between[g.king][p.checkers.LSB()] | p.checkers
		}
		g.pinned = p.pinned(g.us)
		g.pawnMoves()
		g.pieceMoves()
		g.castlingMoves()
	}
	g.kingMoves()
	return g.count
}

// kindTargets returns the squares pieces other than pawns may move to for the
// kinds of moves asked for: enemy pieces for noisy moves, empty squares for
// quiet ones.
func (g *generator) kindTargets() Bitboard {
	var t Bitboard
	if g.kinds&noisyMoves != 0 {
		t |= g.p.byColor[g.them]
	}
	if g.kinds&quietMoves != 0 {
		t |= ^g.occ
	}
	return t
}

// pinned returns color c's pieces that are pinned to c's king: each stands
// alone between the king and an enemy slider that would attack the king
// without it.
func (p *Position) pinned(c Color) Bitboard {
	king := p.KingSquare(c)
	them := p.byColor[c.Other()]
	snipers := them & (RookAttacks(king, 0)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(king, 0)&(p.byType[Bishop]|p.byType[Queen]))
	occ := p.Occupied()
	var pinned Bitboard
	for snipers != 0 {
		blockers := between[king][snipers.PopLSB()] & occ
		if blockers != 0 && !blockers.More() {
			pinned |= blockers
		}
	}
	return pinned & p.byColor[c]
}

// pieceMoves adds the moves of the knights, bishops, rooks and queens. A
// pinned piece keeps only the moves along its pin line; a pinned knight has
// none.
func (g *generator) pieceMoves() {
	p := g.p
	targets := g.targets & g.checkMask
	for knights := p.Pieces(g.us, Knight) &^ g.pinned; knights != 0; {
		from := knights.PopLSB()
		g.addMoves(from, knightAttacks[from]&targets)
	}
	for diag := (p.byType[Bishop] | p.byType[Queen]) & p.byColor[g.us]; diag != 0; {
		from := diag.PopLSB()
		g.addMoves(from, BishopAttacks(from, g.occ)&targets&g.pinLine(from))
	}
	for straight := (p.byType[Rook] | p.byType[Queen]) & p.byColor[g.us]; straight != 0; {
		from := straight.PopLSB()
		g.addMoves(from, RookAttacks(from, g.occ)&targets&g.pinLine(from))
	}
}

// pinLine returns the squares a piece on from may move to as far as pins are
// concerned: all squares if it is not pinned, else the line through its king.
func (g *generator) pinLine(from Square) Bitboard {
	if g.pinned.Has(from) {
		return line[g.king][from]
	}
	return ^Bitboard(0)
}

// add adds move m.
func (g *generator) add(m Move) {
	if g.l == nil {
		g.count++
		return
	}
	g.l.Add(m)
}

// addMoves adds a normal move from square from to each square of to.
func (g *generator) addMoves(from Square, to Bitboard) {
	if g.l == nil {
		g.count += to.Count()
		return
	}
	for to != 0 {
		g.l.Add(newMove(from, to.PopLSB()))
	}
}

// kingMoves adds the king's moves to squares that no enemy piece attacks.
func (g *generator) kingMoves() {
	p := g.p
	occ := g.occ &^ SquareBB(g.king)
	for to := kingAttacks[g.king] & g.kindTargets(); to != 0; {
		sq := to.PopLSB()
		if !p.attackedBy(sq, g.them, occ) {
			g.add(newMove(g.king, sq))
		}
	}
}

// attackedBy reports whether a piece of color c attacks square sq when the
// squares in occ are occupied.
func (p *Position) attackedBy(sq Square, c Color, occ Bitboard) bool {
	them := p.byColor[c]
	return pawnAttacks[c.Other()][sq]&them&p.byType[Pawn] != 0 ||
		knightAttacks[sq]&them&p.byType[Knight] != 0 ||
		kingAttacks[sq]&them&p.byType[King] != 0 ||
		BishopAttacks(sq, occ)&them&(p.byType[Bishop]|p.byType[Queen]) != 0 ||
		RookAttacks(sq, occ)&them&(p.byType[Rook]|p.byType[Queen]) != 0
}

// castlingMoves adds the castling moves: the king is not in check, the
// squares between king and rook and their destinations are empty, and no
// square the king crosses or ends on is attacked. The attack test removes the
// king and the castling rook, because in Chess960 the rook can shield the
// king's destination from an enemy rook on the same rank.
func (g *generator) castlingMoves() {
	p := g.p
	if g.kinds&quietMoves == 0 || p.checkers != 0 {
		return
	}
	for side := kingside; side <= queenside; side++ {
		i := castlingIndex(g.us, side)
		rook := p.castle.rook[i]
		if p.castling&(1<<i) == 0 || p.castle.paths.empty[i]&g.occ != 0 {
			continue
		}
		occ := g.occ &^ (SquareBB(g.king) | SquareBB(rook))
		if !p.anyAttacked(p.castle.paths.kingPath[i], g.them, occ) {
			g.add(newCastling(g.king, rook))
		}
	}
}

// anyAttacked reports whether a piece of color c attacks any square of set
// when the squares in occ are occupied.
func (p *Position) anyAttacked(set Bitboard, c Color, occ Bitboard) bool {
	for set != 0 {
		if p.attackedBy(set.PopLSB(), c, occ) {
			return true
		}
	}
	return false
}
