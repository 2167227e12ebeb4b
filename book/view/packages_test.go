package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ReadsStageTag finds stages.Current, stages.Bench and stages.Selected as code, under any
// import name, and not in comments or strings.
func TestReadsStageTag(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"constant", "package p\nimport \"cb2026/stages\"\nvar x = stages.Current", true},
		{"row", "package p\nimport \"cb2026/stages\"\nfunc f() { _ = stages.Selected() }", true},
		{"bench", "package p\nimport \"cb2026/stages\"\nvar x = stages.Bench", true},
		{"renamed", "package p\nimport st \"cb2026/stages\"\nvar x = st.Current", true},
		{"table only", "package p\nimport \"cb2026/stages\"\nvar x = stages.All()", false},
		{"comment and string", "package p\nimport \"cb2026/stages\"\n// stages.Current\nvar x, y = \"stages.Current\", stages.Main", false},
		{"another stages", "package p\nimport \"other/stages\"\nvar x = stages.Current", false},
	} {
		got, err := ReadsStageTag(tc.name+".go", []byte(tc.src))
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.want, got, tc.name)
	}
	_, err := ReadsStageTag("broken.go", []byte("package"))
	assert.Error(t, err, "a file that does not parse")
}

// Affected follows readers of the stage's constant and changed packages to
// their dependents, but not mere importers of the stages package.
func TestAffected(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"stages/stages.go":  "package stages\nconst Main = 21\nfunc All() []int { return nil }",
		"search/search.go":  "package search\nimport \"cb2026/stages\"\nvar d = stages.Current",
		"uci/uci.go":        "package uci\nimport _ \"cb2026/search\"",
		"match/match.go":    "package match\nimport \"cb2026/stages\"\nvar n = len(stages.All())",
		"board/board.go":    "package board",
		"board/fen_test.go": "package board",
		"eval/eval.go":      "package eval",
		"tune/tune.go":      "package tune\nimport _ \"cb2026/eval\"",
		"suite/x_test.go":   "package suite_test\nimport \"cb2026/stages\"\nvar c = stages.Current",
	}
	for name, src := range files {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	line := func(path, pkgDir, goFiles, deps string) string {
		return strings.Join([]string{path, filepath.Join(dir, pkgDir), goFiles, deps}, "|")
	}
	out := strings.Join([]string{
		line("cb2026/stages", "stages", "stages.go  ", ""),
		line("cb2026/search", "search", "search.go  ", "cb2026/stages"),
		line("cb2026/uci", "uci", "uci.go  ", "cb2026/search cb2026/stages"),
		line("cb2026/match", "match", "match.go  ", "cb2026/stages"),
		line("cb2026/board", "board", "board.go fen_test.go ", ""),
		line("cb2026/board [cb2026/board.test]", "board", "/elsewhere/_testmain.go", ""),
		line("cb2026/eval", "eval", "eval.go  ", ""),
		line("cb2026/tune", "tune", "tune.go  ", "cb2026/eval"),
		line("cb2026/suite", "suite", "  x_test.go", ""),
		line("cb2026/suite.test", "suite", "/cache/_testmain.go", "cb2026/stages"),
		"go: downloading something",
	}, "\n")

	got, err := Affected(out, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"cb2026/search", "cb2026/stages", "cb2026/suite", "cb2026/uci"}, got,
		"a tagged build: the readers and what depends on them, not the table's readers")

	got, err = Affected(out, func(pkgDir string) bool { return filepath.Base(pkgDir) == "eval" || filepath.Base(pkgDir) == "stages" })
	require.NoError(t, err)
	assert.Equal(t, []string{"cb2026/eval", "cb2026/search", "cb2026/stages", "cb2026/suite", "cb2026/tune", "cb2026/uci"}, got,
		"a view: a changed package and its dependents too; a changed stages package is not followed")

	_, err = Affected(line("cb2026/gone", "gone", "gone.go", ""), nil)
	assert.Error(t, err, "a file go list names that is not there")
}

// sameCode compares tokens: comments, a marker among them, and the spaces
// gofmt moves do not count; code, a string's text and a directive do.
func TestSameCode(t *testing.T) {
	const base = "package p\n\ntype T struct {\n\ta    int //book:stage 2\n\tlong int // the long one\n}\n"
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"itself", base, true},
		{"marker gone, comments realigned", "package p\n\ntype T struct {\n\ta    int\n\tlong int // the long one\n}\n", true},
		{"doc comment added", "// Package p.\npackage p\n\ntype T struct {\n\ta int\n\tlong int\n}\n", true},
		{"field gone", "package p\n\ntype T struct {\n\tlong int // the long one\n}\n", false},
		{"type changed", "package p\n\ntype T struct {\n\ta    int8\n\tlong int // the long one\n}\n", false},
		{"directive", "//go:build stage3\n\n" + base, false},
		{"string", "package p\n\nvar s = \"a\"\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			a, b := filepath.Join(dir, "a.go"), filepath.Join(dir, "b.go")
			require.NoError(t, os.WriteFile(a, []byte(base), 0o644))
			require.NoError(t, os.WriteFile(b, []byte(tc.src), 0o644))
			same, err := sameCode(a, b)
			require.NoError(t, err)
			assert.Equal(t, tc.want, same)
		})
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.go")
	require.NoError(t, os.WriteFile(bad, []byte("package p\nvar s = \"open\n"), 0o644))
	_, err := sameCode(bad, bad)
	assert.ErrorContains(t, err, "bad.go:2")
}
