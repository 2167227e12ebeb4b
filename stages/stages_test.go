package stages

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAllIsThePlan(t *testing.T) {
	all := All()
	require.Len(t, all, Last+1)
	for i, s := range all[:Last] {
		assert.Equal(t, i+1, s.Number, "All()[%d].Number", i)
		assert.Equal(t, fmt.Sprintf("stage%d", s.Number), s.Tag())
		assert.Regexp(t, fmt.Sprintf(`^chapters/%02d-[a-z0-9-]+\.md$`, s.Number), s.Chapter)
		assert.Positive(t, s.BenchDepth, "stage %d bench depth", s.Number)
	}
	last := all[Last]
	assert.Equal(t, Main, last.Number)
	assert.Equal(t, "", last.Tag())
	assert.Equal(t, "main", last.Name())
}

func TestSelectedIsCurrent(t *testing.T) {
	s := Selected()
	assert.Equal(t, Current, s.Number)
	_, ok := Get(0)
	assert.False(t, ok, "Get(0) found a stage")
}

func TestItoa(t *testing.T) {
	for _, n := range []int{0, 7, 10, 20, 21, 105} {
		assert.Equal(t, fmt.Sprint(n), itoa(n), "itoa(%d)", n)
	}
}
