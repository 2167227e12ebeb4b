package view

import (
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/stages"
)

// handoutRepo writes a small engine a handout can be cut from: the book's
// go.mod and go.sum (with its tool line and every dependency of the book),
// a stage file with its Bench, and a package whose test grades the bench
// as the engine's does. It returns the repository's root.
func handoutRepo(t *testing.T) string {
	t.Helper()
	mod, err := os.ReadFile("../../go.mod")
	require.NoError(t, err)
	sum, err := os.ReadFile("../../go.sum")
	require.NoError(t, err)
	root := filepath.Join(t.TempDir(), "repo")
	writeFiles(t, root, map[string]string{
		"go.mod":           string(mod),
		"go.sum":           string(sum),
		"stages/stages.go": "// Package stages says the stage.\npackage stages\n\n// Main is main's number.\nconst Main = 21\n",
		"stages/stage7.go": "//go:build stage7\n\npackage stages\n\n// Current is 7.\nconst Current = 7\n\n// Bench is the bench's count.\nconst Bench = 3\n",
		"stages/main.go":   "//go:build !stage7\n\npackage stages\n\n// Current is main.\nconst Current = Main\n\n// Bench is the bench's count.\nconst Bench = 5\n",
		"testdata/x.txt":   "data\n",
		"engine/e/e.go":    "// Package e benches.\npackage e\n\n// Nodes is the bench's count.\nfunc Nodes() int { return 3 }\n",
		"engine/e/e_test.go": `package e

import (
	"testing"

	"github.com/stretchr/testify/require"

	"cb2026/stages"
)

func TestBench(t *testing.T) {
	require.Positive(t, Nodes())
	if Nodes() != stages.Bench {
		t.Fatalf("bench %d nodes, stage %d expects %d", Nodes(), stages.Current, stages.Bench)
	}
}
`,
	})
	return root
}

// makeGrade runs make grade in dir and returns its verdict, the last line
// that starts with "grade:" (make adds a line of its own on a failure), and
// whether it passed.
func makeGrade(t *testing.T, dir string) (string, bool) {
	t.Helper()
	cmd := exec.Command("make", "grade")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	verdict := "(no verdict) " + string(out)
	for l := range strings.Lines(string(out)) {
		if strings.HasPrefix(l, "grade:") {
			verdict = strings.TrimSuffix(l, "\n")
		}
	}
	return verdict, err == nil
}

// A handout grades itself and stands alone: its go.mod requires only what
// it imports, make grade passes with one line of verdict and fails, naming
// the bench's count, when a technique is wrong, a stage tag is refused, and
// with only its modules in an empty module cache and no proxy it passes.
func TestHandout(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	t.Setenv("GOWORK", "off")
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOFLAGS", "")
	root := handoutRepo(t)
	st, _ := stages.Get(7)
	dir := filepath.Join(t.TempDir(), "view")
	require.NoError(t, Write(Options{Root: root, Dir: dir, Stage: st}))

	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	require.NoError(t, err)
	assert.Contains(t, string(mod), "github.com/stretchr/testify", "go.mod")
	for _, not := range []string{"chromedp", "goldmark", "gonum", "golang.org/x/tools", "honnef.co", "\ntool "} {
		assert.NotContains(t, string(mod), not, "go.mod requires what the view does not import")
	}

	line, ok := makeGrade(t, dir)
	assert.True(t, ok, "make grade on the view: %s", line)
	assert.Equal(t, "grade: stage 7 passes (vet, tests, bench 3 nodes)", line)

	require.NoError(t, refusesTags(dir, st))
	require.NoError(t, standAlone(dir, t.TempDir()))

	e := filepath.Join(dir, "engine", "e", "e.go")
	src, err := os.ReadFile(e)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(e, []byte(strings.Replace(string(src), "return 3", "return 4", 1)), 0o644))
	line, ok = makeGrade(t, dir)
	assert.False(t, ok, "make grade on a wrong technique")
	assert.Equal(t, "grade: stage 7 FAILS: bench 4 nodes, stage 7 expects 3", line)
	require.NoError(t, os.WriteFile(e, src, 0o644))

	// A go.sum that lacks a line the view needs does not stand alone.
	sum := filepath.Join(dir, "go.sum")
	data, err := os.ReadFile(sum)
	require.NoError(t, err)
	var kept []string
	for l := range strings.Lines(string(data)) {
		if !strings.HasPrefix(l, "github.com/stretchr/testify ") {
			kept = append(kept, l)
		}
	}
	require.NoError(t, os.WriteFile(sum, []byte(strings.Join(kept, "")), 0o644))
	assert.ErrorContains(t, standAlone(dir, t.TempDir()), "standing alone: ")
}

// The guard file is as gofmt prints it, built only under a stage tag, and
// names the handout's stage.
func TestGuardText(t *testing.T) {
	for _, tc := range []struct {
		stage int
		want  string
	}{
		{1, `"this handout builds only stage 1: build it without -tags"`},
		{7, `"this handout builds only stage 7: build it without -tags"`},
		{20, `"this handout builds only stage 20: build it without -tags"`},
		{stages.Main, `"this handout builds only main: build it without -tags"`},
	} {
		st, _ := stages.Get(tc.stage)
		src := guardText(st)
		out, err := format.Source(src)
		require.NoError(t, err, "guardText(%s)", st.Name())
		assert.Equal(t, string(out), string(src), "guardText(%s) is not as gofmt prints it", st.Name())
		assert.Contains(t, string(src), tc.want, "guardText(%s)", st.Name())
		assert.True(t, strings.HasPrefix(string(src), "//go:build stage1 || stage2 || "), "guardText(%s): %s", st.Name(), src)
		assert.Contains(t, string(src), " || stage20\n", "guardText(%s)", st.Name())
	}
}
