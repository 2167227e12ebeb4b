package search

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/stages"
)

func TestTechniqueNamesAreUnique(t *testing.T) {
	seen := map[string]bool{}
	last := 0
	for _, tech := range AllTechniques() {
		for _, name := range []string{tech.Short, tech.Option} {
			assert.False(t, seen[name], "name %q used twice", name)
			seen[name] = true
		}
		assert.GreaterOrEqual(t, tech.Stage, last, "%s out of stage order", tech.Option)
		assert.NotEmpty(t, tech.Doc, tech.Option)
		last = tech.Stage
	}
}

// A stage's technique is taught by its stage's chapter.
func TestTechniqueChapters(t *testing.T) {
	for _, tech := range AllTechniques() {
		if tech.Stage < stages.Main {
			assert.Equal(t, strconv.Itoa(tech.Stage), tech.Chapter, tech.Option)
		}
	}
}

// Every field of Techniques is reached by exactly one row of the table, and
// that row's option name is the field's name.
func TestEveryFieldHasOneRow(t *testing.T) {
	var tq Techniques
	v := reflect.ValueOf(&tq).Elem()
	rows := map[string][]string{} // field name → the options of the rows that reach it
	for _, tech := range techniques {
		ptr := reflect.ValueOf(tech.field(&tq))
		require.Equal(t, reflect.Pointer, ptr.Kind(), "%s: field returns %s, want a pointer", tech.Option, ptr.Kind())
		for i := range v.NumField() {
			if v.Field(i).Addr().Pointer() == ptr.Pointer() && v.Field(i).Type() == ptr.Elem().Type() {
				name := v.Type().Field(i).Name
				rows[name] = append(rows[name], tech.Option)
			}
		}
	}
	for i := range v.NumField() {
		name := v.Type().Field(i).Name
		assert.Equal(t, []string{name}, rows[name], "the rows that reach field %s", name)
	}
	assert.Len(t, techniques, v.NumField(), "rows in the table")
}

// Set and Get, for every technique by both its names: a switch turns on and
// off, a choice takes each of its values.
func TestSetAndGet(t *testing.T) {
	var tq Techniques
	for _, tech := range AllTechniques() {
		values := tech.Values
		if values == nil {
			values = []string{"on", "off"}
		}
		for _, name := range []string{tech.Short, tech.Option} {
			for _, value := range values {
				require.NoError(t, tq.Set(name, value), "Set(%q, %q)", name, value)
				got, err := tq.Get(name)
				require.NoError(t, err)
				assert.Equal(t, value, got, "Get(%q) after Set(%q, %q)", name, name, value)
			}
		}
	}
	for _, tc := range []struct{ name, value string }{
		{"nosuch", "on"}, {"ab", "true"}, {"ab", "ON"}, {"ab", ""}, {"capthist", "on"}, {"capthist", "v1"},
	} {
		assert.Error(t, tq.Set(tc.name, tc.value), "Set(%q, %q)", tc.name, tc.value)
	}
	_, err := tq.Get("nosuch")
	assert.Error(t, err, `Get("nosuch")`)
	require.NoError(t, tq.Set("alphabeta", "on"), "options are case-insensitive")
	assert.True(t, tq.AlphaBeta)
	require.NoError(t, tq.Set("CaptureHistory", "Same-Victim"), "so are a choice's values")
	assert.Equal(t, CaptureHistorySameVictim, tq.CaptureHistory)
}

// Each stage's defaults are the previous stage's plus its own techniques, so
// a stage-N engine with stage N's switches off is the stage N−1 engine.
func TestStagesAddTechniques(t *testing.T) {
	assert.Equal(t, Techniques{}, DefaultTechniques(3), "stages 1–3 have no search")
	for n := 4; n <= stages.Main; n++ {
		assert.Equal(t, DefaultTechniques(n-1), DefaultTechniques(n).Without(n), "stage %d without its techniques", n)
	}
	main := DefaultTechniques(stages.Main)
	assert.Equal(t, CaptureHistoryOff, main.CaptureHistory, "capture history is off by default")
	assert.True(t, main.LateMovePruning)
	main.CaptureHistory = CaptureHistoryV3
	assert.Equal(t, CaptureHistoryOff, main.Without(stages.Main).CaptureHistory, "Without(main)")
}

// The switches of main marked Off are off by default; each, turned on,
// searches another tree, the same on every run.
func TestOffSwitchesChangeTheSearch(t *testing.T) {
	const position, depth = 2, 9
	main := DefaultTechniques(stages.Main)
	base, err := Measure(context.Background(), main, position, depth)
	require.NoError(t, err)
	for _, tech := range techniques {
		if !tech.Off {
			continue
		}
		on := main
		require.False(t, *tech.field(&on).(*bool), "%s in DefaultTechniques(main)", tech.Option)
		*tech.field(&on).(*bool) = true
		first, err := Measure(context.Background(), on, position, depth)
		require.NoError(t, err)
		again, err := Measure(context.Background(), on, position, depth)
		require.NoError(t, err)
		assert.NotEqual(t, base.Nodes, first.Nodes, "Measure(context.Background(), %d, %d) nodes with %s on and off", position, depth, tech.Option)
		assert.Equal(t, first, again, "Measure(context.Background(), %d, %d) with %s on, twice", position, depth, tech.Option)
	}
}

// The doc comments that every stage shows whole (the package's, the
// technique table's own declarations', searchChild's) name no technique: a
// technique's name belongs to its field, its row, its chapter and the code
// its switch guards.
func TestStageWideDocsNameNoTechnique(t *testing.T) {
	docs := map[string]string{}
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments)
		require.NoError(t, err)
		if f.Doc != nil {
			docs["package "+f.Name.Name] = f.Doc.Text()
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				docs[d.Name.Name] = d.Doc.Text()
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok {
						docs[ts.Name.Name] = d.Doc.Text()
					}
				}
			}
		}
	}
	camel := regexp.MustCompile(`[A-Z]+[a-z]*`)
	for _, name := range []string{"package search", "Techniques", "Technique", "DefaultTechniques", "searchChild"} {
		text, ok := docs[name]
		if !ok {
			continue // not yet declared at this stage (searchChild comes with negamax)
		}
		doc := strings.ToLower(strings.Join(strings.Fields(text), " "))
		require.NotEmpty(t, doc, name)
		for _, tech := range AllTechniques() {
			words := strings.ToLower(strings.Join(camel.FindAllString(tech.Option, -1), " "))
			assert.NotRegexp(t, `\b`+regexp.QuoteMeta(words)+`\b`, doc, "the doc of %s names %s", name, tech.Option)
		}
	}
}
