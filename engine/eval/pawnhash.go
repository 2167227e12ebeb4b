//book:stage main

package eval

import "cb2026/engine/board"

// pawnHashBits sets the size of a PawnHash: 2^10 entries of 40 bytes, 40
// kibibytes.
const pawnHashBits = 10

// A PawnHash remembers the shapes of recent pawn structures (pawnShape), so
// that the pawn-structure term finds them again instead of counting them.
// The search meets many positions with the same pawns, since most moves are
// not pawn moves, so most lookups are hits. The key is the pawns
// themselves, both colors' bitboards, so a hit is exact. Stockfish's
// classical evaluation keeps such a table, keyed by a Zobrist key of the
// pawns, and Ethereal one keyed by the pawns and the kings. The zero value
// is not ready: use NewPawnHash.
type PawnHash struct {
	entries []pawnEntry
}

// A pawnEntry is the shape of one color's pawns in one pawn structure. Its
// slot says which color; an empty slot holds no pawns and the shape of no
// pawns, which is what a position without pawns has, so it needs no flag.
type pawnEntry struct {
	pawns [2]board.Bitboard // White's and Black's pawns: the whole key
	shape pawnShape
}

// NewPawnHash returns an empty pawn hash.
func NewPawnHash() *PawnHash {
	return &PawnHash{entries: make([]pawnEntry, 1<<pawnHashBits)}
}

// probe returns the shape of c's pawns in p if the hash holds it.
func (h *PawnHash) probe(p *board.Position, c board.Color) (pawnShape, bool) {
	e := &h.entries[pawnSlot(p, c)]
	if e.pawns != pawnsOf(p) {
		return pawnShape{}, false
	}
	return e.shape, true
}

// store keeps the shape of c's pawns in p, replacing whatever shared its
// slot.
func (h *PawnHash) store(p *board.Position, c board.Color, shape pawnShape) {
	h.entries[pawnSlot(p, c)] = pawnEntry{pawns: pawnsOf(p), shape: shape}
}

// pawnsOf returns the key of p's pawn structure: White's and Black's pawns.
func pawnsOf(p *board.Position) [2]board.Bitboard {
	return [2]board.Bitboard{p.Pieces(board.White, board.Pawn), p.Pieces(board.Black, board.Pawn)}
}

// pawnSlot returns the slot of the shape of c's pawns in p: the top bits of
// the pawn key, and the color as the lowest bit, so that the two colors of
// one structure sit side by side.
func pawnSlot(p *board.Position, c board.Color) int {
	return int(p.PawnKey()>>(64-pawnHashBits+1))<<1 | int(c)
}

// cachedShape returns the shape of c's pawns in p that the evaluation's
// pawn hash keeps, and whether it keeps one (it has none without a hash).
func (e *evaluation) cachedShape(p *board.Position, c board.Color) (pawnShape, bool) {
	if e.t.Pawns == nil {
		return pawnShape{}, false
	}
	return e.t.Pawns.probe(p, c)
}

// keepShape gives the evaluation's pawn hash, if it has one, the shape of
// c's pawns in p.
func (e *evaluation) keepShape(p *board.Position, c board.Color, shape pawnShape) {
	if e.t.Pawns != nil {
		e.t.Pawns.store(p, c, shape)
	}
}
