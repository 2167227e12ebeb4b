package spec

import (
	"os/exec"
	"strings"
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
	got, err := CacheDir("/x/y")
	require.NoError(t, err)
	assert.Equal(t, "/x/y", got)
	got, err = CacheDir("")
	require.NoError(t, err)
	assert.Contains(t, got, "cb2026/engines")
}

// A book variant is built from the chapters as book check builds it, and
// its source names the commit (the work tree's may add "+changes").
func TestPrepareBuildsABookVariant(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an engine")
	}
	engines, err := Prepare([]string{"variant=king-shadow"}, t.TempDir())
	require.NoError(t, err)
	require.Len(t, engines, 1)
	e := engines[0]
	assert.Equal(t, "cb2026-variant-king-shadow", e.Name)
	assert.FileExists(t, e.Cmd)
	assert.NotEmpty(t, e.Source)
	assert.Contains(t, e.String(), "variant=king-shadow (source ")
	cmd := exec.Command(e.Cmd)
	cmd.Stdin = strings.NewReader("position fen rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8\nperft 3\nwait\nquit\n")
	out, err := cmd.Output()
	require.NoError(t, err)
	assert.Contains(t, string(out), "Nodes searched: 62386", "the variant's count (the engine's is 62379)")

	_, err = Prepare([]string{"variant=no-such-thing"}, t.TempDir())
	assert.ErrorContains(t, err, `no variant named "no-such-thing"`)
}
