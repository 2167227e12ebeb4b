//book:stage 3

package board

// Moves are made and unmade on one Position, rather than copied into a new
// one for every move ("copy-make"). A Position carries its history, for
// repetitions, and its castling rules, several hundred bytes that copy-make
// would copy at every node; MakeMove instead pushes a small undo record of 32
// bytes and UnmakeMove pops it, moving the pieces back. The search and perft
// always unmake in the order they made, so the two stay simple.

// undo is what MakeMove saves so that UnmakeMove can restore the position: the
// move itself and the state that cannot be recomputed from the position after
// the move.
type undo struct {
	move     Move
	captured Piece
	castling castlingRights
	ep       Square
	halfmove int
	key      uint64
	checkers Bitboard
}

// historyCapacity is the number of moves a new Position's history holds before
// it has to grow: enough for any search, so that MakeMove does not allocate.
const historyCapacity = 256

// startHistory gives a new position its empty history, with room for
// historyCapacity moves.
func (p *Position) startHistory() {
	p.history = make([]undo, 0, historyCapacity)
}

// MakeMove plays the legal move m: it moves the pieces, updates the castling
// rights, en-passant square, clocks, Zobrist key and checkers, and records
// what UnmakeMove needs. m must be legal in the position (a move from one of
// the Generate methods or ParseMove); anything else corrupts the position.
func (p *Position) MakeMove(m Move) {
	from, to := m.From(), m.To()
	captured := p.board[to]
	if m.IsCastling() {
		captured = NoPiece
	}
	p.pushUndo(m, captured)
	p.clearEnPassant()
	p.halfmove++
	if p.side == Black {
		p.fullmove++
	}
	switch {
	case m.IsCastling():
		p.doCastling(from, to)
	case m.IsEnPassant():
		p.removePiece(behind(to, pawnPush(p.side)))
		p.movePiece(from, to)
		p.halfmove = 0
	default:
		p.makeNormal(m, captured)
	}
	p.updateCastlingRights(from, to)
	p.side = p.side.Other()
	p.key ^= zobristSide
	p.checkers = p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.byColor[p.side.Other()]
}

// pushUndo appends the record of move m, which captures captured, to the
// history, with the state the move is about to change. It fills the record
// in place, field by field, rather than appending one literal: Go would
// build the literal aside and copy it with wide reads of fields just
// written one by one, which make the processor wait.
func (p *Position) pushUndo(m Move, captured Piece) {
	p.history = append(p.history, undo{})
	u := &p.history[len(p.history)-1]
	u.move, u.captured = m, captured
	u.castling, u.ep, u.halfmove = p.castling, p.ep, p.halfmove
	u.key, u.checkers = p.key, p.checkers
}

// clearEnPassant removes the en-passant square, and its file from the key if
// it was there.
func (p *Position) clearEnPassant() {
	if p.ep == NoSquare {
		return
	}
	if p.epCapturable() {
		p.key ^= zobristEnPassant[p.ep.File()]
	}
	p.ep = NoSquare
}

// makeNormal plays a move that is neither castling nor en passant: a capture
// if captured is a piece, a promotion, or a plain move.
func (p *Position) makeNormal(m Move, captured Piece) {
	from, to := m.From(), m.To()
	if captured != NoPiece {
		p.removePiece(to)
		p.halfmove = 0
	}
	p.movePiece(from, to)
	if p.board[to].Type() != Pawn {
		return
	}
	p.halfmove = 0
	switch {
	case m.IsPromotion():
		p.removePiece(to)
		p.putPiece(MakePiece(p.side, m.Promotion()), to)
	case to^from == 16:
		p.setEnPassant(from, to)
	}
}

// setEnPassant records the square a pawn skipped with its double step from
// from to to, if an enemy pawn could capture there: otherwise the square
// changes nothing, and leaving it out keeps the key equal to that of the same
// position reached another way.
func (p *Position) setEnPassant(from, to Square) {
	skipped := (from + to) / 2
	if pawnAttacks[p.side][skipped]&p.Pieces(p.side.Other(), Pawn) == 0 {
		return
	}
	p.ep = skipped
	p.key ^= zobristEnPassant[skipped.File()]
}

// doCastling moves the king from square king and the rook from square rook to
// their squares after castling. Both are lifted off the board first, because
// in Chess960 either may land where the other stood.
func (p *Position) doCastling(king, rook Square) {
	kingTo, rookTo := newCastling(king, rook).castlingTargets()
	k, r := p.board[king], p.board[rook]
	p.removePiece(king)
	p.removePiece(rook)
	p.putPiece(k, kingTo)
	p.putPiece(r, rookTo)
}

// updateCastlingRights removes the rights lost by a move from one square to
// another: a king that moves loses both, a rook that moves or is captured
// loses its own.
func (p *Position) updateCastlingRights(from, to Square) {
	lost := (p.castle.paths.lost[from] | p.castle.paths.lost[to]) & p.castling
	if lost == 0 {
		return
	}
	p.key ^= zobristCastling[p.castling]
	p.castling &^= lost
	p.key ^= zobristCastling[p.castling]
}

// UnmakeMove takes back the last move made with MakeMove, restoring the
// position exactly as it was.
func (p *Position) UnmakeMove() {
	u := &p.history[len(p.history)-1]
	m := u.move
	p.side = p.side.Other()
	from, to := m.From(), m.To()
	switch {
	case m.IsCastling():
		p.undoCastling(from, to)
	case m.IsEnPassant():
		p.movePiece(to, from)
		p.putPiece(MakePiece(p.side.Other(), Pawn), behind(to, pawnPush(p.side)))
	default:
		if m.IsPromotion() {
			p.removePiece(to)
			p.putPiece(MakePiece(p.side, Pawn), to)
		}
		p.movePiece(to, from)
		if u.captured != NoPiece {
			p.putPiece(u.captured, to)
		}
	}
	if p.side == Black {
		p.fullmove--
	}
	p.castling, p.ep, p.halfmove, p.key, p.checkers = u.castling, u.ep, u.halfmove, u.key, u.checkers
	p.history = p.history[:len(p.history)-1]
}

// undoCastling puts the king and the rook of a castling move back on their
// squares king and rook.
func (p *Position) undoCastling(king, rook Square) {
	kingTo, rookTo := newCastling(king, rook).castlingTargets()
	k, r := p.board[kingTo], p.board[rookTo]
	p.removePiece(kingTo)
	p.removePiece(rookTo)
	p.putPiece(k, king)
	p.putPiece(r, rook)
}

// MakeNullMove passes the turn to the other side without moving, for the
// null-move pruning of the search. It must not be called when in check.
func (p *Position) MakeNullMove() {
	p.pushUndo(NoMove, NoPiece)
	p.clearEnPassant()
	p.halfmove++
	if p.side == Black {
		p.fullmove++
	}
	p.side = p.side.Other()
	p.key ^= zobristSide
	p.checkers = 0
}

// UnmakeNullMove takes back the null move made last.
func (p *Position) UnmakeNullMove() {
	u := &p.history[len(p.history)-1]
	p.side = p.side.Other()
	if p.side == Black {
		p.fullmove--
	}
	p.castling, p.ep, p.halfmove, p.key, p.checkers = u.castling, u.ep, u.halfmove, u.key, u.checkers
	p.history = p.history[:len(p.history)-1]
}

// Clone returns a deep copy of the position, history included.
func (p *Position) Clone() *Position {
	c := *p
	c.history = make([]undo, len(p.history), max(cap(p.history), historyCapacity))
	copy(c.history, p.history)
	return &c
}

// Ply returns the number of moves (null moves included) made since the
// position was set up from its FEN.
func (p *Position) Ply() int {
	return len(p.history)
}

// LastMove returns the last move made, NoMove if none (or a null move).
func (p *Position) LastMove() Move {
	if len(p.history) == 0 {
		return NoMove
	}
	return p.history[len(p.history)-1].move
}
