package search

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/stages"
)

func TestTechniqueNamesAreUnique(t *testing.T) {
	seen := map[string]bool{}
	last := 0
	for _, tech := range AllTechniques() {
		for _, name := range []string{tech.Short, tech.Option} {
			assert.False(t, seen[name], "name %q used twice", name)
			seen[name] = true
		}
		assert.GreaterOrEqual(t, tech.Stage, last, "%s out of stage order", tech.Option)
		assert.NotEmpty(t, tech.Doc, tech.Option)
		last = tech.Stage
	}
}

func TestSetAndGet(t *testing.T) {
	var tq Techniques
	for _, tech := range AllTechniques() {
		for _, name := range []string{tech.Short, tech.Option} {
			require.NoError(t, tq.Set(name, true))
			on, err := tq.Get(name)
			require.NoError(t, err)
			assert.True(t, on, "Get(%q) after Set(%q, true)", name, name)
			require.NoError(t, tq.Set(name, false))
			on, _ = tq.Get(name)
			assert.False(t, on, "Get(%q) after Set(%q, false)", name, name)
		}
	}
	assert.Error(t, tq.Set("nosuch", true))
	_, err := tq.Get("nosuch")
	assert.Error(t, err)
	require.NoError(t, tq.Set("alphabeta", true), "options are case-insensitive")
	assert.True(t, tq.AlphaBeta)
}

// Each stage's defaults are the previous stage's plus its own techniques, so
// a stage-N engine with stage N's switches off is the stage N−1 engine.
func TestStagesAddTechniques(t *testing.T) {
	assert.Equal(t, Techniques{}, DefaultTechniques(3), "stages 1–3 have no search")
	for n := 4; n <= stages.Main; n++ {
		assert.Equal(t, DefaultTechniques(n-1), DefaultTechniques(n).Without(n), "stage %d without its techniques", n)
	}
	main := DefaultTechniques(stages.Main)
	assert.False(t, main.CaptureHistory, "capture history is off by default")
	assert.False(t, main.CaptureHistoryQ)
	assert.True(t, main.LateMovePruning)
}
