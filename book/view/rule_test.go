package view

import (
	"path/filepath"
	"strings"
	"testing"

	"cb2026/stages"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// viewOf writes the view of stage n of a module m made of files (slash
// paths under the module's root; a stages package, with the stage's file
// and its Bench, and test data are added when absent) and returns the
// view's Go files, or the error.
func viewOf(t *testing.T, n int, mod map[string]string) (map[string]string, error) {
	t.Helper()
	st, ok := stages.Get(n)
	require.True(t, ok, "stage %d", n)
	root := filepath.Join(t.TempDir(), "repo")
	all := map[string]string{
		"go.mod":                          "module m\n\ngo 1.24\n",
		"go.sum":                          "",
		"testdata/keep.txt":               "data\n",
		"stages/stages.go":                "// Package stages names the stage.\npackage stages\n\n// Current is the stage.\nconst Current = 0\n",
		"stages/" + st.FileName() + ".go": "package stages\n\n// Bench is the stage's bench.\nconst Bench = 1\n",
	}
	for p, src := range mod {
		all[p] = src
	}
	writeFiles(t, root, all)
	dir := filepath.Join(t.TempDir(), "view")
	if err := Write(Options{Root: root, Dir: dir, Stage: st}); err != nil {
		return nil, err
	}
	out := map[string]string{}
	for p, src := range files(t, dir) {
		if strings.HasSuffix(p, ".go") && !strings.HasPrefix(p, "stages/") {
			out[p] = src
		}
	}
	return out, nil
}

// A rule case: a module, the stage of its view, and the view's Go files
// expected (those of package stages aside), or the start of its error.
type ruleCase struct {
	name  string
	stage int
	files map[string]string
	want  map[string]string
	err   string
}

// checkRule writes each case's view and compares it with what the case wants.
func checkRule(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := viewOf(t, tc.stage, tc.files)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// one returns a module of one file.
func one(path, src string) map[string]string { return map[string]string{path: src} }

// Step 1: build constraints are evaluated with the tag stageN, and dropped.
func TestRuleBuildTags(t *testing.T) {
	mod := map[string]string{
		"engine/a/a.go":     "package a\n\n// A is a's.\nfunc A() int { return n }\n",
		"engine/a/early.go": "//go:build !stage3\n\npackage a\n\nconst n = 2\n",
		"engine/a/late.go":  "//go:build stage3\n\npackage a\n\nconst n = 3\n",
	}
	checkRule(t, []ruleCase{
		{name: "stage 2 compiles the file of !stage3", stage: 2, files: mod, want: map[string]string{
			"engine/a/a.go":     "package a\n\n// A is a's.\nfunc A() int { return n }\n",
			"engine/a/early.go": "package a\n\nconst n = 2\n",
		}},
		{name: "a view that does not compile is an error at the source's line", stage: 2, files: map[string]string{
			"engine/a/a.go":    "//go:build !stage9\n\npackage a\n\n// A is a's.\nfunc A() int { return n }\n",
			"engine/a/late.go": "//go:build stage3\n\npackage a\n\nconst n = 3\n",
		}, err: "engine/a/a.go:6: stage 2's view does not compile here: undefined: n"},
		{name: "stage 3 the file of stage3", stage: 3, files: mod, want: map[string]string{
			"engine/a/a.go":    "package a\n\n// A is a's.\nfunc A() int { return n }\n",
			"engine/a/late.go": "package a\n\nconst n = 3\n",
		}},
	})
}

// Step 4: stage markers, on a file's header, a package's, a declaration,
// a field; and the markers' own errors.
func TestRuleMarkers(t *testing.T) {
	const p = "engine/p/p.go"
	checkRule(t, []ruleCase{
		{name: "a later declaration goes", stage: 8, files: one(p, "package p\n\n// A is late.\n//\n//book:stage 9\nfunc A() {}\n\n// B is not.\nfunc B() {}\n"),
			want: one(p, "package p\n\n// B is not.\nfunc B() {}\n")},
		{name: "its own stage keeps it, without the marker", stage: 9, files: one(p, "package p\n\n// A is late.\n//\n//book:stage 9\nfunc A() {}\n"),
			want: one(p, "package p\n\n// A is late.\nfunc A() {}\n")},
		{name: "a field", stage: 20, files: one(p, "package p\n\n// T is a type.\ntype T struct {\n\tA int\n\t//book:stage main\n\tB int\n}\n"),
			want: one(p, "package p\n\n// T is a type.\ntype T struct {\n\tA int\n}\n")},
		{name: "a field whose line the marker ends", stage: 20, files: one(p, "package p\n\n// T is a type.\ntype T struct {\n\t// A is a.\n\tA int\n\t// B is b.\n\tB int //book:stage main\n\t// C is c.\n\tC int\n}\n"),
			want: one(p, "package p\n\n// T is a type.\ntype T struct {\n\t// A is a.\n\tA int\n\t// C is c.\n\tC int\n}\n")},
		{name: "a field whose line the marker ends, at its stage", stage: 9, files: one(p, "package p\n\n// T is a type.\ntype T struct {\n\tA    int\n\tLong int //book:stage 9\n\tC    int\n}\n"),
			want: one(p, "package p\n\n// T is a type.\ntype T struct {\n\tA    int\n\tLong int\n\tC    int\n}\n")},
		{name: "a file", stage: 2, files: map[string]string{p: "package p\n\n// A is p's.\nfunc A() {}\n", "engine/p/late.go": "//book:stage 3\n\npackage p\n\n// B is late.\nfunc B() {}\n"},
			want: one(p, "package p\n\n// A is p's.\nfunc A() {}\n")},
		{name: "a package goes whole, with the imports of it", stage: 3, files: map[string]string{
			"engine/a/doc.go": "//book:stage 4\n\n// Package a is chapter 4's.\npackage a\n",
			"engine/a/a.go":   "package a\n\n// A is chapter 4's.\nfunc A() {}\n",
			"engine/b/b.go":   "package b\n\nimport \"m/engine/a\"\n\nfunc f() { a.A() }\n\n// B is b's.\nfunc B() {}\n",
		}, want: one("engine/b/b.go", "package b\n\n// B is b's.\nfunc B() {}\n")},
		{name: "malformed", stage: 2, files: one(p, "package p\n\n//book:stage seven\nfunc A() {}\n"), err: p + ":3: malformed stage marker"},
		{name: "misspelt", stage: 2, files: one(p, "package p\n\n//book:stgae 3\nfunc A() {}\n"), err: p + ":3: unknown directive //book:stgae"},
		{name: "a space after the slashes", stage: 2, files: one(p, "package p\n\n// book:stage 3\nfunc A() {}\n"), err: p + ":3: malformed directive"},
		{name: "no such stage", stage: 2, files: one(p, "package p\n\n//book:stage 22\nfunc A() {}\n"), err: p + ":3: stage marker \"//book:stage 22\": no stage 22"},
		{name: "above nothing", stage: 2, files: one(p, "package p\n\nfunc A() {}\n\n//book:stage 3\n"), err: p + ":5: stage marker \"//book:stage 3\" is not right above"},
		{name: "inside a function body", stage: 2, files: one(p, "package p\n\nfunc A(x int) int {\n\t//book:stage 3\n\tx++\n\treturn x\n}\n"), err: p + ":4: stage marker \"//book:stage 3\" inside a function body"},
	})
}

// What goes with a declaration the rule removes, decided from the uses
// the type information records: a test or an unexported declaration that
// uses it (a method of it among them), a type switch's case of one; an
// exported declaration that uses it is an error at the source's line.
func TestRuleWhatGoesWithIt(t *testing.T) {
	const p, pt = "engine/p/p.go", "engine/p/p_test.go"
	late := "package p\n\n// L is late.\n//\n//book:stage 3\ntype L struct{}\n\n"
	// finder looks up through an L, up to the end of its if v, ok := f(); ok.
	finder := late + "func (l *L) find(k int) (int, bool) { return k, true }\n\n// T holds an L.\ntype T struct {\n\tl *L\n}\n\n// Get gets k.\nfunc (t *T) Get(k int) int {\n\tif v, ok := t.l.find(k); ok {\n\t\treturn v\n\t}"
	checkRule(t, []ruleCase{
		{name: "a test that uses it", stage: 2, files: map[string]string{
			p:  late + "// A is early.\nfunc A() int { return 1 }\n",
			pt: "package p\n\nimport \"testing\"\n\nfunc TestL(t *testing.T) { _ = L{} }\n\nfunc TestA(t *testing.T) { _ = A() }\n",
		}, want: map[string]string{
			p:  "package p\n\n// A is early.\nfunc A() int { return 1 }\n",
			pt: "package p\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) { _ = A() }\n",
		}},
		{name: "an unexported declaration, a method, a type switch's case", stage: 2, files: one(p, late+
			"func (L) m() {}\n\nfunc use() L { return L{} }\n\n// K names its argument's type.\nfunc K(x any) string {\n\tswitch x.(type) {\n\tcase L:\n\t\treturn \"L\"\n\tcase int:\n\t\treturn \"int\"\n\t}\n\treturn \"\"\n}\n"),
			want: one(p, "package p\n\n// K names its argument's type.\nfunc K(x any) string {\n\tswitch x.(type) {\n\tcase int:\n\t\treturn \"int\"\n\t}\n\treturn \"\"\n}\n")},
		{name: "an expression switch's case of a removed constant", stage: 2, files: one(p,
			"package p\n\nconst (\n\ta = iota\n\tb\n\t//book:stage 3\n\tc\n)\n\n// K names x.\nfunc K(x int) string {\n\tswitch x {\n\tcase a:\n\t\treturn \"a\"\n\tcase c:\n\t\treturn \"c\"\n\tcase b:\n\t\treturn \"b\"\n\t}\n\treturn \"\"\n}\n"),
			want: one(p, "package p\n\nconst (\n\ta = iota\n\tb\n)\n\n// K names x.\nfunc K(x int) string {\n\tswitch x {\n\tcase a:\n\t\treturn \"a\"\n\tcase b:\n\t\treturn \"b\"\n\t}\n\treturn \"\"\n}\n")},
		{name: "a case of a removed constant and another is an error", stage: 2, files: one(p,
			"package p\n\nconst (\n\ta = iota\n\t//book:stage 3\n\tc\n)\n\n// K names x.\nfunc K(x int) string {\n\tswitch x {\n\tcase a, c:\n\t\treturn \"a or c\"\n\t}\n\treturn \"\"\n}\n"),
			err: p + ":12: K uses c"},
		{name: "a list literal's element that is a removed constant or is keyed by one", stage: 2, files: one(p,
			"package p\n\nconst (\n\ta = iota\n\tb\n\t//book:stage 3\n\tc\n)\n\n// Order is the order.\nvar Order = []int{c, a, b}\n\n// Names name them.\nvar Names = [...]string{\n\ta: \"a\",\n\tb: \"b\",\n\tc: \"c\",\n}\n\n// Seen is a map.\nvar Seen = map[int]bool{a: true, c: true}\n"),
			want: one(p, "package p\n\nconst (\n\ta = iota\n\tb\n)\n\n// Order is the order.\nvar Order = []int{a, b}\n\n// Names name them.\nvar Names = [...]string{\n\ta: \"a\",\n\tb: \"b\",\n}\n\n// Seen is a map.\nvar Seen = map[int]bool{a: true}\n")},
		{name: "an element that only uses a removed constant is an error", stage: 2, files: one(p,
			"package p\n\nconst (\n\ta = iota\n\t//book:stage 3\n\tc\n)\n\n// Order is the order.\nvar Order = []int{a, c + 1}\n"),
			err: p + ":10: Order uses c"},
		{name: "a call statement of a removed function", stage: 2, files: one(p, late+
			"func (l *L) reset() { *l = L{} }\n\n// T holds an L.\ntype T struct {\n\tN int\n\tl L //book:stage 3\n}\n\n// Reset resets t.\nfunc (t *T) Reset() {\n\tt.N = 0\n\tt.l.reset()\n}\n"),
			want: one(p, "package p\n\n// T holds an L.\ntype T struct {\n\tN int\n}\n\n// Reset resets t.\nfunc (t *T) Reset() {\n\tt.N = 0\n}\n")},
		{name: "an if v, ok := f(); ok of a removed function", stage: 2, files: one(p, finder+"\n\treturn 0\n}\n"),
			want: one(p, "package p\n\n// T holds an L.\ntype T struct {\n}\n\n// Get gets k.\nfunc (t *T) Get(k int) int {\n\treturn 0\n}\n")},
		{name: "an if v, ok := f(); ok with an else is an error", stage: 2, files: one(p, finder+" else {\n\t\treturn -1\n\t}\n}\n"),
			err: p + ":17: Get uses l"},
		{name: "a test that calls it goes whole", stage: 2, files: map[string]string{
			p:  "package p\n\n// bump is late.\n//\n//book:stage 3\nfunc bump(v *int) { *v++ }\n\n// A is early.\nfunc A() int { return 1 }\n",
			pt: "package p\n\nimport \"testing\"\n\nfunc TestBump(t *testing.T) {\n\tv := 0\n\tbump(&v)\n\tif v != 1 {\n\t\tt.Fail()\n\t}\n}\n\nfunc TestA(t *testing.T) { _ = A() }\n",
		}, want: map[string]string{
			p:  "package p\n\n// A is early.\nfunc A() int { return 1 }\n",
			pt: "package p\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) { _ = A() }\n",
		}},
		{name: "an interface's embedding", stage: 2, files: one(p, late+
			"// Later is what stage 3 adds.\n//\n//book:stage 3\ntype Later interface{ M() }\n\n// E is what each stage needs.\ntype E interface {\n\tN()\n\tLater\n}\n"),
			want: one(p, "package p\n\n// E is what each stage needs.\ntype E interface {\n\tN()\n}\n")},
		{name: "an unexported field of its type", stage: 2, files: one(p, late+
			"// T holds an L.\ntype T struct {\n\tN int\n\n\t// the late part\n\tl *L\n}\n\nfunc (t *T) setL() { t.l = &L{} }\n"),
			want: one(p, "package p\n\n// T holds an L.\ntype T struct {\n\tN int\n}\n")},
		{name: "an exported method of it is an error", stage: 2, files: one(p, late+"// M is L's.\nfunc (L) M() {}\n"),
			err: p + ":9: M uses L"},
		{name: "an exported field of its type is an error", stage: 2, files: one(p, late+
			"// T holds an L.\ntype T struct {\n\tN int\n\tL *L\n}\n"),
			err: p + ":11: T uses L"},
		{name: "not a name that is only spelt the same", stage: 2, files: map[string]string{
			p:               late + "// A is early.\nfunc A() int { return 1 }\n",
			"engine/q/q.go": "package q\n\n// L is q's own.\ntype L struct{}\n\nfunc use() L { return L{} }\n\n// Q uses it.\nfunc Q() L { return use() }\n",
		}, want: map[string]string{
			p:               "package p\n\n// A is early.\nfunc A() int { return 1 }\n",
			"engine/q/q.go": "package q\n\n// L is q's own.\ntype L struct{}\n\nfunc use() L { return L{} }\n\n// Q uses it.\nfunc Q() L { return use() }\n",
		}},
		{name: "main is an error, not removed", stage: 2, files: one("engine/cmd/m/main.go", "package main\n\n//book:stage 3\nfunc late() int { return 1 }\n\nfunc main() {\n\tx := late()\n\tprintln(x)\n}\n"),
			err: "engine/cmd/m/main.go:7: main uses late"},
		{name: "an exported declaration is an error at the source's line", stage: 2, files: one(p, "//go:build !stage9\n\n"+late+"// E uses L.\nfunc E() L { return L{} }\n"),
			err: p + ":11: E uses L, which stage 2's view removes (" + p + ":8)"},
	})
}

// switches is a package of switches: the struct Techniques, its table with
// a Stage a row, and DefaultTechniques.
const switches = `package s

// A Choice is a design, or none.
type Choice int

// The designs.
const (
	ChoiceOff Choice = iota
	ChoiceOn
)

// Techniques are the switches.
type Techniques struct {
	Early bool
	Late  bool
	Pick  Choice
}

type row struct {
	Option string
	Stage  int
}

var techniques = []row{
	{Option: "Early", Stage: 1},
	{Option: "Late", Stage: 3},
	{Option: "Pick", Stage: 3},
}

// DefaultTechniques returns stage n's switches.
func DefaultTechniques(n int) Techniques { return Techniques{Early: n >= len(techniques)} }

// Run runs.
func Run(t Techniques) int {
	if t.Late {
		return 2
	}
	if t.Pick != ChoiceOff {
		return 3
	}
	return 1
}
`

// switchesOff is switches in a view of stage 2, where Late and Pick are
// later switches: their fields, rows and the code they guard go.
var switchesOff = strings.Replace(strings.Replace(strings.Replace(switches, "\tLate  bool\n\tPick  Choice\n", "", 1), "\t{Option: \"Late\", Stage: 3},\n\t{Option: \"Pick\", Stage: 3},\n", "", 1), "\tif t.Late {\n\t\treturn 2\n\t}\n\tif t.Pick != ChoiceOff {\n\t\treturn 3\n\t}\n", "", 1)

// Step 2: switches fold. A later switch's field and row go, a read of it
// is its value when off (false, or the choice's zero constant), what that
// leaves folds (step 3), and a test that sets it or asks for a later
// stage's switches goes.
func TestRuleSwitches(t *testing.T) {
	const s, st = "engine/s/s.go", "engine/s/s_test.go"
	checkRule(t, []ruleCase{
		{name: "later switches fold off", stage: 2, files: map[string]string{
			s:  switches,
			st: "package s\n\nimport \"testing\"\n\nfunc TestLate(t *testing.T) { _ = Run(Techniques{Late: true}) }\n\nfunc TestThree(t *testing.T) { _ = Run(DefaultTechniques(3)) }\n\nfunc TestTwo(t *testing.T) { _ = Run(DefaultTechniques(2)) }\n",
		}, want: map[string]string{
			s:  switchesOff,
			st: "package s\n\nimport \"testing\"\n\nfunc TestTwo(t *testing.T) { _ = Run(DefaultTechniques(2)) }\n",
		}},
		{name: "its own stage keeps them", stage: 3, files: one(s, switches), want: one(s, switches)},
		{name: "a field a later switch reads goes as only set", stage: 2,
			files: one(s, "package s\n\n// Techniques are the switches.\ntype Techniques struct {\n\tEarly bool\n\tLate  bool\n}\n\ntype row struct {\n\tOption string\n\tStage  int\n}\n\nvar techniques = []row{\n\t{Option: \"Early\", Stage: 1},\n\t{Option: \"Late\", Stage: 3},\n}\n\ntype counter struct {\n\tn    int\n\tlate int // read only behind Late\n}\n\n// Count counts.\nfunc Count(t Techniques, k int) int {\n\tvar c counter\n\tc.n = k\n\tc.late = k\n\tif t.Late && c.late > 1 {\n\t\treturn 0\n\t}\n\treturn c.n\n}\n"),
			want:  one(s, "package s\n\n// Techniques are the switches.\ntype Techniques struct {\n\tEarly bool\n}\n\ntype counter struct {\n\tn int\n}\n\n// Count counts.\nfunc Count(t Techniques, k int) int {\n\tvar c counter\n\tc.n = k\n\treturn c.n\n}\n")},
		{name: "a struct field under a later marker does not fold: a read of it is an error", stage: 2,
			files: one("engine/e/e.go", "package e\n\n// Terms are terms.\ntype Terms struct {\n\tA bool\n\t//book:stage 3\n\tB bool\n}\n\n// Eval evaluates.\nfunc Eval(t Terms) int {\n\tn := 0\n\tif t.A {\n\t\tn++\n\t}\n\tif t.B {\n\t\tn += 2\n\t}\n\treturn n\n}\n"),
			err:   "engine/e/e.go:16: Eval uses B, which stage 2's view removes (engine/e/e.go:7)"},
	})
}

// Step 5: dead code goes: what nothing kept uses, a field only set (with
// its setting), an import no longer used, a file left with nothing; an
// iota group goes only whole; a package comment's file stays with its
// package.
func TestRuleDeadCode(t *testing.T) {
	const p = "engine/p/p.go"
	checkRule(t, []ruleCase{
		{name: "what only a later declaration used", stage: 2, files: map[string]string{
			p:                 "package p\n\nimport \"strings\"\n\n//book:stage 3\nfunc late() string { return helper() }\n\nfunc helper() string { return strings.ToUpper(\"x\") }\n\n// T is kept.\ntype T struct {\n\tn    int\n\tonly int\n}\n\n// N reads n.\nfunc (t T) N() int { return t.n }\n\n// New sets only.\nfunc New() T {\n\tt := T{only: 1}\n\tt.only = 2\n\treturn t\n}\n\nconst (\n\ta = iota\n\tb\n)\n\n// A uses a.\nconst A = a\n",
			"engine/p/doc.go": "// Package p is p.\npackage p\n",
			"engine/p/x.go":   "package p\n\n//book:stage 3\nfunc x() {}\n",
		}, want: map[string]string{
			p:                 "package p\n\n// T is kept.\ntype T struct {\n\tn int\n}\n\n// N reads n.\nfunc (t T) N() int { return t.n }\n\n// New sets only.\nfunc New() T {\n\treturn T{}\n}\n\nconst (\n\ta = iota\n\tb\n)\n\n// A uses a.\nconst A = a\n",
			"engine/p/doc.go": "// Package p is p.\npackage p\n",
		}},
	})
}

// A local variable that only a later stage's code reads is not repaired:
// the view does not compile, an error at the line that declares it, and
// the code is to be written so that the later stage's step holds it. A
// local of a function that goes as dead code goes with the function.
func TestRuleUnusedLocals(t *testing.T) {
	const s = "engine/s/s.go"
	checkRule(t, []ruleCase{
		{name: "a variable only a later switch reads", stage: 2, files: one(s, strings.Replace(switches, "\tif t.Late {\n\t\treturn 2\n", "\tbonus := 2\n\tif t.Late {\n\t\treturn bonus\n", 1)),
			err: s + ":35: stage 2's view does not compile here: declared and not used: bonus"},
		{name: "a variable of a function that goes", stage: 2,
			files: one(s, strings.Replace(switches, "\t\treturn 2\n", "\t\treturn late()\n", 1)+"\nfunc late() int {\n\tn := 2\n\tuse(n)\n\treturn 2\n}\n\n//book:stage 3\nfunc use(int) {}\n"),
			want:  one(s, switchesOff)},
	})
}

// An error of the view is reported at the line of the source it came from.
func TestSourceLine(t *testing.T) {
	orig := "//go:build !stage9\n\npackage p\n\nfunc f() {\n\tif x {\n\t\ty()\n\t}\n\tz()\n\tw()\n}\n"
	now := "package p\n\nfunc f() {\n\tz()\n\tnew()\n}\n"
	for view, src := range map[int]int{1: 3, 3: 5, 4: 9, 5: 10, 6: 11} {
		assert.Equal(t, src, sourceLine([]byte(orig), []byte(now), view), "view line %d", view)
	}
}
