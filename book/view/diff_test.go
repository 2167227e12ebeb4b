package view

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"cb2026/stages"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stepViews writes two small views, a step apart as stage 6 and stage 7
// are: the stage file renamed, the README and a Go file changed, a file
// added (an empty one too) and one removed. Each has a Manifest, which
// differs and is no part of the step.
func stepViews(t *testing.T) (before, after string) {
	t.Helper()
	before, after = t.TempDir(), t.TempDir()
	writeFiles(t, before, map[string]string{
		"README.md":                  "# Stage 6\n",
		"go.mod":                     "module cb2026\n",
		"stages/stage6.go":           "package stages\n\nconst Current = 6\n",
		"stages/stages.go":           "package stages\n",
		"engine/search/picker.go":    "package search\n\nfunc score() int { return 0 }\n",
		"engine/search/old.go":       "package search\n",
		"engine/search/unchanged.go": "package search\n",
		Manifest:                     "one\n",
	})
	writeFiles(t, after, map[string]string{
		"README.md":                  "# Stage 7\n",
		"go.mod":                     "module cb2026\n",
		"stages/stage7.go":           "package stages\n\nconst Current = 7\n",
		"stages/stages.go":           "package stages\n",
		"engine/search/picker.go":    "package search\n\nfunc score() int { return mvvLva() }\n",
		"engine/search/ordering.go":  "package search\n\nfunc mvvLva() int { return 1 }\n",
		"engine/search/empty.go":     "",
		"engine/search/unchanged.go": "package search\n",
		Manifest:                     "two\n",
	})
	return before, after
}

// Diff names every file a step adds, removes or changes, the README and
// the stage files included, and never the Manifest.
func TestDiff(t *testing.T) {
	before, after := stepViews(t)
	got, err := Diff(before, after)
	require.NoError(t, err)
	want := []Change{
		{"README.md", Changed},
		{"engine/search/empty.go", Added},
		{"engine/search/old.go", Removed},
		{"engine/search/ordering.go", Added},
		{"engine/search/picker.go", Changed},
		{"stages/stage6.go", Removed},
		{"stages/stage7.go", Added},
	}
	assert.Equal(t, want, got, "Diff(stage 6, stage 7)")

	got, err = Diff(after, after)
	require.NoError(t, err)
	assert.Empty(t, got, "Diff of a view with itself")

	_, err = Diff(before, filepath.Join(after, "nowhere"))
	assert.ErrorContains(t, err, "nowhere")
}

// CheckStep passes when Diff's changes make the earlier view the later, and
// leaving any one change out fails it, naming the file.
func TestCheckStepNamesTheFileLeftOut(t *testing.T) {
	before, after := stepViews(t)
	require.NoError(t, CheckStep(before, after))
	all, err := Diff(before, after)
	require.NoError(t, err)
	wants := map[Kind]string{Changed: "differs from the later view's", Added: "missing, the later view has it", Removed: "left over, the later view has no such file"}
	for i, c := range all {
		t.Run(c.File, func(t *testing.T) {
			err := checkChanges(before, after, slices.Delete(slices.Clone(all), i, i+1))
			assert.EqualError(t, err, c.File+": "+wants[c.Kind])
		})
	}
	assert.Equal(t, files(t, before)["stages/stage6.go"], "package stages\n\nconst Current = 6\n", "the earlier view is left as it was")
}

// Apply refuses a change outside the view, or of no kind, before it
// changes anything.
func TestApplyRefusesBadChanges(t *testing.T) {
	tests := []struct {
		change Change
		want   string
	}{
		{Change{"../x.go", Added}, `view: apply: "../x.go" is not a file inside a view`},
		{Change{"/etc/passwd", Changed}, `view: apply: "/etc/passwd" is not a file inside a view`},
		{Change{"engine/../x.go", Added}, `view: apply: "engine/../x.go" is not a file inside a view`},
		{Change{".", Removed}, `view: apply: "." is not a file inside a view`},
		{Change{"", Removed}, `view: apply: "" is not a file inside a view`},
		{Change{"engine/search/old.go", 0}, "view: apply: engine/search/old.go: Kind(0) is not a change"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.change), func(t *testing.T) {
			before, after := stepViews(t)
			was := files(t, before)
			changes := []Change{{"engine/search/old.go", Removed}, tt.change}
			assert.EqualError(t, Apply(before, after, changes), tt.want)
			assert.Equal(t, was, files(t, before), "Apply changed nothing")
		})
	}
}

func TestPreviousAndStageFile(t *testing.T) {
	tests := []struct {
		n    int
		prev int // 0: none
		file string
	}{
		{1, 0, "stages/stage1.go"},
		{7, 6, "stages/stage7.go"},
		{stages.Main, stages.Last, "stages/main.go"},
	}
	for _, tt := range tests {
		st, ok := stages.Get(tt.n)
		require.True(t, ok)
		prev, ok := Previous(st)
		assert.Equal(t, tt.prev != 0, ok, "Previous(%s)", st.Name())
		assert.Equal(t, tt.prev, prev.Number, "Previous(%s)", st.Name())
		assert.Equal(t, tt.file, StageFile(st), "StageFile(%s)", st.Name())
	}
}
