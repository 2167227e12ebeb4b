package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRun(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		status int
		stderr string
		stdout string
	}{
		{"no command", nil, 2, "usage: book check|fix|build|serve", ""},
		{"unknown command", []string{"publish"}, 2, `book: unknown command "publish"`, ""},
		{"bad flag", []string{"check", "-nope"}, 2, "flag provided but not defined: -nope", ""},
		{"problem", []string{"check", "-q", "-root", "../../book/testdata/mod", "bad/01-no-bench.md"}, 1,
			"bad/01-no-bench.md:1: the chapter does not state its stage's bench — want a figure like [N](bench:1)\nbook: 1 problems", ""},
		{"variant needs a name", []string{"variant"}, 2, "usage: book variant [-o FILE] NAME", ""},
		{"unknown variant", []string{"variant", "-root", "../../book/testdata/mod", "eleven"}, 1,
			`book: no variant named "eleven" (the chapters have: ten)`, ""},
		{"stats of a named chapter", []string{"check", "-stats", "-root", "../../book/testdata/mod", "stats/01-numbers.md"}, 0, "",
			"stats/01-numbers.md       3       0         6    33%\ntotal                     3       0         6    33%\nstats/01-numbers.md:12: 12.5% in"},
		{"stats of a missing chapter", []string{"check", "-stats", "-root", "../../book/testdata/mod", "stats/nope.md"}, 1, "book: stats: open", ""},
		{"fix reports what it cannot repair", []string{"fix", "-q", "-root", "../../book/testdata/mod", "bad/01-unknown-decl.md"}, 1,
			"book: 1 problems fix cannot repair", "book: nothing to fix"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			assert.Equal(t, tt.status, run(tt.args, &stdout, &stderr))
			assert.Contains(t, stderr.String(), tt.stderr)
			assert.Contains(t, stdout.String(), tt.stdout)
		})
	}
}

// variant writes the variant's engine where asked, and never over a file.
func TestVariantWritesTheEngineOnce(t *testing.T) {
	file := filepath.Join(t.TempDir(), "ten")
	args := []string{"variant", "-root", "../../book/testdata/mod", "-o", file, "ten"}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run(args, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "wrote "+file)
	out, err := exec.Command(file, "perft", "2").Output()
	require.NoError(t, err)
	assert.Contains(t, string(out), "Nodes searched: 100", "ten moves a node")

	require.NoError(t, os.WriteFile(file, []byte("mine"), 0o644))
	stderr.Reset()
	assert.Equal(t, 1, run(args, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "exists")
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, "mine", string(data), "the file is left as it was")
}

// tree returns the files and directories under dir (slash paths), links
// not followed.
func tree(t *testing.T, dir string) []string {
	t.Helper()
	var got []string
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, p)
		got = append(got, filepath.ToSlash(rel))
		return err
	}))
	return got
}

// view refuses a directory that is, holds or lies inside the repository,
// through links too, and then has written and deleted nothing. The
// repository is a temporary fake one.
func TestViewRefusesTheRepository(t *testing.T) {
	top, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	parent := filepath.Join(top, "parent")
	repo := filepath.Join(parent, "repo")
	for _, d := range []string{".git", "engine/board", "stages", "testdata"} {
		require.NoError(t, os.MkdirAll(filepath.Join(repo, d), 0o755))
	}
	for _, f := range []string{".git/HEAD", "engine/board/board.go", "go.mod", "go.sum", "stages/stages.go"} {
		require.NoError(t, os.WriteFile(filepath.Join(repo, f), []byte("package x\n"), 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(parent, "sibling.txt"), []byte("keep me\n"), 0o644))
	require.NoError(t, os.Symlink(repo, filepath.Join(top, "link-to-repo")))
	require.NoError(t, os.Symlink(filepath.Join(repo, "engine"), filepath.Join(top, "link-inside")))
	tests := []struct {
		name string
		args []string
		err  string
	}{
		{"replace the repository's parent", []string{"-replace", "7", repo + "/.."}, "contains the repository"},
		{"replace the repository", []string{"-replace", "7", repo}, "is the repository"},
		{"replace it through a link", []string{"-replace", "7", filepath.Join(top, "link-to-repo")}, "is the repository"},
		{"a name inside that starts with ..", []string{"7", filepath.Join(repo, "..foo")}, "is inside the repository"},
		{"a link to a directory inside", []string{"7", filepath.Join(top, "link-inside")}, "is inside the repository"},
		{"under a link to a directory inside", []string{"7", filepath.Join(top, "link-inside", "view")}, "is inside the repository"},
		{"a stage out of range", []string{"21", filepath.Join(top, "view")}, `"21": not a stage (want 1..20 or main)`},
		{"not a stage", []string{"seven", filepath.Join(top, "view")}, `"seven": not a stage`},
	}
	before := tree(t, top)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			assert.Equal(t, 1, run(append([]string{"view", "-root", repo}, tt.args...), &stdout, &stderr))
			assert.Contains(t, stderr.String(), tt.err)
			assert.Equal(t, before, tree(t, top), "nothing written, nothing deleted")
		})
	}
}

// starter refuses bad input with a clear error and then has written and
// deleted nothing: a stage out of range, a stage whose chapter names no
// functions to write, a target that is, holds or lies inside the
// repository (through .. or a link too), and a non-empty target that is
// not a starter or view written before. The repository is a fake one.
func TestStarterRefusesBadInput(t *testing.T) {
	top, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	repo := filepath.Join(top, "repo")
	files := map[string]string{
		".git/HEAD":                 "ref: refs/heads/main\n",
		"go.mod":                    "module cb2026\n",
		"engine/search/ordering.go": "package search\n\nfunc mvvLva() int { return 1 }\n",
		"chapters/07-mvv-lva.md":    "---\ntitle: MVV-LVA\nstage: 7\nmilestone: M2\nstarter:\n  - engine/search/ordering.go:mvvLva\n---\n",
		"chapters/06-alpha-beta.md": "---\ntitle: Alpha-beta\nstage: 6\nmilestone: M2\n---\n",
		"chapters/08-quiescence.md": "---\ntitle: Quiescence\nstage: 8\nmilestone: M2\nstarter: engine/search/ordering.go:mvvLva\n---\n",
		"chapters/10.2-no-key.md":   "---\ntitle: No key\nstage: main\nmilestone: M5\n---\n",
		"../work/notes.txt":         "mine\n",
		"../work/engine/readme.txt": "mine too\n",
	}
	for f, text := range files {
		p := filepath.Join(repo, f)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	require.NoError(t, os.Symlink(filepath.Join(repo, "engine"), filepath.Join(top, "link-inside")))
	tests := []struct {
		name string
		args []string
		err  string
	}{
		{"a stage out of range", []string{"22", filepath.Join(top, "s")}, `starter: stages: "22": not a stage (want 1..20 or main)`},
		{"not a stage", []string{"seven", filepath.Join(top, "s")}, `"seven": not a stage`},
		{"a chapter with no starter key", []string{"6", filepath.Join(top, "s")}, "starter: chapters/06-alpha-beta.md names no functions to write (no starter: key in its front matter)"},
		{"a stage with no chapter yet", []string{"9", filepath.Join(top, "s")}, "starter: stage 9's chapter, chapters/09-iterative-deepening.md, is not written yet"},
		{"a section that is not there", []string{"10.1", filepath.Join(top, "s")}, "starter: section 10.1: want one file chapters/10.1-slug.md, found 0"},
		{"a section with no starter key", []string{"10.2", filepath.Join(top, "s")}, "starter: chapters/10.2-no-key.md names no functions to write"},
		{"a malformed starter key", []string{"8", filepath.Join(top, "s")}, "starter: chapters/08-quiescence.md:5: front matter: starter must be a list"},
		{"inside the repository", []string{"7", filepath.Join(repo, "starter")}, "is inside the repository"},
		{"the repository through ..", []string{"-replace", "7", repo + "/engine/.."}, "is the repository"},
		{"a link into the repository", []string{"7", filepath.Join(top, "link-inside", "s")}, "is inside the repository"},
		{"a non-empty directory", []string{"7", filepath.Join(top, "work")}, "is not empty (-replace replaces a previous view)"},
		{"replace what is not a starter", []string{"-replace", "7", filepath.Join(top, "work")}, "is not empty and not a view"},
		{"too few arguments", []string{"7"}, "starter: want a stage or section and a directory"},
	}
	before := tree(t, top)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			assert.Equal(t, 1, run(append([]string{"starter", "-root", repo}, tt.args...), &stdout, &stderr))
			assert.Contains(t, stderr.String(), tt.err)
			assert.Equal(t, before, tree(t, top), "nothing written, nothing deleted")
		})
	}
}

// check -stats reports, it fails nothing: exit 0 whatever the share, and
// nothing on stderr.
func TestCheckStatsFailsNothing(t *testing.T) {
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 0, run([]string{"check", "-stats", "-root", "../../book/testdata/mod"}, &stdout, &stderr))
	assert.Empty(t, stderr.String())
	assert.Contains(t, stdout.String(), "answers/01-board.md")
	assert.Regexp(t, `(?m)^total +11 +0 +0 +100%$`, stdout.String())
}
