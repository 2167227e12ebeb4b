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

//book:stage 9
func TestBudgetIsTheClocksLimits(t *testing.T) {
	ms := time.Millisecond
	tests := []Limits{
		{Time: [2]time.Duration{10000 * ms, 10000 * ms}, Inc: [2]time.Duration{100 * ms, 100 * ms}},
		{Time: [2]time.Duration{60000 * ms, 0}, MovesToGo: 1},
		{MoveTime: 1000 * ms},
		{Infinite: true},
		{Depth: 5},
	}
	for _, l := range tests {
		c := newClock(l, board.White, time.Now())
		soft, hard := Budget(l, board.White)
		assert.Equal(t, [2]time.Duration{c.soft, c.hard}, [2]time.Duration{soft, hard}, "Budget(%+v, White)", l)
	}
}
