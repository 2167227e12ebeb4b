//book:stage main

package search

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/eval"
)

func TestEvalCacheProbeAndStore(t *testing.T) {
	var c evalCache
	c.prepare(eval.AllTerms())
	_, ok := c.probe(0)
	assert.False(t, ok, "an empty cache holds nothing, not even for key 0")
	c.store(42, -17)
	score, ok := c.probe(42)
	assert.True(t, ok)
	assert.Equal(t, -17, score)
	_, ok = c.probe(42 + 1<<evalCacheBits)
	assert.False(t, ok, "a key sharing the slot is not a hit")
	c.store(42+1<<evalCacheBits, 5)
	_, ok = c.probe(42)
	assert.False(t, ok, "the slot was replaced")

	c.prepare(eval.AllTerms())
	_, ok = c.probe(42 + 1<<evalCacheBits)
	assert.True(t, ok, "the same terms keep the cache")
	c.prepare(eval.Terms{})
	_, ok = c.probe(42 + 1<<evalCacheBits)
	assert.False(t, ok, "other terms empty it")
}

// benchLines runs the bench and returns its lines without the timing line.
func benchLines(t *testing.T, tq Techniques, depth int) []string {
	t.Helper()
	var out bytes.Buffer
	_, err := Bench(context.Background(), &out, tq, depth)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	return lines[:len(lines)-1]
}

// The cache changes no node and no move: every bench position gives the
// same count and best move with it as without it.
func TestEvalCacheChangesNothingButSpeed(t *testing.T) {
	tq := current()
	if !tq.Evaluation {
		t.Skip("no evaluation before stage 4")
	}
	assertBenchUnchanged(t, tq, func(tq *Techniques, on bool) { tq.EvalCache = on })
}

// assertBenchUnchanged asserts that a switch changes no node and no move:
// the bench from tq, to depth 6 at most (stage 5's negamax is slow deeper),
// gives the same lines with set turning the switch on as off.
func assertBenchUnchanged(t *testing.T, tq Techniques, set func(tq *Techniques, on bool)) {
	t.Helper()
	on, off := tq, tq
	set(&on, true)
	set(&off, false)
	depth := min(6, benchDepth())
	assert.Equal(t, benchLines(t, off, depth), benchLines(t, on, depth))
}
