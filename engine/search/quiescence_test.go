//book:stage 8

package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
)

// horizonFEN is chapter 8's position: Nxd5 wins a pawn after five captures on
// d5, which a search without quiescence sees only at depth 6.
const horizonFEN = "6k1/3rbppp/5n2/3p4/8/2N5/3R1PPP/3R2K1 w - - 0 1"

func TestQuiescenceSeesTheWholeExchange(t *testing.T) {
	withQS := DefaultTechniques(8)
	withoutQS := withQS
	withoutQS.Quiescence = false
	for depth := 1; depth <= 5; depth++ {
		best, info := searchFEN(t, withQS, horizonFEN, Limits{Depth: depth})
		assert.Equal(t, "c3d5", best.String(), "stage 8, depth %d: best move", depth)
		assert.Equal(t, 170, info.Score, "stage 8, depth %d: score", depth)
	}
	// Stage 7 at the depth it plays games at stops after Black's Rxd5.
	best, _ := searchFEN(t, withoutQS, horizonFEN, Limits{Depth: 4})
	assert.Equal(t, "d2a2", best.String(), "stage 7, depth 4: best move")
}

// quiesceScore runs the quiescence search on fen with a full window.
func quiesceScore(t *testing.T, fen string) int {
	t.Helper()
	s := NewSearcher(DefaultTechniques(8))
	s.begin(context.Background(), mustFEN(t, fen), Limits{}, nil)
	defer s.end()
	return s.quiesce(-infinity, infinity, 1)
}

func TestQuiesce(t *testing.T) {
	tests := []struct {
		name, fen string
		want      func(static int) int // from the static evaluation
	}{
		{"nothing to capture: stand pat", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
			func(static int) int { return static }},
		{"a defended pawn: QxP is declined", "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1",
			func(static int) int { return static }},
		{"checkmated: no stand pat in check", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1",
			func(int) int { return matedIn(1) }},
	}
	for _, tt := range tests {
		s := NewSearcher(DefaultTechniques(8))
		s.begin(context.Background(), mustFEN(t, tt.fen), Limits{}, nil)
		static := s.evaluate()
		s.end()
		assert.Equal(t, tt.want(static), quiesceScore(t, tt.fen), "quiesce(%q): %s", tt.fen, tt.name)
	}
}
