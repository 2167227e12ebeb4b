package view

import (
	"go/ast"
	"go/format"
	"go/importer"
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"
)

// cutRows type-checks a file of package p, drops the rows a view of stage
// cuts, and returns what is left of the declarations after the header.
func cutRows(t *testing.T, stage int, decls string) string {
	t.Helper()
	const header = "package p\n\nconst Main = 21\n\ntype row struct {\n\tname  string\n\tstage int\n}\n\ntype Row struct {\n\tName  string\n\tStage int\n}\n\n"
	f, err := parseFile("p.go", []byte(header+decls))
	require.NoError(t, err, decls)
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.Default()}
	tp, err := conf.Check("p", f.fset, []*ast.File{f.file}, info)
	require.NoError(t, err, decls)
	v := &writer{dir: ".", stage: stage, files: map[string]*srcFile{"p.go": f}, loaded: map[string]*srcFile{"p.go": f}}
	p := &packages.Package{Fset: f.fset, Syntax: []*ast.File{f.file}, Types: tp, TypesInfo: info}
	fe := fileEdits{}
	for _, r := range v.laterRows([]*packages.Package{p}) {
		fe.add(r.f, r.f.remove(r.row))
	}
	src := f.src
	for _, edits := range fe {
		src, err = applyEdits(src, edits)
		require.NoError(t, err, decls)
	}
	src, err = format.Source(src)
	require.NoError(t, err, decls)
	return strings.TrimPrefix(string(src), header)
}

// A keyed row whose Stage (or stage) is a constant above the view's stage
// goes from any table; every other row stays.
func TestLaterRows(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stage int
		in    string
		want  string
	}{
		{"a later row goes", 3,
			"var t = []row{\n\t{name: \"a\", stage: 3},\n\t{name: \"b\", stage: 4},\n}\n",
			"var t = []row{\n\t{name: \"a\", stage: 3},\n}\n"},
		{"the field may be exported", 3,
			"var t = []Row{\n\t{Name: \"a\"},\n\t{Name: \"b\", Stage: 9},\n}\n",
			"var t = []Row{\n\t{Name: \"a\"},\n}\n"},
		{"a row of its own stage stays", 4,
			"var t = []row{\n\t{name: \"b\", stage: 4},\n}\n",
			"var t = []row{\n\t{name: \"b\", stage: 4},\n}\n"},
		{"a named constant: Main is after every stage", 20,
			"var t = []row{\n\t{name: \"a\", stage: 20},\n\t{name: \"b\", stage: Main},\n}\n",
			"var t = []row{\n\t{name: \"a\", stage: 20},\n}\n"},
		{"main keeps the rows of main", 21,
			"var t = []row{\n\t{name: \"b\", stage: Main},\n}\n",
			"var t = []row{\n\t{name: \"b\", stage: Main},\n}\n"},
		{"a pointer row", 2,
			"var t = []*row{\n\t&row{name: \"a\", stage: 3},\n\t{name: \"b\", stage: 3},\n\t{name: \"c\"},\n}\n",
			"var t = []*row{\n\t{name: \"c\"},\n}\n"},
		{"a map's row goes with its key", 2,
			"var t = map[string]row{\n\t\"a\": {stage: 1},\n\t\"b\": {stage: 3},\n}\n",
			"var t = map[string]row{\n\t\"a\": {stage: 1},\n}\n"},
		{"a test table inside a function", 5,
			"func f() {\n\tfor _, tc := range []struct {\n\t\tin    int\n\t\tstage int\n\t}{\n\t\t{in: 1},\n\t\t{in: 2, stage: 6},\n\t} {\n\t\t_ = tc\n\t}\n}\n",
			"func f() {\n\tfor _, tc := range []struct {\n\t\tin    int\n\t\tstage int\n\t}{\n\t\t{in: 1},\n\t} {\n\t\t_ = tc\n\t}\n}\n"},
		{"a row's comment goes with it", 2,
			"var t = []row{\n\t{name: \"a\"},\n\t// b is chapter 3's.\n\t{name: \"b\", stage: 3},\n}\n",
			"var t = []row{\n\t{name: \"a\"},\n}\n"},
		{"a stage that is not constant stays", 2,
			"var n = 9\n\nvar t = []row{\n\t{name: \"a\", stage: n},\n}\n",
			"var n = 9\n\nvar t = []row{\n\t{name: \"a\", stage: n},\n}\n"},
		{"an unkeyed row stays: no column is known to be the stage", 2,
			"var t = []row{\n\t{\"a\", 9},\n}\n",
			"var t = []row{\n\t{\"a\", 9},\n}\n"},
		{"a struct value is no row: its own stage field stays", 2,
			"var r = row{name: \"a\", stage: 9}\n",
			"var r = row{name: \"a\", stage: 9}\n"},
		{"a variable named stage is no field", 2,
			"var stage = 1\n\nvar t = map[int]int{\n\tstage: 9,\n}\n",
			"var stage = 1\n\nvar t = map[int]int{\n\tstage: 9,\n}\n"},
	} {
		assert.Equal(t, tc.want, cutRows(t, tc.stage, tc.in), "%s: stage %d view of %q", tc.name, tc.stage, tc.in)
	}
}
