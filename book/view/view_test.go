package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cb2026/stages"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fold simplifies a function body with the given zero constants and
// predicates, and returns the body again.
func fold(t *testing.T, body string, preds map[string]bool) string {
	t.Helper()
	return foldAt(t, 0, body, preds)
}

// foldAt is fold in the view of a stage (0: stages.Current not folded).
func foldAt(t *testing.T, stage int, body string, preds map[string]bool) string {
	t.Helper()
	src := "package p\n\nfunc f() {\n" + body + "\n}\n"
	f, err := parseFile("p.go", []byte(src))
	require.NoError(t, err, "parse %q", body)
	f, err = simplify(f, stage, map[string]bool{"Off": true}, preds)
	require.NoError(t, err, "simplify(%q)", body)
	out := string(f.src)
	out = strings.TrimPrefix(out, "package p\n\nfunc f() {\n")
	out = strings.TrimSuffix(out, "}\n")
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		lines = append(lines, strings.TrimSpace(l))
	}
	return strings.Join(lines, "\n")
}

func TestSimplify(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"if false && x {\na()\n}\nb()", "b()"},
		{"if !false {\na()\n}", "a()"},
		{"if x && true {\na()\n}", "if x {\na()\n}"},
		{"if true && x {\na()\n}", "if x {\na()\n}"},
		{"if x || false {\na()\n}", "if x {\na()\n}"},
		{"if false {\na()\n} else {\nb()\n}", "b()"},
		{"if false {\na()\n} else if x {\nb()\n}", "if x {\nb()\n}"},
		{"if x {\na()\n} else if false {\nb()\n}", "if x {\na()\n}"},
		{"if Off != Off {\na()\n}\nb()", "b()"},
		{"if Off == Off {\na()\n}", "a()"},
		{"// A rule.\nif false {\na()\n}\nb()", "b()"},
		{"if true {\nreturn\n}\nb()", "return"}, // b goes after the return
		{"for {\nif true {\nbreak\n}\nb()\n}", "for {\nbreak\n}"},
		{"switch {\ncase !false:\na()\ncase x:\nb()\n}", "a()"},
		{"switch {\ncase false:\na()\ncase x:\nb()\n}", "switch {\ncase x:\nb()\n}"},
		{"switch {\ncase x:\nb()\n}", "switch {\ncase x:\nb()\n}"},
		{"switch {\ncase x, y:\nb()\n}", "switch {\ncase x, y:\nb()\n}"},
		{"switch {\ncase x:\na()\ncase false:\nb()\ndefault:\nc()\n}", "switch {\ncase x:\na()\ndefault:\nc()\n}"},
		{"if s.on(n) && x {\na()\n}", ""},
		{"if s.on(g()) {\na()\n}", "if s.on(g()) {\na()\n}"},
		{"if s.on(T{n, K: m}) {\na()\n}", ""},
		{"if s.on(T{g()}) {\na()\n}", "if s.on(T{g()}) {\na()\n}"},
		{"y := x && true\n_ = y", "y := x\n_ = y"},
		{"switch {\ncase !false:\ny := 1\na(y)\n}", "y := 1\na(y)"},
		{"if v, ok := s.try(&n); ok {\nreturn v\n}\nb()", "b()"},
		{"a()\ns.idle(n, &m)\nb()", "a()\nb()"},
		{"a()\nif !s.learned {\nreturn\n}", "a()\nif !s.learned {\nreturn\n}"},
		{"a()\nreturn", "a()\nreturn"},
		{"a()\nif g() {\nreturn\n}", "a()\nif g() {\nreturn\n}"},
		{"if x {\nreturn\n}\na()", "if x {\nreturn\n}\na()"},
		{"if x {\nreturn\n} else {\nb()\n}", "if x {\nreturn\n} else {\nb()\n}"},
		{"s.idle(g())", "s.idle(g())"},
		{"x := s.on(n)\n_ = x", "x := false\n_ = x"},
		{"if v, ok := try(n, 1); ok {\nreturn v\n}", ""},
		{"if v, ok := s.try(g()); ok {\nreturn v\n}", "if v, ok := s.try(g()); ok {\nreturn v\n}"},
		{"if v, ok := s.sure(n); ok {\nreturn v\n}", "if v, ok := s.sure(n); ok {\nreturn v\n}"},
		{"if v, ok := s.try(n); ok {\nreturn v\n} else {\nb()\n}", "if v, ok := s.try(n); ok {\nreturn v\n} else {\nb()\n}"},
		{"if v, ok := s.try(n); v > 0 {\nreturn v\n}", "if v, ok := s.try(n); v > 0 {\nreturn v\n}"},
		{"if x {\na()\n} else if v, ok := s.try(n); ok {\nreturn v\n}", "if x {\na()\n} else if v, ok := s.try(n); ok {\nreturn v\n}"},
		{"x := g()\nreturn x", "return g()"},
		{"x := g()\nif false {\nx.a()\n}\nreturn x", "return g()"},
		{"x := g()\n// Why.\nreturn x", "x := g()\n// Why.\nreturn x"},
		{"x := g()\nx.a()\nreturn x", "x := g()\nx.a()\nreturn x"},
		{"x, y := g()\nreturn x", "x, y := g()\nreturn x"},
		{"x := g()\nreturn y", "x := g()\nreturn y"},
		{"x = g()\nreturn x", "x = g()\nreturn x"},
	} {
		got := fold(t, tc.in, map[string]bool{"on": false, "try" + okSuffix: false, "sure" + okSuffix: true, "idle" + noopSuffix: true})
		assert.Equal(t, tc.want, got, "simplify(%q)", tc.in)
	}
}

func TestSimplifyStage(t *testing.T) {
	for _, tc := range []struct {
		stage    int
		in, want string
	}{
		{1, "if stages.Current < 3 {\na()\n}\nb()", "a()\nb()"},
		{3, "if stages.Current < 3 {\na()\n}\nb()", "b()"},
		{2, "if 3 > stages.Current {\na()\n}", "a()"},
		{2, "if stages.Current == 2 {\na()\n} else {\nb()\n}", "a()"},
		{21, "if stages.Current >= 3 {\nreturn\n}\nb()", "return"},
		{21, "for {\nif stages.Current >= 3 {\nbreak\n}\nb()\n}", "for {\nbreak\n}"},
		{5, "if stages.Current != 5 && x {\na()\n}", ""},
		{5, "if stages.Current < n {\na()\n}", "if stages.Current < n {\na()\n}"},
		{0, "if stages.Current < 3 {\na()\n}", "if stages.Current < 3 {\na()\n}"},
	} {
		assert.Equal(t, tc.want, foldAt(t, tc.stage, tc.in, nil), "stage %d: simplify(%q)", tc.stage, tc.in)
	}
}

func TestUnusedImports(t *testing.T) {
	src := "package p\n\nimport (\n\t\"fmt\"\n\t\"math/rand/v2\"\n\t\"strings\"\n)\n\nvar _ = rand.IntN\nvar _ = fmt.Sprint\n"
	f, err := parseFile("p.go", []byte(src))
	require.NoError(t, err)
	f, err = simplify(f, 0, nil, nil)
	require.NoError(t, err)
	assert.NotContains(t, string(f.src), `"strings"`, "the unused import goes")
	assert.Contains(t, string(f.src), `"math/rand/v2"`, "rand/v2 is used as rand")
	assert.Contains(t, string(f.src), `"fmt"`)
}

// A function whose body is one return of constants is known by its value,
// and as a statement it does nothing; one that calls a function is not, nor
// one whose name a struct field has too.
func TestPredicates(t *testing.T) {
	v := &writer{files: map[string]*srcFile{}}
	for path, src := range map[string]string{
		"a/a.go": "package a\n\nfunc no() bool { return false }\n\nfunc (s *S) try(n int) (int, bool) { return 0, false }\n\nfunc sure() (int, bool) { return 1, true }\n\nfunc busy() (int, bool) { return g(), false }\n\nfunc Exported() (int, bool) { return 0, false }\n\nfunc twice() (int, bool) { return 0, false }\n\nfunc idle(n int) {}\n\nfunc stop() { return }\n\nfunc work() { g() }\n\nfunc (t T) set() int { return 0 }\n",
		"a/c.go": "package a\n\ntype part struct{ set func(w *int) }\n",
		"a/b.go": "package a\n\nfunc (t *T) twice() (int, bool) { return 0, false }\n",
	} {
		f, err := parseFile(path, []byte(src))
		require.NoError(t, err, path)
		v.files[path] = f
	}
	assert.Equal(t, map[string]bool{
		"no": false, "try" + okSuffix: false, "sure" + okSuffix: true,
		"no" + noopSuffix: true, "try" + noopSuffix: true, "sure" + noopSuffix: true, // called as statements
		"idle" + noopSuffix: true, "stop" + noopSuffix: true,
	}, v.predicates()["a"])
}

func TestDropConstraints(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"//go:build stage7\n\npackage stages\n", "package stages\n"},
		{"// Copyright.\n\n//go:build !stage1\n\npackage p\n//go:build x\n", "// Copyright.\n\npackage p\n//go:build x\n"},
		{"package p\n", "package p\n"},
		{"//go:build !linux\n\npackage p\n", "//go:build !linux\n\npackage p\n"},
		{"//go:build stage12 || linux\n\npackage p\n", "package p\n"},
	} {
		assert.Equal(t, tc.want, string(dropConstraints([]byte(tc.in))), "dropConstraints(%q)", tc.in)
	}
}

// files returns the files under dir (slash paths) with their contents.
func files(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		got[filepath.ToSlash(rel)] = string(data)
		return err
	}))
	return got
}

// writeFiles writes files (slash paths) under dir.
func writeFiles(t *testing.T, dir string, fs map[string]string) {
	t.Helper()
	for name, text := range fs {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
}

// A replace removes a previous view, and nothing that is not one.
func TestPrepareDir(t *testing.T) {
	view := map[string]string{"README.md": "# a view\n", "engine/a/a.go": "package a\n", "go.mod": "module m\n"}
	tests := []struct {
		name    string
		files   map[string]string // in the directory, besides the view's
		edit    string            // a view's file changed after the manifest
		replace bool
		want    string // the error, "" if the directory is emptied
	}{
		{"a view, replaced", nil, "", true, ""},
		{"a view, without -replace", nil, "", false, "not empty"},
		{"a view and a file of the user's", map[string]string{"engine/a/notes.txt": "mine"}, "", true, "notes.txt is not a file the view wrote"},
		{"a view with a file edited", nil, "engine/a/a.go", true, "a.go changed since the view wrote it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, view)
			require.NoError(t, writeManifest(dir))
			writeFiles(t, dir, tt.files)
			if tt.edit != "" {
				writeFiles(t, dir, map[string]string{tt.edit: "package a // mine\n"})
			}
			before := files(t, dir)
			err := prepareDir(dir, tt.replace)
			if tt.want != "" {
				require.ErrorContains(t, err, tt.want)
				assert.Equal(t, before, files(t, dir), "a refused replace removes nothing")
				return
			}
			require.NoError(t, err)
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			assert.Empty(t, entries, "replace empties the directory")
		})
	}
}

// A replace removes only files it finds under the directory, whatever the
// manifest names.
func TestPrepareDirStaysInside(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "view")
	writeFiles(t, top, map[string]string{"keep.txt": "mine", "view/go.mod": "module m\n"})
	require.NoError(t, writeManifest(dir))
	f, err := os.OpenFile(filepath.Join(dir, Manifest), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(fileSum(filepath.Join(top, "keep.txt")) + "  ../keep.txt\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	require.NoError(t, prepareDir(dir, true))
	assert.Equal(t, map[string]string{"keep.txt": "mine"}, files(t, top))
}

// An empty manifest is a view that wrote nothing.
func TestPrepareDirEmptyManifest(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, writeManifest(dir))
	require.NoError(t, prepareDir(dir, true))
	assert.Empty(t, files(t, dir))
}

// A directory that holds files and no manifest is not a view: a replace
// refuses it and removes nothing; an empty or absent one is fine.
func TestPrepareDirNotAView(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"thesis.tex": "years of work"})
	require.ErrorContains(t, prepareDir(dir, false), "not empty", "a non-empty directory without -replace")
	require.ErrorContains(t, prepareDir(dir, true), "not a view", "a non-empty directory with -replace")
	assert.Equal(t, map[string]string{"thesis.tex": "years of work"}, files(t, dir))
	require.NoError(t, prepareDir(t.TempDir(), false), "an empty directory")
	require.NoError(t, prepareDir(filepath.Join(dir, "new"), false), "a new directory")
	assert.DirExists(t, filepath.Join(dir, "new"))
}

// A file that holds only the package comment stays while its package has
// other files, and goes with a package that has none left.
func TestPackageDocStays(t *testing.T) {
	root, dir := t.TempDir(), t.TempDir()
	v := &writer{root: root, dir: dir, stage: 4, files: map[string]*srcFile{}}
	for path, src := range map[string]string{
		"a/doc.go":    "// Package a is documented here.\npackage a\n",
		"a/a.go":      "package a\n\n// A is a's.\nfunc A() {}\n",
		"b/doc.go":    "// Package b is empty in this view.\npackage b\n",
		"b/b_test.go": "package b\n\nimport \"testing\"\n\nfunc TestB(t *testing.T) {}\n",
		"c/c.go":      "// Not a package comment.\npackage c\n",
	} {
		f, err := parseFile(path, []byte(src))
		require.NoError(t, err, path)
		require.NoError(t, v.put(path, f.src))
		v.files[path] = f
		require.NoError(t, v.update(f), path)
	}
	assert.Contains(t, v.files, "a/doc.go", "the package comment stays with its package")
	assert.Contains(t, v.files, "b/doc.go", "until its package is known to be empty")
	assert.NotContains(t, v.files, "c/c.go", "a file with nothing but a package clause goes")
	require.NoError(t, v.dropLoneDocs())
	assert.Contains(t, v.files, "a/doc.go")
	assert.FileExists(t, filepath.Join(dir, "a", "doc.go"))
	assert.NotContains(t, v.files, "b/doc.go", "a package left with no file of its own goes")
	assert.NoFileExists(t, filepath.Join(dir, "b", "doc.go"))
}

// fakeRepo writes a small module a view can be cut from, under a
// temporary directory, and returns its root.
func fakeRepo(t *testing.T) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), "parent", "repo")
	writeFiles(t, root, map[string]string{
		"go.mod":             "module m\n\ngo 1.22\n",
		"engine/a/a.go":      "// Package a is a's.\npackage a\n\n// A is a's.\nfunc A() int { return 1 }\n",
		"stages/stages.go":   "// Package stages is empty here.\npackage stages\n\n// N is a number.\nconst N = 1\n",
		"stages/stage7.go":   "//go:build stage7\n\npackage stages\n\n// Bench is the bench's count.\nconst Bench = 1\n",
		"testdata/x.txt":     "data\n",
		"go.sum":             "",
		".git/HEAD":          "ref: refs/heads/main\n",
		"chapters/01-one.md": "# One\n",
	})
	return root
}

// A view that fails half-way leaves its manifest: what it wrote can be
// replaced.
func TestFailedViewCanBeReplaced(t *testing.T) {
	root := fakeRepo(t)
	st, _ := stages.Get(7)
	dir := filepath.Join(t.TempDir(), "view")
	writeFiles(t, root, map[string]string{"engine/a/b.go": "package a\n\n//book:stage seven\nfunc B() {}\n"})
	require.ErrorContains(t, Write(Options{Root: root, Dir: dir, Stage: st}), "engine/a/b.go:3: malformed stage marker")
	require.Contains(t, files(t, dir), Manifest)
	require.NoError(t, prepareDir(dir, true))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries)
}

// What go test leaves beside the code, a test binary or a profile, is not
// copied into a view; the fuzz corpus in a testdata directory is.
func TestViewHoldsOnlySource(t *testing.T) {
	root := fakeRepo(t)
	writeFiles(t, root, map[string]string{
		"engine/a/a.test":                "\x7fELF",
		"engine/a/cpu.prof":              "profile",
		"engine/a/testdata/fuzz/FuzzA/1": "go test fuzz v1\n",
	})
	st, _ := stages.Get(7)
	dir := filepath.Join(t.TempDir(), "view")
	require.NoError(t, Write(Options{Root: root, Dir: dir, Stage: st}))
	got := files(t, dir)
	assert.NotContains(t, got, "engine/a/a.test")
	assert.NotContains(t, got, "engine/a/cpu.prof")
	assert.Contains(t, got, "engine/a/testdata/fuzz/FuzzA/1")
	assert.Contains(t, got, "testdata/x.txt")
}

// A stage out of range is refused before anything is written.
func TestWriteStageOutOfRange(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "view")
	err := Write(Options{Root: fakeRepo(t), Dir: dir, Stage: stages.Stage{Number: 0}})
	require.ErrorContains(t, err, "stage 0: not a stage (want 1..20 or main)")
	assert.NoDirExists(t, dir)
}

// A handout's bench count is the stage file's constant Bench as the
// compiler reads it: any constant expression, in a group or alone.
func TestHandoutBenchIsTheConstant(t *testing.T) {
	root := fakeRepo(t)
	writeFiles(t, root, map[string]string{"stages/stage7.go": "//go:build stage7\n\npackage stages\n\n// The bench's count.\nconst (\n\tfactor = 1000\n\t// Bench is the bench's count.\n\tBench = 1742 * factor\n)\n"})
	st, _ := stages.Get(7)
	dir := filepath.Join(t.TempDir(), "view")
	require.NoError(t, Write(Options{Root: root, Dir: dir, Stage: st}))
	makefile, err := os.ReadFile(filepath.Join(dir, "Makefile"))
	require.NoError(t, err)
	assert.Contains(t, string(makefile), "BENCH = 1742000\n")
}

// A file built only on another system than this one is copied whole, its
// platform constraint kept and its header's stage marker dropped, from its
// stage on and where the view keeps what it declares; a marker inside it is
// an error; a file no reader's system builds (the browser's) is not copied.
func TestViewKeepsOtherSystemsFiles(t *testing.T) {
	root := fakeRepo(t)
	writeFiles(t, root, map[string]string{
		"engine/a/sys_windows.go": "//book:stage 7\n\npackage a\n\n// Sys is Windows'.\nfunc Sys() int { return 2 }\n",
		"engine/a/sys_other.go":   "//book:stage 7\n\n//go:build !windows\n\npackage a\n\n// Sys is the others'.\nfunc Sys() int { return 3 }\n",
		"engine/a/play_js.go":     "//go:build js && wasm\n\npackage a\n\n// Play is the browser's.\nfunc Play() {}\n",
		"engine/a/low_windows.go": "package a\n\nfunc low() int { return 2 }\n",
		"engine/a/low_other.go":   "//go:build !windows\n\npackage a\n\nfunc low() int { return 3 }\n",
		"stages/stage6.go":        "//go:build stage6\n\npackage stages\n\n// Bench is the bench's count.\nconst Bench = 1\n",
	})
	for _, tc := range []struct {
		stage int
		want  map[string]string // the files of engine/a besides a.go; "" for none
	}{
		{7, map[string]string{
			"engine/a/sys_windows.go": "package a\n\n// Sys is Windows'.\nfunc Sys() int { return 2 }\n",
			"engine/a/sys_other.go":   "//go:build !windows\n\npackage a\n\n// Sys is the others'.\nfunc Sys() int { return 3 }\n",
		}},
		{6, map[string]string{"engine/a/sys_windows.go": "", "engine/a/sys_other.go": ""}},
	} {
		st, _ := stages.Get(tc.stage)
		dir := filepath.Join(t.TempDir(), "view")
		require.NoError(t, Write(Options{Root: root, Dir: dir, Stage: st}), "stage %d", tc.stage)
		got := files(t, dir)
		for name, want := range tc.want {
			if want == "" {
				assert.NotContains(t, got, name, "stage %d", tc.stage)
				continue
			}
			assert.Equal(t, want, got[name], "stage %d: %s", tc.stage, name)
		}
		assert.NotContains(t, got, "engine/a/play_js.go", "stage %d", tc.stage)
		assert.NotContains(t, got, "engine/a/low_other.go", "stage %d: nothing uses low", tc.stage)
		assert.NotContains(t, got, "engine/a/low_windows.go", "stage %d: Windows' low goes with the others'", tc.stage)
	}
	writeFiles(t, root, map[string]string{"engine/a/sys_windows.go": "//book:stage 7\n\npackage a\n\n// Sys is Windows'.\nfunc Sys() int { return 2 }\n\n// Later is a later stage's.\n//\n//book:stage 9\nfunc Later() {}\n"})
	st, _ := stages.Get(7)
	err := Write(Options{Root: root, Dir: filepath.Join(t.TempDir(), "view"), Stage: st})
	require.ErrorContains(t, err, "engine/a/sys_windows.go:10: stage marker \"//book:stage 9\" in a file built only on other systems")
}

// An assembly file goes with the Go file of its name, which declares what
// it defines: copied where the view keeps that file, left out where a
// marker or dead code takes it.
func TestViewKeepsAssemblyWithItsGoFile(t *testing.T) {
	const asm = "#include \"textflag.h\"\n\nTEXT ·fast(SB), NOSPLIT, $0-8\n\tRET\n"
	root := fakeRepo(t)
	writeFiles(t, root, map[string]string{
		"engine/a/fast_amd64.go": "//book:stage 7\n\npackage a\n\n// Fast is fast.\nfunc Fast() int { return fast() }\n\nfunc fast() int\n",
		"engine/a/fast_amd64.s":  asm,
		"engine/a/slow_amd64.go": "package a\n\nfunc slow() int\n",
		"engine/a/slow_amd64.s":  asm,
		"stages/stage6.go":       "//go:build stage6\n\npackage stages\n\n// Bench is the bench's count.\nconst Bench = 1\n",
	})
	for _, tc := range []struct {
		stage int
		fast  bool
	}{{7, true}, {6, false}} {
		st, _ := stages.Get(tc.stage)
		dir := filepath.Join(t.TempDir(), "view")
		require.NoError(t, Write(Options{Root: root, Dir: dir, Stage: st}), "stage %d", tc.stage)
		got := files(t, dir)
		if tc.fast {
			assert.Contains(t, got, "engine/a/fast_amd64.go", "stage %d", tc.stage)
			assert.Equal(t, asm, got["engine/a/fast_amd64.s"], "stage %d", tc.stage)
		} else {
			assert.NotContains(t, got, "engine/a/fast_amd64.s", "stage %d: its Go file's marker names stage 7", tc.stage)
		}
		assert.NotContains(t, got, "engine/a/slow_amd64.s", "stage %d: nothing uses slow", tc.stage)
	}
}
