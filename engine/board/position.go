package board

// Position is a chess position: where the pieces stand and the rest of what
// a FEN says, whose move it is, the castling rights, the en-passant square
// and the two clocks.
//
// The pieces are kept twice: as a board of 64 squares, to answer "what is on
// e4?" at once, and as bitboards by piece type and by color, to answer "where
// are White's knights?" at once. Pieces are only ever placed, taken off and
// moved by three small methods that keep both in step.
type Position struct {
	// Piece placement.
	board   [64]Piece
	byType  [NumPieceTypes]Bitboard // byType[NoPieceType] is unused
	byColor [2]Bitboard

	// The rest of the FEN, and the key that hashes the whole position.
	side     Color
	castling castlingRights
	ep       Square
	halfmove int
	fullmove int
	key      uint64
	checkers Bitboard //book:stage 2

	// The castling rules of this game, fixed by the FEN.
	castle castlingRules

	// history holds one record per move made since the FEN, oldest first,
	// so that moves can be unmade and repetitions found.
	history []undo

	// An evaluation's table of values, and its sum over the pieces, kept
	// up to date once an evaluation asks for it (values.go).
	values   *SquareValues
	valueSum [2]int
}

// StartFEN is the FEN of the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// NewPosition returns the standard starting position.
func NewPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("board: the start position does not parse: " + err.Error())
	}
	return p
}

// SideToMove returns the color whose turn it is.
func (p *Position) SideToMove() Color {
	return p.side
}

// PieceOn returns the piece on square sq, NoPiece if it is empty.
func (p *Position) PieceOn(sq Square) Piece {
	return p.board[sq]
}

// Pieces returns the squares of color c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard {
	return p.byColor[c] & p.byType[t]
}

// ByColor returns the squares of all of color c's pieces.
func (p *Position) ByColor(c Color) Bitboard {
	return p.byColor[c]
}

// ByType returns the squares of both colors' pieces of type t.
func (p *Position) ByType(t PieceType) Bitboard {
	return p.byType[t]
}

// Occupied returns the squares of all pieces.
func (p *Position) Occupied() Bitboard {
	return p.byColor[White] | p.byColor[Black]
}

// KingSquare returns the square of color c's king.
func (p *Position) KingSquare(c Color) Square {
	return p.Pieces(c, King).LSB()
}

// EnPassant returns the square a pawn may capture en passant on, NoSquare if
// none: the square a pawn skipped over with a double step on the last move.
func (p *Position) EnPassant() Square {
	return p.ep
}

// HalfmoveClock returns the number of plies since the last capture or pawn
// move, for the fifty-move rule.
func (p *Position) HalfmoveClock() int {
	return p.halfmove
}

// FullmoveNumber returns the number of the current move, starting at 1 and
// increasing after each of Black's moves.
func (p *Position) FullmoveNumber() int {
	return p.fullmove
}

// Key returns the position's Zobrist key, a 64-bit hash of the placement, side
// to move, castling rights and en-passant square, updated by every move.
func (p *Position) Key() uint64 {
	return p.key
}

// putPiece places piece pc on the empty square sq. Like removePiece and
// movePiece, it keeps the board, the bitboards and the Zobrist key in step.
func (p *Position) putPiece(pc Piece, sq Square) {
	bb := SquareBB(sq)
	p.key ^= zobristPiece[pc][sq]
	p.board[sq] = pc
	p.byType[pc.Type()] |= bb
	p.byColor[pc.Color()] |= bb
	p.addValue(pc, sq)
}

// removePiece removes the piece on square sq.
func (p *Position) removePiece(sq Square) {
	pc := p.board[sq]
	bb := SquareBB(sq)
	p.key ^= zobristPiece[pc][sq]
	p.board[sq] = NoPiece
	p.byType[pc.Type()] &^= bb
	p.byColor[pc.Color()] &^= bb
	p.subtractValue(pc, sq)
}

// movePiece moves the piece on square from to the empty square to.
func (p *Position) movePiece(from, to Square) {
	pc := p.board[from]
	bb := SquareBB(from) | SquareBB(to)
	p.key ^= zobristPiece[pc][from] ^ zobristPiece[pc][to]
	p.board[from] = NoPiece
	p.board[to] = pc
	p.byType[pc.Type()] ^= bb
	p.byColor[pc.Color()] ^= bb
	p.subtractValue(pc, from)
	p.addValue(pc, to)
}
