package check

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mutationChapter is the real chapter the mutation test breaks and repairs:
// the first, whose check is the quickest of those that quote the engine and
// state its bench.
const mutationChapter = "chapters/01-board.md"

// copyRepo copies what a check of the real book needs into a temporary
// directory: the module files, the engine, the stage table, the test data
// (a stage's view holds it), the chapters and the tuner (chapter 20 quotes
// it); the recorded results the
// chapters name are linked, not copied (they are only looked up).
func copyRepo(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	for _, p := range []string{"tools/match/results", "tools/speed/results", "tools/suite/results"} {
		abs, err := filepath.Abs(filepath.Join("../..", p))
		require.NoError(t, err)
		if _, err := os.Stat(abs); err == nil {
			require.NoError(t, os.MkdirAll(filepath.Join(dst, filepath.Dir(p)), 0o755))
			require.NoError(t, os.Symlink(abs, filepath.Join(dst, p)))
		}
	}
	for _, p := range []string{"go.mod", "go.sum", "engine", "stages", "testdata", "chapters", "tools/tune"} {
		src := filepath.Join("../..", p)
		require.NoError(t, filepath.Walk(src, func(path string, fi os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel("../..", path)
			if fi.IsDir() {
				return os.MkdirAll(filepath.Join(dst, rel), 0o755)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
		}))
	}
	return dst
}

// replaceOnce replaces old with new in a file, exactly once.
func replaceOnce(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, 1, bytes.Count(data, []byte(old)), "%s must hold %q once", path, old)
	require.NoError(t, os.WriteFile(path, bytes.Replace(data, []byte(old), []byte(new), 1), 0o644))
}

// lineOf returns the 1-based line of the first occurrence of s after the
// first occurrence of after.
func lineOf(t *testing.T, path, after, s string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	i := bytes.Index(data, []byte(after))
	require.GreaterOrEqual(t, i, 0)
	j := bytes.Index(data[i:], []byte(s))
	require.GreaterOrEqual(t, j, 0)
	return bytes.Count(data[:i+j], []byte("\n")) + 1
}

// TestMutation breaks a copy of the real repository twice, once in the
// engine and once in the book, and checks that check names both places and
// that fix brings the copy back to a passing state.
func TestMutation(t *testing.T) {
	if testing.Short() || os.Getenv("CB2026_BOOK_CHECK") != "" {
		t.Skip("builds the real engine several times; skipped in -short and inside book check")
	}
	if _, err := os.Stat(filepath.Join("../..", mutationChapter)); err != nil {
		t.Skip("no chapter to mutate yet")
	}
	root := copyRepo(t)
	chapter := filepath.Join(root, mutationChapter)

	// One line inside a referenced declaration (Position.putPiece) changes
	// in the engine, its behaviour the same.
	replaceOnce(t, filepath.Join(root, "engine/board/position.go"), "\tbb := SquareBB(sq)\n\tp.key ^= zobristPiece[pc][sq]\n\tp.board[sq] = pc",
		"\tvar bb Bitboard = SquareBB(sq)\n\tp.key ^= zobristPiece[pc][sq]\n\tp.board[sq] = pc")
	codeLine := lineOf(t, chapter, `decl="Position.putPiece"}`, "\tbb := SquareBB(sq)")
	// One digit of the stated bench changes in the chapter.
	replaceOnce(t, chapter, "[332](bench:1) pieces", "[333](bench:1) pieces")
	benchLine := lineOf(t, chapter, "", "[333](bench:1)")

	opt := Options{Root: root, Files: []string{mutationChapter}, Allowed: AllowedMentions}
	res, err := Run(opt)
	require.NoError(t, err)
	var got []string
	for _, p := range res.Problems {
		got = append(got, p.String())
	}
	assert.Equal(t, []string{
		fmt.Sprintf(`%s:%d: stale code block (engine/board/position.go Position.putPiece) — stated "\tbb := SquareBB(sq)", measured "\tvar bb Bitboard = SquareBB(sq)"`, mutationChapter, codeLine),
		fmt.Sprintf("%s:%d: stale figure bench:1 — stated 333, measured 332", mutationChapter, benchLine),
	}, got)

	var out strings.Builder
	require.NoError(t, Fix(root, res.Edits, &out))
	assert.Contains(t, out.String(), "figure bench:1: 333 → 332")
	res, err = Run(opt)
	require.NoError(t, err)
	assert.Empty(t, res.Problems, "after fix")
}

// A block of chapter 7 that quotes code of a later chapter is refused with
// the stage's view named: the file, the declaration and the region are
// not in stage 7's view.
func TestLaterCodeIsNotInTheView(t *testing.T) {
	res, got := checkProbe(t, "---\ntitle: Probe\nstage: 7\nmilestone: M2\ncode: []\n---\n\n# Probe\n\n"+
		"```go {file=\"engine/search/see.go\" decl=\"SEE\"}\n```\n\n"+
		"```go {file=\"engine/search/picker.go\" decl=\"picker.nextKiller\"}\n```\n\n"+
		"```go {file=\"engine/search/picker.go\" decl=\"mainOrder\" stage=\"15\"}\n```\n")
	assert.Contains(t, got, probeChapter+":10: file engine/search/see.go is not in stage 7's view: all its code comes with later chapters")
	assert.Contains(t, got, probeChapter+":13: engine/search/picker.go picker.nextKiller is not in stage 7's view: it comes with a later chapter")
	// A block may quote another stage's view: stage 15's list ends with
	// the bad captures, which stage 7's has not.
	assert.Contains(t, editContaining(res, "mainOrder"), "stageBadCaptures,\n\t\tstageDone,", "the block is filled from stage 15's view")
}

// A block may quote a tool, which no stage's view holds: it is quoted as
// the repository has it, at any stage, and an unknown declaration of it is
// still an error; an engine file is still quoted from the view.
func TestToolCodeIsQuotedFromTheRepository(t *testing.T) {
	res, got := checkProbe(t, "---\ntitle: Probe\nstage: 7\nmilestone: M2\ncode: []\n---\n\n# Probe\n\n"+
		"```go {file=\"tools/tune/texel.go\" decl=\"sigmoid\"}\n```\n\n"+
		"```go {file=\"tools/tune/texel.go\" decl=\"nosuch\"}\n```\n\n"+
		"```go {file=\"engine/search/see.go\" decl=\"SEE\"}\n```\n")
	assert.Contains(t, got, probeChapter+`:11: stale code block (tools/tune/texel.go sigmoid) — stated end of block, measured "// sigmoid returns the expected score 1 / (1 + 10^(−k·s/400)) of a position"`)
	assert.Contains(t, got, probeChapter+":13: unknown declaration nosuch in tools/tune/texel.go")
	assert.Contains(t, got, probeChapter+":16: file engine/search/see.go is not in stage 7's view: all its code comes with later chapters")
	assert.Contains(t, editContaining(res, "func sigmoid"), "func sigmoid(k, s float64) float64 {\n\treturn 1 / (1 + exp(", "the block is filled from the repository's file")
}

// editContaining returns the new text of the last of res's edits that
// contains s, or "" when none does.
func editContaining(res *Result, s string) string {
	var text string
	for _, e := range res.Edits {
		if strings.Contains(e.New, s) {
			text = e.New
		}
	}
	return text
}

// probeChapter is the chapter checkProbe writes.
const probeChapter = "chapters/07-probe.md"

// checkProbe checks a stage-7 chapter of the given text in a copy of the
// repository, against the real engine's views, and returns the result and
// its problems as strings. It skips in -short and inside book check.
func checkProbe(t *testing.T, text string) (*Result, []string) {
	t.Helper()
	if testing.Short() || os.Getenv("CB2026_BOOK_CHECK") != "" {
		t.Skip("writes a view of the real engine; skipped in -short and inside book check")
	}
	root := copyRepo(t)
	require.NoError(t, os.WriteFile(filepath.Join(root, probeChapter), []byte(text), 0o644))
	res, err := Run(Options{Root: root, Files: []string{probeChapter}, Allowed: AllowedMentions})
	require.NoError(t, err)
	var got []string
	for _, p := range res.Problems {
		got = append(got, p.String())
	}
	return res, got
}
