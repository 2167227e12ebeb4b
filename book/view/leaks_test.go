package view

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/stages"
)

func TestSplitCamel(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"NullMove", []string{"Null", "Move"}},
		{"LMR", []string{"LMR"}},
		{"SEEOrdering", []string{"SEE", "Ordering"}},
		{"QSEEPruning", []string{"QSEE", "Pruning"}},
		{"MVVLVA", []string{"MVVLVA"}},
		{"IIR", []string{"IIR"}},
		{"Quiescence", []string{"Quiescence"}},
		{"LateMovePruning", []string{"Late", "Move", "Pruning"}},
	} {
		assert.Equal(t, tt.want, splitCamel(tt.in), tt.in)
	}
}

func TestOptionAndDocNames(t *testing.T) {
	for _, tt := range []struct {
		option, doc string
		want        []string
	}{
		{"NullMove", "null-move pruning with a zugzwang guard", []string{"NullMove", "null move"}},
		{"LMR", "late move reductions", []string{"LMR"}},
		{"Quiescence", "quiescence search of captures", nil},
		{"TT", "transposition table: cutoffs and hash move first", []string{"TT", "transposition table"}},
		{"PVS", "principal variation search: null windows and re-search", []string{"PVS", "principal variation search"}},
		{"Pieces", "evaluation: bishop pair, rooks", nil},
		{"History", "history heuristic with gravity for quiet moves", nil},
		{"CaptureHistory", "capture history orders captures: off, or one of the designs", []string{"CaptureHistory", "capture history"}},
		{"EvalCache", "an evaluation cache: static evaluations kept by key", []string{"EvalCache", "eval cache", "evaluation cache"}},
	} {
		got := optionNames(tt.option)
		if name := docName(tt.doc); name != "" {
			got = append(got, name)
		}
		assert.Equal(t, tt.want, got, tt.option)
	}
}

func TestNameRegexp(t *testing.T) {
	for _, tt := range []struct {
		name, line string
		want       string // the mention found, "" for none
	}{
		{"NullMove", "\tif s.t.NullMove && depth > 2 {", "NullMove"},
		{"NullMove", "// NullMoves are counted", ""},
		{"NullMove", "s.nullMove()", ""},
		{"NullMove", "makeNullMove(ply)", ""},
		{"null move", "// the null move of chapter 13", "null move"},
		{"null move", "// Null-move pruning passes", "Null-move"},
		{"null move", "// a nullmove", ""},
		{"null move", "// annull moves", ""},
		{"LMR", "// LMR reduces late moves", "LMR"},
		{"LMR", "// LMRs", ""},
		{"transposition table", "// a transposition table of 16 MB", "transposition table"},
		{"transposition table", "// Transposition-table cutoffs", "Transposition-table"},
		{"transposition table", "// transposition tables", ""},
	} {
		m := nameRegexp(tt.name).FindStringSubmatch(tt.line)
		got := ""
		if m != nil {
			got = m[1]
		}
		assert.Equal(t, tt.want, got, "%q in %q", tt.name, tt.line)
	}
}

// The names come from the repository's own technique table, each at the
// earliest stage that brings it.
func TestTechniqueNamesFromTheTable(t *testing.T) {
	names, err := techniqueNames(filepath.Join("..", "..", techniqueFile))
	require.NoError(t, err)
	stageOf := map[string]int{}
	for _, n := range names {
		stageOf[n.name] = n.stage
	}
	for _, tt := range []struct {
		name  string
		stage int
	}{
		{"NullMove", 13},
		{"null move", 13},
		{"AlphaBeta", 6},
		{"alpha beta", 6},
		{"transposition table", 10},
		{"PawnStructure", 19},
		{"king safety", 19},
		{"TunedWeights", 20},
		{"quiescence", 8}, // otherNames
		{"hash move", 9},
		{"killers", 11},
	} {
		assert.Equal(t, tt.stage, stageOf[tt.name], tt.name)
	}
	assert.NotContains(t, stageOf, "History", "a one-word switch is an ordinary word")
}

func TestTechniqueNamesNeedATable(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "techniques.go")
	require.NoError(t, os.WriteFile(p, []byte("package search\n\nvar x = []int{1}\n"), 0o644))
	_, err := techniqueNames(p)
	assert.ErrorContains(t, err, "no technique table")
}

// A view of stage 7 that mentions the null move, in a comment or as the
// switch, leaks chapter 13; its own chapter's names and earlier ones do not.
func TestFindLeaks(t *testing.T) {
	names := []leakName{
		{name: "MVVLVA", re: nameRegexp("MVVLVA"), stage: 7},
		{name: "NullMove", re: nameRegexp("NullMove"), stage: 13},
		{name: "null move", re: nameRegexp("null move"), stage: 13},
		{name: "transposition table", re: nameRegexp("transposition table"), stage: 10},
	}
	for _, tt := range []struct {
		name string
		src  string
		want []Leak
	}{
		{"clean", "package search\n\n// MVVLVA orders captures.\nvar x = 1\n", nil},
		{"comment", "package search\n\n// Later, null-move pruning.\nvar x = 1\n",
			[]Leak{{File: "engine/search/a.go", Line: 3, Name: "null-move", Stage: 13}}},
		{"code and comment on one line", "package search\n\nvar x = t.NullMove // the null move\n",
			[]Leak{{File: "engine/search/a.go", Line: 3, Name: "NullMove", Stage: 13}, {File: "engine/search/a.go", Line: 3, Name: "null move", Stage: 13}}},
		{"two stages", "package search\n\n// a transposition table\n\n// Null move\n",
			[]Leak{{File: "engine/search/a.go", Line: 3, Name: "transposition table", Stage: 10}, {File: "engine/search/a.go", Line: 5, Name: "Null move", Stage: 13}}},
		{"numbers of its own and earlier stages", "package search\n\n// As chapter 7 orders captures; stage 4's evaluation, stages 5 to 7.\nvar x = stages.Stage{Number: 9} // stage: 9, stage9\n", nil},
		{"a later chapter by number", "package search\n\n// The pruning of chapters 5 to 18.\n// Stage 20's weights, section 10.1\n",
			[]Leak{{File: "engine/search/a.go", Line: 3, Name: "chapters 5 to 18", Stage: 18}, {File: "engine/search/a.go", Line: 4, Name: "Stage 20", Stage: 20}, {File: "engine/search/a.go", Line: 4, Name: "section 10.1", Stage: 21}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.MkdirAll(filepath.Join(dir, "engine", "search"), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "engine", "search", "a.go"), []byte(tt.src), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "README.md"), []byte("null move\n"), 0o644))
			got, err := findLeaks(dir, 7, names)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestLeakString(t *testing.T) {
	assert.Equal(t, `engine/search/a.go:3: "null move", a name of stage 13`, Leak{File: "engine/search/a.go", Line: 3, Name: "null move", Stage: 13}.String())
	assert.Equal(t, `a.go:1: "CaptureHistory", a name of stage main`, Leak{File: "a.go", Line: 1, Name: "CaptureHistory", Stage: 21}.String())
}

// A proof fails on a leak in a file outside leakAllowed: the null move,
// put back into a comment of the stage-7 view.
func TestCheckLeaksFailsOnAPlantedLeak(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "engine", "search"), 0o755))
	file := filepath.Join(dir, "engine", "search", "ordering.go")
	require.NoError(t, os.WriteFile(file, []byte("package search\n\n// MVV-LVA orders captures.\nvar x = 1\n"), 0o644))
	st, ok := stages.Get(7)
	require.True(t, ok)
	require.NoError(t, checkLeaks(filepath.Join("..", ".."), dir, st))
	require.NoError(t, os.WriteFile(file, []byte("package search\n\n// MVV-LVA orders captures, before the null move.\nvar x = 1\n"), 0o644))
	assert.ErrorContains(t, checkLeaks(filepath.Join("..", ".."), dir, st), `engine/search/ordering.go:3: "null move", a name of stage 13`)
}

// Stage 4's handout of the evaluation shows nothing of chapters 19 and 20:
// no doc line speaks of their stages, the eval command's breakdown has no
// line, marked "(off)", for a term chapter 19 brings, and no file of the
// engine names chapter 19's Terms, not even as an empty type.
func TestStage4EvalShowsNoLaterChapter(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a view")
	}
	st, ok := stages.Get(4)
	require.True(t, ok)
	dir := filepath.Join(t.TempDir(), "view")
	require.NoError(t, Write(Options{Root: filepath.Join("..", ".."), Dir: dir, Stage: st}))
	terms := regexp.MustCompile(`\bTerms\b`)
	require.NoError(t, filepath.WalkDir(filepath.Join(dir, "engine"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(src), "\n") {
			assert.False(t, terms.MatchString(line), "%s:%d of the stage-4 view names Terms: %s", path, i+1, line)
		}
		return nil
	}))
	for _, name := range []string{"eval.go", "evaluation.go", "trace.go", "weights.go"} {
		src, err := os.ReadFile(filepath.Join(dir, "engine", "eval", name))
		require.NoError(t, err)
		for i, line := range strings.Split(string(src), "\n") {
			for _, later := range []string{"stage 19", "stage-19", "stage 20", "Stage 20", "tuner", `"pawns"`, `"mobility"`, `"king safety"`, `"pieces"`} {
				assert.NotContains(t, line, later, "engine/eval/%s:%d of the stage-4 view", name, i+1)
			}
		}
	}
}
