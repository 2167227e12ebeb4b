package site

import (
	"bytes"
	"html/template"
	"os"
	"path/filepath"
	"testing"

	"cb2026/stages"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The diff page of a step lists every file the step changes, the README and
// both stage files included, marks the stage files, and its counts are
// those of the files it lists; the manifest is no file of a view.
func TestDiffPageListsTheWholeStep(t *testing.T) {
	before, after := t.TempDir(), t.TempDir()
	write := func(dir string, files map[string]string) {
		for name, text := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		}
	}
	write(before, map[string]string{
		"README.md": "# Stage 6\n", "stages/stage6.go": "package stages\n\nconst Current = 6\n", "stages/stages.go": "package stages\n",
		"engine/search/picker.go": "package search\n", "engine/search/old.go": "package search\n", ".cb2026-view": "one\n",
	})
	write(after, map[string]string{
		"README.md": "# Stage 7\n", "stages/stage7.go": "package stages\n\nconst Current = 7\n", "stages/stages.go": "package stages\n",
		"engine/search/picker.go": "package search\n\n// mvvLva\n", "engine/search/ordering.go": "package search\n", ".cb2026-view": "two\n",
	})
	st6, _ := stages.Get(6)
	st7, _ := stages.Get(7)
	body, err := diffOf(st6, st7, before, after)
	require.NoError(t, err)
	tmpl, err := template.ParseGlob("../../site/*.html")
	require.NoError(t, err)
	var page bytes.Buffer
	require.NoError(t, tmpl.ExecuteTemplate(&page, "diff.html", body))

	listed, counts := diffPageFacts(t, page.String())
	assert.Equal(t, map[string]string{
		"README.md":                 "changed",
		"engine/search/ordering.go": "added",
		"engine/search/old.go":      "removed",
		"engine/search/picker.go":   "changed",
		"stages/stage6.go":          "removed, stage file",
		"stages/stage7.go":          "added, stage file",
	}, listed)
	assert.Equal(t, [3]int{2, 2, 2}, counts)
	assertCountsMatch(t, listed, counts)
	assert.Contains(t, page.String(), "const Current = 7", "the stage file's diff is shown")
	assert.Contains(t, page.String(), "The stage file, <code>stages/stage7.go</code>, takes the place of <code>stages/stage6.go</code>")
}
