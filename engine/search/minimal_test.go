//book:stage 7

package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The minimal tree of the start position (bench position 1), counted by
// hand: at depth 1 the root and its 20 children, as negamax; at depth 2 the
// root, a best move with its 20 replies, and each of the other 19 moves with
// one reply that refutes it, 1 + 21 + 19·2 = 60 of negamax's 1 + 20 + 400 =
// 421.
func TestMinimalTreeOfTheStartPosition(t *testing.T) {
	tests := []struct {
		depth int
		want  TreeSizes
	}{
		{1, TreeSizes{Negamax: 21, Minimal: 21}},
		{2, TreeSizes{Negamax: 421, Minimal: 60}},
	}
	for _, tt := range tests {
		got, err := MinimalTree(context.Background(), DefaultTechniques(7), 1, tt.depth)
		require.NoError(t, err)
		assert.Equal(t, tt.want, got, "depth %d", tt.depth)
	}
}

// MinimalTree's negamax tree is the one stage 7's search enters with
// alpha-beta switched off, node for node, and alpha-beta in any order
// (stage 6's generation order, stage 7's MVV-LVA) searches no fewer nodes
// than the minimal tree.
func TestMinimalTreeBoundsTheSearch(t *testing.T) {
	ctx := context.Background()
	negamax := DefaultTechniques(7)
	negamax.AlphaBeta = false
	for position := 2; position <= 7; position++ {
		for depth := 1; depth <= 3; depth++ {
			got, err := MinimalTree(ctx, DefaultTechniques(7), position, depth)
			require.NoError(t, err)
			full, err := Measure(ctx, negamax, position, depth)
			require.NoError(t, err)
			assert.Equal(t, full.Nodes, got.Negamax, "position %d, depth %d: negamax's tree", position, depth)
			for _, stage := range []int{6, 7} {
				searched, err := Measure(ctx, DefaultTechniques(stage), position, depth)
				require.NoError(t, err)
				assert.LessOrEqual(t, got.Minimal, searched.Nodes, "position %d, depth %d: stage %d searches no fewer", position, depth, stage)
			}
		}
	}
}

// A search that is stopped returns the context's error.
func TestMinimalTreeStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := MinimalTree(ctx, DefaultTechniques(7), 2, 4)
	assert.ErrorIs(t, err, context.Canceled)
}
