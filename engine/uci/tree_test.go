//book:stage 6

package uci

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
	"cb2026/engine/search"
)

// treeEngine is the fake engine with a search that enters these nodes.
type treeEngine struct {
	*fakeEngine
	nodes []search.TreeNode
}

func (e *treeEngine) Tree(ctx context.Context, p *board.Position, depth int) ([]search.TreeNode, error) {
	return e.nodes, nil
}

func TestTreeWritesEachNode(t *testing.T) {
	p, err := board.ParseFEN(board.StartFEN)
	require.NoError(t, err)
	e4, err := p.ParseMove("e2e4")
	require.NoError(t, err)
	e := &treeEngine{fakeEngine: newFakeEngine(), nodes: []search.TreeNode{
		{Ply: 0, Moves: 20, Searched: 1, Score: 25, Kind: "cut"},
		{Ply: 1, Move: e4, Score: -25, Kind: "leaf"},
	}}
	assert.Equal(t, "ply  move  kind  score  searched  moves\n"+
		"0    -     cut   25     1         20\n"+
		"1    e2e4  leaf  -25    -         -\n", run(t, e, "tree\nwait\n"))
	assert.Equal(t, "info string tree: this engine does not draw its tree\n", run(t, newFakeEngine(), "tree\n"))
	assert.Equal(t, "info string tree: \"5\": want a number from 1 to 4\n", run(t, e, "tree 5\n"))
}
