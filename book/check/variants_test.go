package check

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVariantsAreTheChaptersVariantBlocks(t *testing.T) {
	vs, err := Variants(fixture)
	require.NoError(t, err)
	require.Contains(t, vs, "ten")
	v := vs["ten"]
	assert.Equal(t, "engine/board/perft.go", v.File)
	assert.Equal(t, "Perft", v.Replaces)
	assert.Equal(t, "chapters/01-board.md", v.Chapter)
	assert.Len(t, vs, 1)
}

// The built variant is the engine with the variant's code: the fixture's
// "ten" counts ten moves a node where the engine counts twenty.
func TestBuildVariantBuildsTheVariant(t *testing.T) {
	dir := t.TempDir()
	bin, err := BuildVariant(fixture, dir, "ten")
	require.NoError(t, err)
	assert.Equal(t, dir, filepath.Dir(bin))
	assert.True(t, strings.HasPrefix(filepath.Base(bin), "cb2026-variant-ten"), bin)
	out, err := exec.Command(bin, "perft", "2").Output()
	require.NoError(t, err)
	assert.Contains(t, string(out), "Nodes searched: 100")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "only the binary is left behind")
}

func TestBuildVariantNamesTheKnownOnes(t *testing.T) {
	_, err := BuildVariant(fixture, t.TempDir(), "eleven")
	assert.EqualError(t, err, `no variant named "eleven" (the chapters have: ten)`)
}

// A variant's copy of the module holds what go build reads, and none of the
// data beside it (the matches' games run to tens of megabytes).
func TestCopyModuleCopiesWhatGoBuildReads(t *testing.T) {
	root, dst := t.TempDir(), t.TempDir()
	files := map[string]bool{ // path: copied
		"go.mod":                          true,
		"go.sum":                          true,
		"engine/board/board.go":           true,
		"engine/board/board_test.go":      true,
		"tools/match/results/a/games.pgn": false,
		"README.md":                       false,
		"engine/board/testdata/x.go":      false,
		"chapters/01-board.md":            false,
		"_site/index.html":                false,
		".git/HEAD":                       false,
	}
	for p := range files {
		require.NoError(t, os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(root, p), []byte(p), 0o644))
	}
	require.NoError(t, copyModule(root, dst))
	for p, copied := range files {
		_, err := os.Stat(filepath.Join(dst, p))
		assert.Equal(t, copied, err == nil, p)
	}
}
