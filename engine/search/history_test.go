package search

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGravityStaysBounded(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var v int16
	for range 100000 {
		bonus := r.IntN(4*maxHistory) - 2*maxHistory
		gravity(&v, bonus)
		assert.LessOrEqual(t, int(v), maxHistory)
		assert.GreaterOrEqual(t, int(v), -maxHistory)
	}
	v = 0
	for range 1000 {
		gravity(&v, historyBonus(12))
	}
	assert.InDelta(t, maxHistory, int(v), 200, "repeated bonuses approach the bound")
}

func TestHistoryBonus(t *testing.T) {
	assert.Equal(t, 1, historyBonus(1))
	assert.Equal(t, 100, historyBonus(10))
	assert.Equal(t, maxHistory, historyBonus(1000))
}
