package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/search"
	"cb2026/stages"
)

// TestTheSearchSolvesWinAtChess runs the search of the stage under test in
// this process on the first 40 positions of Win at Chess, 20,000 nodes each
// from a new game, and counts them solved by the command's own rule
// (Problem.Solved): a check that the stage's search still finds tactics.
// The command runs the whole suite on a built engine.
func TestTheSearchSolvesWinAtChess(t *testing.T) {
	if stages.Current < 8 {
		t.Skip("no quiescence search before stage 8")
	}
	problems, err := loadSuite(testdata("wacnew.epd"), 40)
	require.NoError(t, err)
	s := search.NewSearcher(search.DefaultTechniques(stages.Current))
	solved := 0
	for _, pr := range problems {
		s.NewGame()
		m, _ := s.Search(context.Background(), pr.pos, search.Limits{Nodes: 20000}, nil)
		if pr.Solved(m.String()) {
			solved++
		}
	}
	t.Logf("WAC 1–40 at 20,000 nodes: %d solved", solved)
	assert.GreaterOrEqual(t, solved, 20, "WAC 1–40 at 20,000 nodes")
}
