package site

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The site keeps every match's games compressed: plain PGN is compressed on
// the way, the same bytes on every build; compressed games are copied.
func TestCopyGamesCompresses(t *testing.T) {
	src, out := t.TempDir(), t.TempDir()
	pgn := bytes.Repeat([]byte("[Event \"m\"]\n\n1. e4 {+0.30/8} e5 {-0.25/8} 1/2-1/2\n\n"), 200)
	require.NoError(t, os.WriteFile(filepath.Join(src, "games.pgn"), pgn, 0o644))
	s := &site{out: out, cache: &buildCache{}}
	r := resultsEntry{tool: "match", rel: "capthist-main-abc1234"}
	link, err := s.copyGames(r, src)
	require.NoError(t, err)
	assert.Equal(t, "capthist-main-abc1234/games.pgn.gz", link)
	dst := filepath.Join(out, "results", "match", "capthist-main-abc1234", "games.pgn.gz")
	gz, err := os.ReadFile(dst)
	require.NoError(t, err)
	assert.Less(t, len(gz), len(pgn)/5, "compressed")
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	require.NoError(t, err)
	back, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.Equal(t, pgn, back, "the games, every byte")
	again, err := gzipped(pgn)
	require.NoError(t, err)
	assert.Equal(t, gz, again, "the same bytes on every build")

	kept := []byte("already compressed")
	require.NoError(t, os.Remove(filepath.Join(src, "games.pgn")))
	require.NoError(t, os.WriteFile(filepath.Join(src, "games.pgn.gz"), kept, 0o644))
	require.NoError(t, os.Remove(dst))
	link, err = s.copyGames(r, src)
	require.NoError(t, err)
	assert.Equal(t, "capthist-main-abc1234/games.pgn.gz", link)
	got, err := os.ReadFile(dst)
	require.NoError(t, err)
	assert.Equal(t, kept, got, "copied as kept")

	link, err = s.copyGames(r, t.TempDir())
	require.NoError(t, err)
	assert.Empty(t, link, "no games, no link")
}
