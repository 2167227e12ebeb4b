//book:stage main

package board

// PawnKey returns a key of p's pawn structure, White's and Black's pawns and
// nothing else: the two bitboards multiplied by large odd constants, combined
// and mixed once more, so that every pawn changes the key's top bits, which
// the tables of pawn structures take as their slot. Unlike the Zobrist key it
// is not kept by the moves but computed when asked, from the two bitboards.
func (p *Position) PawnKey() uint64 {
	h := uint64(p.Pieces(White, Pawn))*0x9E3779B97F4A7C15 ^ uint64(p.Pieces(Black, Pawn))*0xC2B2AE3D27D4EB4F
	h ^= h >> 31
	h *= 0xBF58476D1CE4E5B9
	return h
}
