package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/stages"
)

// claimTests tests a package once in a run for each fingerprint: a second
// view with the same code shares the first's tests, and any difference in
// the package, in what its tests depend on or in the test data makes it
// test again.
func TestClaimTestsSharesOnlyTheSameCode(t *testing.T) {
	// Package m/b imports m/a; b's tests also import m/c.
	files := map[string]string{
		"go.mod":               "module m\n",
		"testdata/suite.epd":   "8/8/8/8/8/8/8/K6k w - - 0 1\n",
		"a/a.go":               "package a\n",
		"a/testdata/cases":     "1\n",
		"b/b.go":               "package b\n\nimport _ \"m/a\"\n",
		"b/b_test.go":          "package b\n\nimport _ \"m/c\"\n",
		"c/c.go":               "package c\n",
		"b/inner/notb.go":      "package inner\n",
		"b/testdata/positions": "e4\n",
	}
	write := func(dir string, changes map[string]string) {
		for name, text := range files {
			if c, ok := changes[name]; ok {
				text = c
			}
			p := filepath.Join(dir, filepath.FromSlash(name))
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		}
	}
	list := func(dir string) string {
		lines := []string{
			"m/a|" + filepath.Join(dir, "a") + "|a.go|",
			"m/b|" + filepath.Join(dir, "b") + "|b.go b_test.go|m/a fmt",
			"m/c|" + filepath.Join(dir, "c") + "|c.go|",
			"m/b [m/b.test]|" + filepath.Join(dir, "b") + "|b.go b_test.go|m/a m/c",
			"m/b.test|" + filepath.Join(dir, "b") + "||m/a m/b [m/b.test] m/c testing",
		}
		return strings.Join(lines, "\n") + "\n"
	}
	st, _ := stages.Get(4)
	for _, tc := range []struct {
		name    string
		changes map[string]string
		todo    []string // what the second view tests; the rest it shares
	}{
		{"the same code", nil, nil},
		{"a dependency's code", map[string]string{"a/a.go": "package a\n\nvar X = 1\n"}, []string{"m/a", "m/b"}},
		{"a test's dependency", map[string]string{"c/c.go": "package c\n\nvar Y = 2\n"}, []string{"m/b"}},
		{"the package's test data", map[string]string{"b/testdata/positions": "d4\n"}, []string{"m/b"}},
		{"a dependency's test data", map[string]string{"a/testdata/cases": "2\n"}, []string{"m/a", "m/b"}},
		{"the view's test data", map[string]string{"testdata/suite.epd": "8/8/8/8/8/8/8/k6K w - - 0 1\n"}, []string{"m/a", "m/b"}},
		{"a comment", map[string]string{"b/b.go": "// Package b.\npackage b\n\nimport _ \"m/a\"\n"}, []string{"m/b"}},
		{"a package below it", map[string]string{"b/inner/notb.go": "package inner\n\nvar Z = 3\n"}, nil},
	} {
		work, one, two := t.TempDir(), t.TempDir(), t.TempDir()
		write(one, nil)
		write(two, tc.changes)
		pkgs := []string{"m/a", "m/b"}
		todo, shared, err := claimTests(work, one, list(one), pkgs, st)
		require.NoError(t, err, tc.name)
		assert.Equal(t, pkgs, todo, "%s: the first view tests everything", tc.name)
		assert.Empty(t, shared, tc.name)
		todo, shared, err = claimTests(work, two, list(two), pkgs, st)
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.todo, todo, tc.name)
		assert.Len(t, shared, len(pkgs)-len(tc.todo), tc.name)
		for _, s := range shared {
			assert.Contains(t, s, "(as in stage 4's view)", tc.name)
		}
	}
}
