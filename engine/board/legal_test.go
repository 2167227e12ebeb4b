//book:stage 3

package board

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// IsLegal agrees with the generator on every 16-bit move, at every node two
// plies deep of the perft suites' positions (Chess960 ones included): true
// for each move GenerateMoves gives, false for every other value, whatever
// its squares and kind.
func TestIsLegal(t *testing.T) {
	nodes := 0
	for _, p := range testPositions(t, 8) {
		walk(p, 2, func(p *Position) {
			nodes++
			var l MoveList
			p.GenerateMoves(&l)
			var generated [1 << 16]bool
			for _, m := range l.Moves() {
				generated[m] = true
			}
			var wrong []string
			for m := range 1 << 16 {
				if got := p.IsLegal(Move(m)); got != generated[m] {
					wrong = append(wrong, fmt.Sprintf("IsLegal(%v, kind %#x) = %t", Move(m), m&kindMask, got))
				}
			}
			assert.Empty(t, wrong, "in %s", p.FEN())
		})
	}
	t.Logf("%d nodes", nodes)
}

// IsLegal's cases, one by one.
func TestIsLegalCases(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		move Move
		want bool
	}{
		{StartFEN, newMove(E2, E4), true},
		{StartFEN, newMove(E2, E5), false},
		{StartFEN, newMove(E7, E5), false}, // not our piece
		{StartFEN, newMove(G1, F3), true},
		{StartFEN, newMove(G1, E2), false}, // own piece on the square
		{StartFEN, newPromotion(E2, E4, Queen), false},
		{StartFEN, newEnPassant(E2, E3), false},
		{StartFEN, NoMove, false},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", newCastling(E1, H1), true},
		{"4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", newCastling(E1, H1), false},   // no right
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", newMove(E1, G1), false},      // castling is king takes rook
		{"4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1", newCastling(E1, H1), false}, // in the way
		{"4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", newCastling(E1, H1), false},
		{"4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", newCastling(E1, A1), true},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", newPromotion(B7, B8, Knight), true},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", newMove(B7, B8), false}, // a pawn on the last rank must promote
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", Move(B7) | Move(B8)<<6 | 8<<12, false},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", newEnPassant(E5, D6), true},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", newMove(E5, D6), false},
		{"8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", newEnPassant(E5, D6), false}, // opens the rank
		{"4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", newMove(A1, A2), false},       // in check
		{"4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", newMove(E1, E2), true},
		{"4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", newMove(E2, D3), false}, // pinned
		{"4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", newMove(E2, E5), true},  // along its pin
		{"4k3/4r3/8/8/8/8/8/4K3 w - - 0 1", newMove(E1, E2), false},   // into check
	} {
		p, err := ParseFEN(tc.fen)
		require.NoError(t, err)
		assert.Equal(t, tc.want, p.IsLegal(tc.move), "IsLegal(%v) in %s", tc.move, tc.fen)
	}
}
