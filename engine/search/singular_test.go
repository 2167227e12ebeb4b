//book:stage main

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

// singular returns main's techniques with singular extensions on.
func singular() Techniques {
	t := DefaultTechniques(stages.Main)
	t.SingularExtensions = true
	return t
}

// A search without the only legal move fails low, which makes that move
// singular, and leaves the table's entry for the node alone.
func TestSearchExcludingTheOnlyMove(t *testing.T) {
	p := mustFEN(t, "7k/8/8/8/8/6N1/5PPP/r5K1 w - - 0 1") // in check: only Nf1
	moves := legalMoves(p)
	require.Len(t, moves, 1, "legal moves in %s", p.FEN())
	s := NewSearcher(singular())
	s.begin(context.Background(), p, Limits{}, nil)
	defer s.end()
	n := node{alpha: 99, beta: 100, depth: 6, ply: 1, hashMove: moves[0]}
	score := s.searchExcluding(&n, 100, 3)
	assert.Less(t, score, 100, "searchExcluding(only move %s, beta 100)", moves[0])
	_, found := s.tt.probe(p.Key())
	assert.False(t, found, "the search without the only move stored the node")
	assert.Equal(t, board.NoMove, s.frames[1].excluded, "the excluded move after the search")
}

// With singular extensions on, deep searches still find the shortest mates
// and play legal moves.
func TestSingularFindsMatesAndPlaysLegalMoves(t *testing.T) {
	for _, tc := range []struct {
		fen   string
		moves int
	}{
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1},
		{"2k5/8/1K6/8/8/8/8/7R w - - 0 1", 2},
		{"8/8/8/8/5K2/8/R7/6k1 w - - 0 1", 3},
		{"8/4Q3/8/8/8/8/4K1k1/8 w - - 0 1", 3},
	} {
		best, info := searchFEN(t, singular(), tc.fen, Limits{Depth: 2*tc.moves + 7})
		assert.Equal(t, tc.moves, info.Mate, "%q: reported mate", tc.fen)
		p := mustFEN(t, tc.fen)
		p.MakeMove(best)
		assert.False(t, defendedIn(p, tc.moves-1), "%q: %s does not mate in %d", tc.fen, best, tc.moves)
	}
	s := NewSearcher(singular())
	for _, p := range randomPositions(t, 20) {
		best, _ := s.Search(context.Background(), p, Limits{Nodes: 20000}, nil)
		if moves := legalMoves(p); len(moves) > 0 {
			assert.True(t, slices.Contains(moves, best), "%s illegal in %s", best, p.FEN())
		}
	}
}
