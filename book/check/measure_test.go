package check

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSplitCommand(t *testing.T) {
	w, err := splitCommand(`cb2026 perft 2 "8/8/8/8/8/8/8/K6k w - - 0 1"`)
	require.NoError(t, err)
	assert.Equal(t, []string{"cb2026", "perft", "2", "8/8/8/8/8/8/8/K6k w - - 0 1"}, w)
	_, err = splitCommand(`cb2026 'x`)
	assert.Error(t, err)
}
