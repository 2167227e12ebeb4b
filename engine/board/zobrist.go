package board

// Zobrist hashing gives every (piece, square) pair, every set of castling
// rights, every en-passant file and the side to move a random 64-bit number;
// a position's key is the exclusive or of the numbers of its features. Moving
// a piece then updates the key with two exclusive ors, and equal positions get
// equal keys whatever moves led to them.
//
// The numbers are drawn at start-up from a generator with a fixed seed, so
// keys are the same in every run. The tables are filled once, by init, and are
// read-only afterwards.
var (
	zobristPiece     [16][64]uint64 // indexed by Piece and Square; NoPiece's row is zero
	zobristCastling  [16]uint64     // indexed by castlingRights
	zobristEnPassant [8]uint64      // indexed by the en-passant square's file
	zobristSide      uint64         // included when Black is to move
)

// zobristSeed seeds the generator of the Zobrist numbers.
const zobristSeed = 0x5EED2026

func init() {
	initZobrist()
}

// initZobrist draws the Zobrist numbers.
func initZobrist() {
	rng := prng{state: zobristSeed}
	for c := White; c <= Black; c++ {
		for t := Pawn; t <= King; t++ {
			for sq := A1; sq <= H8; sq++ {
				zobristPiece[MakePiece(c, t)][sq] = rng.next()
			}
		}
	}
	// The key of a set of rights is the exclusive or of its single rights', so
	// losing one right is one update.
	var single [4]uint64
	for i := range single {
		single[i] = rng.next()
	}
	for rights := range zobristCastling {
		for i := range single {
			if rights&(1<<i) != 0 {
				zobristCastling[rights] ^= single[i]
			}
		}
	}
	for f := range zobristEnPassant {
		zobristEnPassant[f] = rng.next()
	}
	zobristSide = rng.next()
}

// ComputeKey computes the position's Zobrist key from scratch. Key returns the
// same number, kept up to date move by move; the tests compare the two.
func (p *Position) ComputeKey() uint64 {
	var key uint64
	for sq := A1; sq <= H8; sq++ {
		key ^= zobristPiece[p.board[sq]][sq]
	}
	key ^= zobristCastling[p.castling]
	if p.epCapturable() {
		key ^= zobristEnPassant[p.ep.File()]
	}
	if p.side == Black {
		key ^= zobristSide
	}
	return key
}

// epCapturable reports whether there is an en-passant square and a pawn of the
// side to move that attacks it. Only then does the square change which moves
// are possible, so only then is it part of the key: a double step that no pawn
// can answer en passant leaves the same key as a single step would.
func (p *Position) epCapturable() bool {
	if p.ep == NoSquare {
		return false
	}
	capturers := SquareBB(p.ep).South() // the rank White's pawns take from
	if p.side == Black {
		capturers = SquareBB(p.ep).North()
	}
	return (capturers.East()|capturers.West())&p.Pieces(p.side, Pawn) != 0
}
