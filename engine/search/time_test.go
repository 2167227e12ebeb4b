package search

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"cb2026/engine/board"
)

func TestBudget(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		left, inc time.Duration
		movesToGo int
	}{
		{1000 * ms, 10 * ms, 0},
		{60000 * ms, 0, 0},
		{300000 * ms, 3000 * ms, 0},
		{5000 * ms, 0, 1},
		{20 * ms, 10 * ms, 0},
		{1 * ms, 0, 0},
	}
	for _, tt := range tests {
		soft, hard := budget(tt.left, tt.inc, tt.movesToGo)
		assert.LessOrEqual(t, soft, hard, "budget(%v, %v, %d)", tt.left, tt.inc, tt.movesToGo)
		assert.LessOrEqual(t, hard, max(tt.left/5, time.Millisecond), "budget(%v, %v, %d): hard limit", tt.left, tt.inc, tt.movesToGo)
		assert.Positive(t, soft)
	}
}

func TestClockForms(t *testing.T) {
	now := time.Now()
	c := newClock(Limits{MoveTime: time.Second}, board.White, now)
	assert.Equal(t, c.soft, c.hard)
	assert.Less(t, c.hard, time.Second)
	c = newClock(Limits{Infinite: true, Time: [2]time.Duration{time.Second, time.Second}}, board.White, now)
	assert.Zero(t, c.hard, "infinite ignores the clock")
	c = newClock(Limits{Depth: 5}, board.White, now)
	assert.False(t, c.hardExpired())
	c = newClock(Limits{Time: [2]time.Duration{time.Hour, time.Second}}, board.Black, now)
	assert.Less(t, c.hard, 400*time.Millisecond, "Black's clock is read")
}
