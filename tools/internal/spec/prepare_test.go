package spec

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPrepareNamesTwinsApart(t *testing.T) {
	engines, err := Prepare([]string{"cmd=/usr/games/stockfish", "cmd=/usr/games/stockfish"}, t.TempDir())
	require.NoError(t, err)
	require.Len(t, engines, 2)
	assert.Equal(t, "stockfish", engines[0].Name)
	assert.Equal(t, "stockfish-2", engines[1].Name)
}

func TestPrepareReportsABadSpec(t *testing.T) {
	_, err := Prepare([]string{"colour=blue"}, t.TempDir())
	assert.Error(t, err)
}

func TestCacheDir(t *testing.T) {
	got, err := cacheDir("/x/y")
	require.NoError(t, err)
	assert.Equal(t, "/x/y", got)
	got, err = cacheDir("")
	require.NoError(t, err)
	assert.Contains(t, got, "cb2026/engines")
}
