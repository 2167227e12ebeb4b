package search

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"cb2026/stages"
)

// The improving flag compares the static eval with that of two plies
// before, and is set where either is unknown.
func TestMarkImproving(t *testing.T) {
	for _, tc := range []struct {
		name       string
		ply        int
		eval, back int
		inCheck    bool
		backCheck  bool
		improving  bool
	}{
		{"rising", 4, 30, 10, false, false, true},
		{"falling", 4, 10, 30, false, false, false},
		{"level", 4, 10, 10, false, false, false},
		{"in check now", 4, 0, 30, true, false, true},
		{"in check two plies before", 4, 10, 30, false, true, true},
		{"at ply 1", 1, 10, 30, false, false, true},
	} {
		s := NewSearcher(DefaultTechniques(stages.Main))
		if tc.ply >= 2 {
			s.frames[tc.ply-2].eval, s.frames[tc.ply-2].hasEval = tc.back, !tc.backCheck
		}
		n := node{ply: tc.ply, eval: tc.eval, inCheck: tc.inCheck}
		s.markImproving(&n)
		assert.Equal(t, tc.improving, n.improving, "%s: markImproving(eval %d, two plies before %d)", tc.name, tc.eval, tc.back)
		assert.Equal(t, !tc.inCheck, s.frames[tc.ply].hasEval, "%s: the frame's hasEval", tc.name)
	}
}

// The margins and counts change only with the switch on.
func TestImprovingMarginAndCount(t *testing.T) {
	for _, tc := range []struct {
		on, improving bool
		margin, count int
	}{
		{false, false, 5 * rfpMargin, lmpBase + 25},
		{false, true, 5 * rfpMargin, lmpBase + 25},
		{true, true, 4 * rfpMargin, lmpBase + 25},
		{true, false, 5 * rfpMargin, (lmpBase + 25) / 2},
	} {
		tq := DefaultTechniques(stages.Main)
		tq.Improving = tc.on
		s := NewSearcher(tq)
		n := node{depth: 5, improving: tc.improving}
		assert.Equal(t, tc.margin, s.reverseFutilityMargin(&n), "reverseFutilityMargin(depth 5, improving %v) with the switch %v", tc.improving, tc.on)
		assert.Equal(t, tc.count, s.lateMoveCount(&n), "lateMoveCount(depth 5, improving %v) with the switch %v", tc.improving, tc.on)
	}
}
