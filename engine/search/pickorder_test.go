//book:stage 7

package search

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
	"cb2026/stages"
)

// PickOrder hands out every legal move of the position after the move
// found exactly once, stage by stage in the picker's order.
func TestPickOrderHandsOutTheNextPositionsMoves(t *testing.T) {
	for _, stage := range []int{7, 11, 15, stages.Current} {
		if stage > stages.Current {
			continue
		}
		best, moves, err := PickOrder(context.Background(), DefaultTechniques(stage), 7, 5)
		require.NoError(t, err)
		p, err := benchPosition(7)
		require.NoError(t, err)
		require.True(t, p.IsLegal(best), "stage %d: the move found, %v, is legal", stage, best)
		p.MakeMove(best)
		var legal board.MoveList
		p.GenerateMoves(&legal)
		var got []board.Move
		var order []string
		for _, m := range moves {
			got = append(got, m.Move)
			if len(order) == 0 || order[len(order)-1] != m.Stage {
				order = append(order, m.Stage)
			}
		}
		assert.ElementsMatch(t, legal.Moves(), got, "stage %d: every legal move once", stage)
		seen := map[string]bool{}
		for _, name := range order {
			assert.False(t, seen[name], "stage %d: each stage hands out its moves together: %v", stage, order)
			seen[name] = true
			assert.True(t, slices.Contains(stageNames[:], name), "stage %d: %q is a stage's name", stage, name)
		}
	}
}
