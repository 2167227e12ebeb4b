//book:stage main

package search

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// The soft limit follows the run of iterations that kept the best move: up
// to 1.5 times the planned limit after a change, down to 0.75 after four
// kept, never past the hard limit; a fixed move time does not stretch.
func TestClockStretch(t *testing.T) {
	const planned, hard = 100 * time.Millisecond, 140 * time.Millisecond
	for _, tc := range []struct {
		name    string
		planned time.Duration
		kept    []bool
		want    time.Duration
	}{
		{"changed", planned, []bool{false}, hard}, // 150 ms, cut to the hard limit
		{"kept once", planned, []bool{false, true}, 125 * time.Millisecond},
		{"kept twice", planned, []bool{false, true, true}, 105 * time.Millisecond},
		{"kept three times", planned, []bool{true, true, true}, 90 * time.Millisecond},
		{"kept four times", planned, []bool{true, true, true, true}, 75 * time.Millisecond},
		{"kept long", planned, []bool{true, true, true, true, true, true, true}, 75 * time.Millisecond},
		{"changed after a run", planned, []bool{true, true, true, true, false, true}, 125 * time.Millisecond},
		{"fixed move time", 0, []bool{false}, planned},
	} {
		c := clock{soft: planned, hard: hard, planned: tc.planned}
		for _, kept := range tc.kept {
			c.stretch(kept)
		}
		assert.Equal(t, tc.want, c.soft, tc.name)
		assert.Equal(t, hard, c.hard, "%s: the hard limit", tc.name)
	}
}

// Stability changes when a timed search stops, never a search by depth:
// the bench is the same with it on.
func TestTimeStabilityChangesNoDepthSearch(t *testing.T) {
	tq := current()
	if !tq.IterativeDeepening {
		t.Skip("no iterative deepening before stage 9")
	}
	assertBenchUnchanged(t, tq, func(tq *Techniques, on bool) { tq.TimeStability = on })
}

// A clock budgets planned; a move time plans nothing.
func TestClockPlanned(t *testing.T) {
	c := newClock(Limits{Time: [2]time.Duration{10 * time.Second, 10 * time.Second}}, 0, time.Time{})
	assert.Equal(t, c.soft, c.planned)
	assert.Positive(t, c.planned)
	c = newClock(Limits{MoveTime: time.Second}, 0, time.Time{})
	assert.Zero(t, c.planned)
}
