//book:stage 7

package uci

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
	"cb2026/engine/search"
)

// orderEngine is the fake engine with a picker that hands out moves so.
type orderEngine struct {
	*fakeEngine
	moves []search.PickedMove
}

func (e *orderEngine) PickOrder(ctx context.Context, position, depth int) (board.Move, []search.PickedMove, error) {
	return board.NoMove, e.moves, nil
}

func TestOrderWritesEachStageOnce(t *testing.T) {
	p, err := board.ParseFEN(board.StartFEN)
	require.NoError(t, err)
	var moves board.MoveList
	p.GenerateMoves(&moves)
	stage := []string{"captures", "captures", "quiets", "quiets", "quiets", "quiets", "quiets", "unordered"}
	e := &orderEngine{fakeEngine: newFakeEngine()}
	for i, s := range stage {
		e.moves = append(e.moves, search.PickedMove{Move: moves.At(i), Stage: s})
	}
	m := func(i int) string { return moves.At(i).String() }
	out := run(t, e, "order\nwait\n")
	assert.Equal(t, "stage      moves  first\n"+
		"captures   2      "+m(0)+","+m(1)+"\n"+
		"quiets     5      "+m(2)+","+m(3)+","+m(4)+","+m(5)+"\n"+
		"unordered  1      "+m(7)+"\n", out)
}

func TestOrderNeedsAnEngineThatShowsIt(t *testing.T) {
	out := run(t, newFakeEngine(), "order\n")
	assert.Equal(t, "info string order: this engine does not show its move order\n", out)
	e := &orderEngine{fakeEngine: newFakeEngine()}
	out = run(t, e, "order 2 6 1\norder 0\n")
	assert.Equal(t, `info string order: 3 arguments: want at most the position and the depth
info string order: "0": want a number from 1 to 64
`, out)
}
