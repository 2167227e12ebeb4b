//book:stage 15

package search

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSEE(t *testing.T) {
	tests := []struct {
		fen, move string
		want      int
	}{
		// The Chess Programming Wiki's two examples.
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -220},
		// A pawn takes a defended knight: wins 320 − 100.
		{"4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 220},
		// A queen takes a pawn defended by a pawn: loses 900 − 100.
		{"4k3/8/4p3/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", -800},
		// En passant wins a pawn.
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},
		// A quiet queen promotion on a square the rook guards.
		{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", -100},
		// The same promotion capturing the rook, which nobody defends.
		{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", 1300},
		// Rooks stacked on the file: the x-ray recaptures.
		{"3r2k1/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", -400},
		// Castling never exchanges anything.
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		m := mustMove(t, p, tt.move)
		assert.Equal(t, tt.want, SEE(p, m), "SEE(%q, %s)", tt.fen, tt.move)
	}
}

// The shortcut of losesMaterial never changes SEE's verdict.
func TestLosesMaterialAgreesWithSEE(t *testing.T) {
	for _, p := range randomPositions(t, 60) {
		for _, m := range legalMoves(p) {
			if isNoisy(p, m) {
				assert.Equal(t, SEE(p, m) < 0, losesMaterial(p, m), "%s in %s", m, p.FEN())
			}
		}
	}
}
