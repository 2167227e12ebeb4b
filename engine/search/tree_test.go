//book:stage 6

package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
	"cb2026/stages"
)

func TestTreeListsTheNodesEnteredWithTheirKinds(t *testing.T) {
	p, err := board.ParseFEN("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1")
	require.NoError(t, err)
	nodes, err := Tree(context.Background(), DefaultTechniques(6), p, 2)
	require.NoError(t, err)
	require.Len(t, nodes, 26)
	root := nodes[0]
	assert.Equal(t, TreeNode{Ply: 0, Move: board.NoMove, Moves: 6, Searched: 6, Score: 40, Kind: "pv"}, TreeNode{Ply: root.Ply, Move: root.Move, Moves: root.Moves, Searched: root.Searched, Score: root.Score, Kind: root.Kind})
	kinds := map[string]int{}
	for _, n := range nodes {
		kinds[n.Kind]++
	}
	assert.Equal(t, map[string]int{"pv": 3, "cut": 4, "leaf": 19}, kinds, "at depth 2 the nodes below the root are PV or cut nodes, and leaves")
	e4 := nodes[8]
	assert.Equal(t, "e2e4", e4.Move.String())
	assert.Equal(t, []any{"cut", 2, 6}, []any{e4.Kind, e4.Searched, e4.Moves}, "e4 is refuted by Black's second reply")
}

func TestTreeRefusesWhatItCannotReplay(t *testing.T) {
	if stages.Current >= 9 {
		p, err := board.ParseFEN("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1")
		require.NoError(t, err)
		_, err = Tree(context.Background(), DefaultTechniques(9), p, 2)
		assert.ErrorContains(t, err, "entered the root")
	}
	leaf := func(ply, eval int) TreeNode { return TreeNode{Ply: ply, Moves: 3, eval: eval} }
	tests := []struct {
		name  string
		nodes []TreeNode
		want  string
	}{
		{"a move after a cutoff", []TreeNode{{Ply: 0, Moves: 2}, {Ply: 1, Moves: 2}, leaf(2, 50), leaf(2, 10), {Ply: 1, Moves: 2}, leaf(2, -80), leaf(2, 0)},
			"tree: node 5 searched a move after a cutoff"},
		{"a node left before its moves ran out", []TreeNode{{Ply: 0, Moves: 2}, {Ply: 1, Moves: 2}, leaf(2, 50)},
			"tree: node 2 searched 1 of its 2 moves without a cutoff"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := replay(tt.nodes, 0, 2, -infinity, infinity)
			assert.EqualError(t, err, tt.want)
		})
	}
}
