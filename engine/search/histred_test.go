package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"cb2026/stages"
)

// With history reductions on, a late quiet move is reduced a ply less per
// historyPerPly of history score, and more for a negative score; off, the
// score changes nothing.
func TestHistoryReductions(t *testing.T) {
	p := mustFEN(t, "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4")
	const depth, index = 12, 20
	base := lmrTable[depth][index]
	for _, tc := range []struct {
		on      bool
		history int
		want    int
	}{
		{true, 0, base},
		{true, historyPerPly - 1, base},
		{true, 2 * historyPerPly, base - 2},
		{true, -historyPerPly, base + 1},
		{true, 100 * historyPerPly, 0},
		{false, 2 * historyPerPly, base},
	} {
		tq := DefaultTechniques(stages.Main)
		tq.HistoryReductions = tc.on
		s := NewSearcher(tq, 1)
		s.begin(context.Background(), p, Limits{}, nil)
		n := node{alpha: 0, beta: 1, depth: depth, ply: 3, history: tc.history}
		got := s.reduction(&n, index, true)
		s.end()
		assert.Equal(t, tc.want, got, "reduction(depth %d, index %d, history %d) with the switch %v", depth, index, tc.history, tc.on)
	}
}
