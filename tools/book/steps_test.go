package main

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"cb2026/book/view"
	"cb2026/stages"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stepDir writes a small view of stage n: its stage file, a README and a
// Go file that grows with n.
func stepDir(t *testing.T, n int) string {
	t.Helper()
	st, ok := stages.Get(n)
	require.True(t, ok)
	dir := t.TempDir()
	files := map[string]string{
		view.StageFile(st):        "package stages\n\nconst Current = " + st.String() + "\n",
		"README.md":               "# " + st.Name() + "\n",
		"engine/search/search.go": "package search\n\n// " + st.Name() + "\n",
		view.Manifest:             st.Name() + "\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	return dir
}

// views proves the step to every stage whose previous view it proved in
// the same run, in whatever order the stages were named, and an error
// names the stages.
func TestProveSteps(t *testing.T) {
	dirs := map[int]string{}
	for _, n := range []int{6, 7, 9, stages.Last, stages.Main} {
		dirs[n] = stepDir(t, n)
	}
	failed := errors.New("go test failed")
	tests := []struct {
		name   string
		list   []int
		failed map[int]bool // the views that failed their proof
		gone   int          // a view whose directory is missing
		proved int
		err    string
	}{
		{name: "6 and 7", list: []int{6, 7}, proved: 1},
		{name: "7 then 6", list: []int{7, 6}, proved: 1},
		{name: "no 8 before 9", list: []int{6, 7, 9}, proved: 1},
		{name: "20 before main", list: []int{stages.Last, stages.Main}, proved: 1},
		{name: "stage 1 has no step", list: []int{1}},
		{name: "a failed view is not stepped to", list: []int{6, 7}, failed: map[int]bool{7: true}},
		{name: "nor from", list: []int{6, 7}, failed: map[int]bool{6: true}},
		{name: "a step that cannot be read fails", list: []int{6, 7}, gone: 6,
			err: "views: the view of stage 6 with the changes of stage 7's diff page is not the view of stage 7:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var list []stages.Stage
			var proofs []view.Proof
			var errs []error
			for _, n := range tt.list {
				st, ok := stages.Get(n)
				require.True(t, ok)
				list = append(list, st)
				dir := dirs[n]
				if n == tt.gone {
					dir = filepath.Join(t.TempDir(), "gone")
				}
				proofs = append(proofs, view.Proof{Stage: st, Dir: dir})
				var err error
				if tt.failed[n] {
					err = failed
				}
				errs = append(errs, err)
			}
			proved, bad := proveSteps(list, proofs, errs)
			assert.Equal(t, tt.proved, proved, "steps proved")
			if tt.err == "" {
				assert.Empty(t, bad)
				return
			}
			require.Len(t, bad, 1)
			assert.ErrorContains(t, bad[0], tt.err)
		})
	}
}
