package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A stage marker inside a function body, or under an enclosing marker of
// the same or a later stage, is an error with its file:line.
func TestCheckShape(t *testing.T) {
	for _, tc := range []struct {
		name, path, src string
		want            string // the error, "" if none
	}{
		{"a declaration's marker", "p.go", "package p\n\n//book:stage 3\nfunc A() {}\n", ""},
		{"a field's marker", "p.go", "package p\n\ntype T struct {\n\t//book:stage 3\n\ta int\n}\n", ""},
		{"a table row's marker outside a function", "p.go", "package p\n\nvar t = []int{\n\t1,\n\t//book:stage 3\n\t2,\n}\n", ""},
		{"a statement's marker", "p.go", "package p\n\nfunc A(x int) int {\n\t//book:stage 3\n\tx++\n\treturn x\n}\n",
			`p.go:4: stage marker "//book:stage 3" inside a function body`},
		{"a case's marker", "p.go", "package p\n\nfunc A(x int) {\n\tswitch x {\n\t//book:stage 3\n\tcase 1:\n\t}\n}\n",
			`p.go:5: stage marker "//book:stage 3" inside a function body`},
		{"a marker in a function literal", "p.go", "package p\n\nvar f = func(x int) int {\n\t//book:stage 3\n\tx++\n\treturn x\n}\n",
			`p.go:4: stage marker "//book:stage 3" inside a function body`},
		{"a later field of an earlier type", "p.go", "package p\n\n//book:stage 3\ntype T struct {\n\t//book:stage 4\n\ta int\n}\n", ""},
		{"a field of the same stage as its type", "p.go", "package p\n\n//book:stage 3\ntype T struct {\n\t//book:stage 3\n\ta int\n}\n",
			`p.go:5: stage marker "//book:stage 3" under the marker "//book:stage 3" of line 3: it cuts nothing more`},
		{"a field of an earlier stage than its type", "p.go", "package p\n\n//book:stage main\ntype T struct {\n\t//book:stage 9\n\ta int\n}\n",
			`p.go:5: stage marker "//book:stage 9" under the marker "//book:stage main" of line 3`},
		{"a declaration of a file's stage", "p.go", "//book:stage main\n\npackage p\n\n//book:stage main\nconst A = 1\n",
			`p.go:5: stage marker "//book:stage main" in a file whose header marks stage main: it cuts nothing more`},
		{"a later declaration of an earlier file", "p.go", "//book:stage 3\n\npackage p\n\n//book:stage 9\nconst A = 1\n", ""},
	} {
		f, err := parseFile(tc.path, []byte(tc.src))
		require.NoError(t, err, tc.name)
		ms, err := parseMarkers(f)
		require.NoError(t, err, tc.name)
		err = checkShape(f, ms)
		if tc.want == "" {
			assert.NoError(t, err, "%s: checkShape", tc.name)
		} else {
			assert.ErrorContains(t, err, tc.want, "%s: checkShape", tc.name)
		}
	}
}

// engineMarkers returns the stage markers of every Go file of the
// repository's engine, by slash path from the root.
func engineMarkers(t *testing.T) (map[string]*srcFile, map[string][]*marker) {
	t.Helper()
	root := filepath.Join("..", "..")
	files, markers := map[string]*srcFile{}, map[string][]*marker{}
	require.NoError(t, filepath.WalkDir(filepath.Join(root, "engine"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		f, err := parseFile(filepath.ToSlash(rel), src)
		if err != nil {
			return err
		}
		ms, err := parseMarkers(f)
		files[f.path], markers[f.path] = f, ms
		return err
	}))
	return files, markers
}

// Every stage marker of the engine has the shape the rule wants.
func TestEngineMarkersHaveTheirShape(t *testing.T) {
	files, markers := engineMarkers(t)
	for p, f := range files {
		assert.NoError(t, checkShape(f, markers[p]))
	}
}

// codeMarkers bounds the stage markers in the engine's code, its tests
// aside. Each marker is one more thing a reader of the source steps over,
// and the rule needs few (the package doc: a marker is written only where
// the rule would keep the code without it). A new one that must stay takes
// the place of one that can go, or raises the bound on purpose.
const codeMarkers = 93

// The engine's code keeps within codeMarkers stage markers.
func TestStageMarkersStayFew(t *testing.T) {
	_, markers := engineMarkers(t)
	n := 0
	for p, ms := range markers {
		if !strings.HasSuffix(p, "_test.go") {
			n += len(ms)
		}
	}
	assert.LessOrEqual(t, n, codeMarkers, "stage markers in the engine's code (tests aside): before adding one, see whether one can go (a marker the rule does not need cuts nothing: every view is the same without it)")
}
