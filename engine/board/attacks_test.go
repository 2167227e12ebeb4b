//book:stage 2

package board

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSliderAttacks checks the magic lookups against the slow ray walk, on the
// occupancy of every test position and on random occupancies, from every
// square.
func TestSliderAttacks(t *testing.T) {
	var occupancies []Bitboard
	for _, p := range testPositions(t, 1) {
		occupancies = append(occupancies, p.Occupied())
	}
	rng := prng{state: 1}
	for range 2000 {
		occupancies = append(occupancies, Bitboard(rng.sparse()), Bitboard(rng.next()))
	}
	for _, occ := range occupancies {
		for sq := A1; sq <= H8; sq++ {
			want := slidingAttacks(sq, occ, rookDirections)
			require.Equal(t, want, RookAttacks(sq, occ), "RookAttacks(%v, %#x)", sq, uint64(occ))
			want = slidingAttacks(sq, occ, bishopDirections)
			require.Equal(t, want, BishopAttacks(sq, occ), "BishopAttacks(%v, %#x)", sq, uint64(occ))
		}
	}
}

// TestLeaperAttacks checks a few leaper attacks by hand.
func TestLeaperAttacks(t *testing.T) {
	tests := []struct {
		name string
		got  Bitboard
		want []Square
	}{
		{"KnightAttacks(a1)", KnightAttacks(A1), []Square{B3, C2}},
		{"KnightAttacks(e4)", KnightAttacks(E4), []Square{D2, F2, C3, G3, C5, G5, D6, F6}},
		{"KingAttacks(h8)", KingAttacks(H8), []Square{G7, H7, G8}},
		{"PawnAttacks(White, a2)", PawnAttacks(White, A2), []Square{B3}},
		{"PawnAttacks(Black, e5)", PawnAttacks(Black, E5), []Square{D4, F4}},
		{"PawnAttacks(White, h8)", PawnAttacks(White, H8), nil},
		{"QueenAttacks(a1, b2)", QueenAttacks(A1, SquareBB(B2)|SquareBB(A2)), []Square{A2, B1, B2, C1, D1, E1, F1, G1, H1}},
		{"Between(a1, h8)", Between(A1, H8), []Square{B2, C3, D4, E5, F6, G7}},
		{"Between(a1, b3)", Between(A1, B3), nil},
		{"Line(b2, c3)", Line(B2, C3), []Square{A1, B2, C3, D4, E5, F6, G7, H8}},
	}
	for _, tt := range tests {
		var want Bitboard
		for _, sq := range tt.want {
			want |= SquareBB(sq)
		}
		assert.Equal(t, want, tt.got, "%s = \n%v, want\n%v", tt.name, tt.got, want)
	}
}

// TestAttackersTo checks AttackersTo and IsAttacked on Kiwipete against a
// count of attackers by brute force over all pieces.
func TestAttackersTo(t *testing.T) {
	for _, p := range testPositions(t, 4) {
		occ := p.Occupied()
		for sq := A1; sq <= H8; sq++ {
			var want Bitboard
			for from := A1; from <= H8; from++ {
				pc := p.PieceOn(from)
				if pc != NoPiece && from != sq && p.referenceAttacks(pc, from, occ).Has(sq) {
					want |= SquareBB(from)
				}
			}
			require.Equal(t, want, p.AttackersTo(sq, occ), "%s: AttackersTo(%v)", p.FEN(), sq)
			assert.Equal(t, want&p.ByColor(White) != 0, p.IsAttacked(sq, White), "%s: IsAttacked(%v, White)", p.FEN(), sq)
		}
	}
}

// referenceAttacks returns the squares piece pc on square sq attacks, by the
// slow ray walk for sliders.
func (p *Position) referenceAttacks(pc Piece, sq Square, occ Bitboard) Bitboard {
	switch pc.Type() {
	case Bishop:
		return slidingAttacks(sq, occ, bishopDirections)
	case Rook:
		return slidingAttacks(sq, occ, rookDirections)
	case Queen:
		return slidingAttacks(sq, occ, bishopDirections) | slidingAttacks(sq, occ, rookDirections)
	}
	return p.attacksFrom(pc, sq, occ)
}
