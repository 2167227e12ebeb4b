//book:stage 3

package board

// Move is a move in 16 bits: the from square in bits 0–5, the to square in
// bits 6–11 and a kind in bits 12–15 (normal, castling, en passant, or a
// promotion with its piece). A castling move is encoded as the king moving to
// its own rook's square, which names the castling unambiguously in standard
// chess and in Chess960 alike.
type Move uint16

// NoMove is the zero Move, which stands for "no move".
const NoMove Move = 0

// The move kinds, in bits 12–15. A promotion has bit 14 set and the promoted
// piece type, minus Knight, in bits 12–13.
const (
	kindNormal    = 0
	kindCastling  = 1 << 12
	kindEnPassant = 2 << 12
	kindPromotion = 4 << 12
	kindMask      = 0xF << 12
)

// newMove returns the normal move from one square to another.
func newMove(from, to Square) Move {
	return Move(from) | Move(to)<<6
}

// newPromotion returns the pawn move from one square to another that promotes
// to piece type t.
func newPromotion(from, to Square, t PieceType) Move {
	return Move(from) | Move(to)<<6 | kindPromotion | Move(t-Knight)<<12
}

// newCastling returns the castling move of the king on square king with the
// rook on square rook.
func newCastling(king, rook Square) Move {
	return Move(king) | Move(rook)<<6 | kindCastling
}

// newEnPassant returns the en-passant capture from one square to another.
func newEnPassant(from, to Square) Move {
	return Move(from) | Move(to)<<6 | kindEnPassant
}

// From returns the square the move starts on (the king's square for castling).
func (m Move) From() Square {
	return Square(m & 63)
}

// To returns the square the move ends on: for castling, the rook's square.
func (m Move) To() Square {
	return Square(m >> 6 & 63)
}

// IsPromotion reports whether the move promotes a pawn.
func (m Move) IsPromotion() bool {
	return m&kindPromotion != 0
}

// Promotion returns the piece type a promotion promotes to, NoPieceType for
// other moves.
func (m Move) Promotion() PieceType {
	if !m.IsPromotion() {
		return NoPieceType
	}
	return Knight + PieceType(m>>12&3)
}

// IsCastling reports whether the move is a castling move.
func (m Move) IsCastling() bool {
	return m&kindMask == kindCastling
}

// IsEnPassant reports whether the move is an en-passant capture.
func (m Move) IsEnPassant() bool {
	return m&kindMask == kindEnPassant
}

// castlingTargets returns the squares the king and the rook of a castling
// move end on: the g and f files for castling toward the h file, the c and d
// files for castling toward the a file, on the king's rank.
func (m Move) castlingTargets() (king, rook Square) {
	rank := m.From().Rank()
	if m.To() > m.From() {
		return MakeSquare(FileG, rank), MakeSquare(FileF, rank)
	}
	return MakeSquare(FileC, rank), MakeSquare(FileD, rank)
}

// String returns the move in UCI notation: from and to square, plus the
// promotion piece, such as "e2e4" or "e7e8q"; castling is written as the king's
// move, "e1g1". NoMove is "0000".
func (m Move) String() string {
	if m.IsCastling() {
		king, _ := m.castlingTargets()
		return m.From().String() + king.String()
	}
	return m.Chess960String()
}

// Chess960String returns the move in the notation UCI uses for Chess960, which
// differs from String only for castling: it is written as the king capturing
// its own rook, "e1h1".
func (m Move) Chess960String() string {
	if m == NoMove {
		return "0000"
	}
	return m.From().String() + m.To().String() + m.Promotion().String()
}

// MaxMoves is the capacity of a MoveList. No legal position has more than 218
// moves.
const MaxMoves = 256

// MoveList is a list of moves in a fixed array, so that generating moves does
// not allocate. Its zero value is an empty list.
type MoveList struct {
	moves [MaxMoves]Move
	n     uint8
}

// Len returns the number of moves in the list.
func (l *MoveList) Len() int {
	return int(l.n)
}

// At returns the i-th move.
func (l *MoveList) At(i int) Move {
	return l.moves[i]
}

// Set replaces the i-th move.
func (l *MoveList) Set(i int, m Move) {
	l.moves[i] = m
}

// Swap exchanges the i-th and the j-th move.
func (l *MoveList) Swap(i, j int) {
	l.moves[i], l.moves[j] = l.moves[j], l.moves[i]
}

// Clear empties the list.
func (l *MoveList) Clear() {
	l.n = 0
}

// Add appends move m. The list must not be full.
func (l *MoveList) Add(m Move) {
	l.moves[l.n] = m
	l.n++
}

// Moves returns the moves as a slice of the list's array (valid until the list
// changes).
func (l *MoveList) Moves() []Move {
	return l.moves[:l.n]
}

// Contains reports whether move m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.Moves() {
		if x == m {
			return true
		}
	}
	return false
}

// castlingPaths are the squares the castling moves of one game need, by
// castlingIndex, set up with its castling rules.
type castlingPaths struct {
	lost     [64]castlingRights // rights lost when a move starts or ends on the square
	empty    [4]Bitboard        // squares that must be empty, the king and rook excepted
	kingPath [4]Bitboard        // squares the king crosses and ends on, which must not be attacked
}

// findCastlingPaths sets up the paths of the castling rights of the new
// position p, whose pieces are placed and whose castling rooks are recorded.
func (p *Position) findCastlingPaths() {
	cp := &p.castle.paths
	for i, rook := range p.castle.rook {
		if rook == NoSquare {
			continue
		}
		c := Color(i / 2) // castlingIndex: color × 2 + side
		king := p.KingSquare(c)
		kingTo, rookTo := newCastling(king, rook).castlingTargets()
		cp.lost[king] |= 3 << (2 * c)
		cp.lost[rook] |= 1 << i
		cp.empty[i] = (rankSpan(king, kingTo) | rankSpan(rook, rookTo)) &^ (SquareBB(king) | SquareBB(rook))
		// The square the king starts on is tested by "not in check"; where
		// it stays there (Chess960), that square is also where it ends, and
		// the rook that leaves may have shielded it.
		cp.kingPath[i] = rankSpan(king, kingTo)&^SquareBB(king) | SquareBB(kingTo)
	}
}
