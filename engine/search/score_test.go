package search

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMateMoves(t *testing.T) {
	tests := []struct{ score, want int }{
		{mateScore - 1, 1},
		{mateScore - 3, 2},
		{mateScore - 5, 3},
		{-mateScore, 0 /* mated at the root: -0 */},
		{-mateScore + 2, -1},
		{-mateScore + 4, -2},
		{150, 0},
		{-150, 0},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, mateMoves(tt.score), "mateMoves(%d)", tt.score)
	}
}

func TestTTScoresRoundTrip(t *testing.T) {
	for _, score := range []int{0, 37, -400, mateScore - 7, -mateScore + 12} {
		for _, ply := range []int{0, 3, 20} {
			assert.Equal(t, score, fromTT(toTT(score, ply), ply), "fromTT(toTT(%d, %d))", score, ply)
		}
	}
	// A mate in 5 plies from a node at ply 3 is a mate in 2 plies from the node.
	assert.Equal(t, mateScore-2, toTT(mateScore-5, 3))
	assert.Equal(t, mateScore-6, fromTT(mateScore-2, 4), "reached at ply 4: mate at ply 6")
}
