package view

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"go/build"
	"go/constant"
	"go/format"
	"go/types"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"cb2026/internal/outdir"
	"cb2026/stages"
)

// Options says which view to write and where.
type Options struct {
	Root    string       // the repository's root
	Dir     string       // the directory to write the view into
	Stage   stages.Stage // the chapter whose view it is
	Replace bool         // replace a previous view in Dir (else Dir must be empty or absent)
}

// Manifest is the file a view writes last into its directory: the files it
// wrote, one a line with its SHA-256 as sha256sum prints it, so that
// "sha256sum -c .cb2026-view" checks them. A replace reads it to remove
// only what the view wrote; it is not part of the view itself.
const Manifest = ".cb2026-view"

// included lists what of the repository a view holds: the engine, the stage
// package, the test data and the module files. The book, its tools and the
// chapters are not a chapter's program.
var included = []string{"engine", "stages", "testdata", "go.mod", "go.sum"}

// Holds reports whether a view holds the repository's file (a slash path
// from the root), at any stage its code has reached: the engine, the stage
// package, the test data and the module files may be; the book, its tools
// and the chapters never are, nor what go test leaves beside the code.
func Holds(file string) bool {
	first, _, _ := strings.Cut(file, "/")
	return slices.Contains(included, first) && isSource(file)
}

// InputsKey returns a hash of everything a view of the repository at root
// is cut from (what included lists, every file's path and bytes): while
// the key is the same, every stage's view is the same, and a caller may
// keep views it wrote (the site's server does, between rebuilds).
func InputsKey(root string) (string, error) {
	h := sha256.New()
	err := eachIncludedFile(root, func(rel string) error {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", rel, len(data))
		h.Write(data)
		return nil
	})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
}

// eachIncludedFile calls fn with the slash path, from root, of every file
// of the repository at root that a view may hold (what included lists), in
// lexical order. In the code's directories that is Go source and what lies
// in a testdata directory: a test binary or a profile that go test left
// beside the code (go test -cpuprofile does) is the reader's, not the
// engine's.
func eachIncludedFile(root string, fn func(rel string) error) error {
	for _, top := range included {
		err := filepath.WalkDir(filepath.Join(root, top), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			rel = filepath.ToSlash(rel)
			if !isSource(rel) {
				return nil
			}
			return fn(rel)
		})
		if err != nil {
			return fmt.Errorf("view: %w", err)
		}
	}
	return nil
}

// isSource reports whether an included file (a slash path from the root) is
// part of the source: anything in testdata/, go.mod and go.sum, and in the
// code's directories Go and assembly files and the files of a testdata
// directory.
func isSource(rel string) bool {
	if !strings.HasPrefix(rel, "engine/") && !strings.HasPrefix(rel, "stages/") {
		return true
	}
	return strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, ".s") || strings.Contains(rel, "/testdata/")
}

// An Error is what is wrong with the source of a view, at a file and line of
// the repository (for a view that does not compile, the line of the source
// that the view's line came from).
type Error struct {
	File string // slash path relative to the root
	Line int    // 0 if the whole file
	Msg  string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.File + ": " + e.Msg
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// fileError returns an *Error.
func fileError(file string, line int, format string, args ...any) error {
	return &Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// Write writes the view of opt.Stage into opt.Dir, which must lie outside
// the repository (package cb2026/internal/outdir gives the rules; links are
// resolved). Dir must be absent or empty; with opt.Replace it may also hold
// a previous view, which is removed first. A previous view is a directory
// whose every file is listed in its Manifest, unchanged: a replace removes
// only those files, and refuses a directory that holds anything else, a
// file added or edited since, so that it never loses work. The Manifest is
// written even when the view fails half-way, so that what it wrote can be
// replaced.
func Write(opt Options) (err error) {
	if _, ok := stages.Get(opt.Stage.Number); !ok {
		return fmt.Errorf("view: stage %d: not a stage (want 1..%d or main)", opt.Stage.Number, stages.Last)
	}
	root, err := filepath.Abs(opt.Root)
	if err != nil {
		return err
	}
	dir, err := outdir.Check(root, opt.Dir, false)
	if err != nil {
		return fmt.Errorf("view: %w", err)
	}
	if err := prepareDir(dir, opt.Replace); err != nil {
		return err
	}
	defer func() {
		if merr := writeManifest(dir); err == nil {
			err = merr
		}
	}()
	v := &writer{root: root, dir: dir, stage: opt.Stage.Number, files: map[string]*srcFile{}, orig: map[string][]byte{}, zeros: map[string]bool{}, platform: map[string]*srcFile{}, asm: map[string][]byte{}}
	if err := v.copyTree(); err != nil {
		return err
	}
	if err := v.cutLater(); err != nil {
		return err
	}
	if err := v.prune(); err != nil {
		return err
	}
	if err := v.dropLoneDocs(); err != nil {
		return err
	}
	if err := v.putPlatformFiles(); err != nil {
		return err
	}
	if err := v.putAssembly(); err != nil {
		return err
	}
	if err := v.formatAll(); err != nil {
		return err
	}
	return v.writeHandout(opt.Stage)
}

// blankAtBrace is a blank line right before a closing brace.
var blankAtBrace = regexp.MustCompile(`(\n)[ \t]*\n([ \t]*\})`)

// formatAll leaves every Go file of the view as gofmt prints it.
func (v *writer) formatAll() error {
	for _, p := range v.paths() {
		src := blankAtBrace.ReplaceAll(v.files[p].src, []byte("${1}${2}")) // a cut at a block's end leaves its blank line
		out, err := format.Source(src)
		if err != nil {
			return fileError(p, 0, "gofmt: %v", err)
		}
		if !bytes.Equal(out, v.files[p].src) {
			if err := v.put(p, out); err != nil {
				return err
			}
		}
	}
	return nil
}

// prepareDir creates dir, or checks that it is empty, or with replace
// that it holds a previous view, which it removes.
func prepareDir(dir string, replace bool) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return os.MkdirAll(dir, 0o755)
	case err != nil:
		return fmt.Errorf("view: %w", err)
	case len(entries) == 0:
		return nil
	case !replace:
		return fmt.Errorf("view: %s is not empty (-replace replaces a previous view)", dir)
	}
	return removeView(dir)
}

// removeView removes the view in dir: the files its Manifest lists and the
// directories they leave empty. It removes nothing unless every file under
// dir is listed, with the content the view wrote.
func removeView(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, Manifest)); err != nil {
		return fmt.Errorf("view: %s is not empty and not a view (no %s): -replace replaces only a view", dir, Manifest)
	}
	wrote, err := readManifest(dir) // slash path -> SHA-256
	if err != nil {
		return fmt.Errorf("view: %w", err)
	}
	var files, dirs []string // found under dir, the view's
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, p)
		switch {
		case err != nil:
			return err
		case d.IsDir():
			dirs = append(dirs, p)
		case rel == Manifest:
			files = append(files, p)
		case wrote[filepath.ToSlash(rel)] == "":
			return fmt.Errorf("%s is not a file the view wrote", p)
		case !d.Type().IsRegular() || fileSum(p) != wrote[filepath.ToSlash(rel)]:
			return fmt.Errorf("%s changed since the view wrote it", p)
		default:
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("view: -replace removes nothing: %w (move it away, or choose another directory)", err)
	}
	slices.Reverse(dirs) // the deepest first; dir itself, now last, stays
	for _, p := range append(files, dirs[:len(dirs)-1]...) {
		if err := os.Remove(p); err != nil {
			return fmt.Errorf("view: %w", err)
		}
	}
	return nil
}

// writeManifest lists every file under dir with its SHA-256 in dir's
// Manifest.
func writeManifest(dir string) error {
	files, err := Files(dir)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, f := range files {
		fmt.Fprintf(&b, "%s  %s\n", fileSum(filepath.Join(dir, filepath.FromSlash(f))), f)
	}
	return os.WriteFile(filepath.Join(dir, Manifest), []byte(b.String()), 0o644)
}

// fileSum returns the file's SHA-256 in hex, or "" if it cannot be read.
func fileSum(p string) string {
	data, err := os.ReadFile(p)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%x", sha256.Sum256(data))
}

// A writer writes one view.
type writer struct {
	root, dir string
	stage     int                       // 1..20 or stages.Main
	files     map[string]*srcFile       // the view's Go files by slash path
	mod       string                    // the module's path
	orig      map[string][]byte         // the source of the view's Go files, by slash path
	loaded    map[string]*srcFile       // the files of the last load, with its syntax
	zeros     map[string]bool           // the zero constants that folded choices became
	ext       map[string]*types.Package // the packages of other modules the view imports, by path
	pkgs      []*packages.Package       // the packages of the last load
	platform  map[string]*srcFile       // the files built only on other systems (copyPlatformFile), by slash path
	asm       map[string][]byte         // the assembly files, by slash path (putAssembly)
}

// copyTree copies what a view includes, the Go files that the stage
// compiles with their constraint lines dropped (their stage markers are
// checked here and applied once the switches are folded).
func (v *writer) copyTree() error {
	ctx := build.Default
	ctx.BuildTags = nil
	if v.stage != stages.Main {
		ctx.BuildTags = []string{fmt.Sprintf("stage%d", v.stage)}
	}
	return eachIncludedFile(v.root, func(rel string) error {
		return v.copyFile(&ctx, rel)
	})
}

// copyFile copies one file of the repository into the view.
func (v *writer) copyFile(ctx *build.Context, rel string) error {
	src, err := os.ReadFile(filepath.Join(v.root, filepath.FromSlash(rel)))
	if err != nil {
		return err
	}
	if strings.HasSuffix(rel, ".s") && !strings.Contains(rel, "/testdata/") {
		v.asm[rel] = src // written with its Go file (putAssembly)
		return nil
	}
	if !strings.HasSuffix(rel, ".go") {
		return v.put(rel, src)
	}
	dir, name := filepath.Split(filepath.Join(v.root, filepath.FromSlash(rel)))
	if ok, err := ctx.MatchFile(dir, name); err != nil {
		return err
	} else if !ok {
		return v.copyPlatformFile(ctx, rel, dir, name, src)
	}
	v.orig[rel] = src
	f, err := parseFile(rel, dropConstraints(src))
	if err != nil {
		return err
	}
	ms, err := parseMarkers(f)
	if err != nil {
		return err
	}
	if err := checkShape(f, ms); err != nil {
		return err
	}
	v.files[rel] = f
	return v.put(rel, f.src)
}

// otherPlatforms are the systems a view's files may be built for besides
// the one that writes it: those a reader may work on.
var otherPlatforms = []struct{ goos, goarch string }{{"linux", "amd64"}, {"darwin", "arm64"}, {"windows", "amd64"}}

// copyPlatformFile copies a Go file that the stage builds on another of
// otherPlatforms than this one (a _windows.go file, or one whose //go:build
// line leaves this system out) whole, its constraint kept, if its header's
// stage marker names the view's stage or an earlier one, and if the view
// keeps what it declares (putPlatformFiles). The view is type-checked on
// this system alone, so such a file is not cut: it may hold no other
// marker. A file no platform builds at the stage (another stage's, or the
// browser's, js/wasm) is not copied.
func (v *writer) copyPlatformFile(ctx *build.Context, rel, dir, name string, src []byte) error {
	other := false
	for _, pl := range otherPlatforms {
		c := *ctx
		c.GOOS, c.GOARCH = pl.goos, pl.goarch
		ok, err := c.MatchFile(dir, name)
		if err != nil {
			return err
		}
		other = other || ok
	}
	if !other {
		return nil
	}
	f, err := parseFile(rel, src)
	if err != nil {
		return err
	}
	ms, err := parseMarkers(f)
	if err != nil {
		return err
	}
	var edits []edit
	for _, m := range ms {
		if m.c.Pos() > f.file.Package {
			return fileError(rel, f.line(m.c.Pos()), "stage marker %q in a file built only on other systems than this one: the view cannot cut it here, so only its header may say its stage", m.c.Text)
		}
		if m.stage > v.stage {
			return nil
		}
		edits = append(edits, deletion(src, f.off(m.c.Pos()), f.off(m.c.End())))
	}
	out, err := applyEdits(src, edits)
	if err != nil {
		return err
	}
	v.platform[rel], err = parseFile(rel, out)
	return err
}

// putPlatformFiles writes the files that copyPlatformFile kept whose
// declarations the view keeps on this system: such a file is another
// system's version of them, and goes with them.
func (v *writer) putPlatformFiles() error {
	for _, rel := range slices.Sorted(maps.Keys(v.platform)) {
		f := v.platform[rel]
		kept := map[string]bool{}
		for _, p := range v.paths() {
			if path.Dir(p) != path.Dir(rel) {
				continue
			}
			for _, d := range v.files[p].file.Decls {
				for _, name := range declNames(d) {
					kept[name] = true
				}
			}
		}
		all := true
		for _, d := range f.file.Decls {
			for _, name := range declNames(d) {
				all = all && kept[name]
			}
		}
		if !all {
			continue
		}
		out, err := format.Source(f.src)
		if err != nil {
			return fileError(rel, 0, "gofmt: %v", err)
		}
		if err := v.put(rel, out); err != nil {
			return err
		}
	}
	return nil
}

// constraintLine is a build constraint line of a file's header that names
// a stage's tag, with the blank line after it.
var constraintLine = regexp.MustCompile(`(?m)^[ \t]*(//go:build|// \+build).*\bstage[0-9]+\b.*\n([ \t]*\n)?`)

// putAssembly writes each assembly file whose Go file of the same name
// (prefetch_amd64.s, prefetch_amd64.go) the view keeps: that file declares
// the functions the assembly defines, and the assembly goes with it.
func (v *writer) putAssembly() error {
	for _, rel := range slices.Sorted(maps.Keys(v.asm)) {
		decl := strings.TrimSuffix(rel, ".s") + ".go"
		if _, err := os.Stat(filepath.Join(v.dir, filepath.FromSlash(decl))); err != nil {
			continue
		}
		if err := v.put(rel, v.asm[rel]); err != nil {
			return err
		}
	}
	return nil
}

// dropConstraints removes the //go:build lines that name a stage's tag (and
// the blank line after each) from a file's header, before its package
// clause. A constraint on the platform (//go:build !linux) stays.
func dropConstraints(src []byte) []byte {
	end := bytes.Index(src, []byte("\npackage ")) + 1
	if bytes.HasPrefix(src, []byte("package ")) {
		end = 0
	}
	return append(constraintLine.ReplaceAll(src[:end:end], nil), src[end:]...)
}

// put writes a file of the view.
func (v *writer) put(rel string, data []byte) error {
	p := filepath.Join(v.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

// drop deletes a file of the view.
func (v *writer) drop(rel string) error {
	delete(v.files, rel)
	return os.Remove(filepath.Join(v.dir, filepath.FromSlash(rel)))
}

// update replaces a Go file of the view by new text, formatted, or drops it
// when nothing but its package clause and imports is left. A file that holds
// the package comment stays while it declares nothing (a doc.go): it goes
// only with its package (dropLoneDocs).
func (v *writer) update(f *srcFile) error {
	if (len(f.file.Decls) == 0 && !holdsPackageDoc(f)) || (len(f.file.Decls) > 0 && onlyImports(f)) {
		return v.drop(f.path)
	}
	v.files[f.path] = f
	return v.put(f.path, f.src)
}

// holdsPackageDoc reports whether f is a package's file (not a test) with
// the package comment ("// Package eval ...").
func holdsPackageDoc(f *srcFile) bool {
	return !isTest(f.path) && f.file.Doc != nil && strings.HasPrefix(f.file.Doc.Text(), "Package ")
}

// dropLoneDocs drops every file kept only for its package comment whose
// package has no other file left in the view: an empty package goes whole.
func (v *writer) dropLoneDocs() error {
	others := map[string]bool{} // directories with a package file that declares something
	for _, p := range v.paths() {
		if f := v.files[p]; !isTest(p) && len(f.file.Decls) > 0 {
			others[path.Dir(p)] = true
		}
	}
	for _, p := range v.paths() {
		if f := v.files[p]; len(f.file.Decls) == 0 && !others[path.Dir(p)] {
			if err := v.drop(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// paths returns the view's Go files in order.
func (v *writer) paths() []string {
	var ps []string
	for p := range v.files {
		ps = append(ps, p)
	}
	slices.Sort(ps)
	return ps
}

// writeHandout makes the view a handout that grades itself and stands
// alone: its README, its Makefile (make grade), the stages file that
// refuses a stage tag, and the go.mod and go.sum of its own imports.
func (v *writer) writeHandout(st stages.Stage) error {
	bench, err := v.stageBench(st)
	if err != nil {
		return err
	}
	if err := v.writeReadme(st, bench); err != nil {
		return err
	}
	if err := v.put("Makefile", makefileText(st, bench)); err != nil {
		return err
	}
	if err := v.put(guardFile, guardText(st)); err != nil {
		return err
	}
	return tidyModule(v.dir)
}

// writeReadme writes the view's README.
func (v *writer) writeReadme(st stages.Stage, bench uint64) error {
	what := fmt.Sprintf("chapter %d, %q", st.Number, st.Title)
	if st.Number == stages.Main {
		what = "the whole book (main: stage 20 and what came after it)"
	}
	text := fmt.Sprintf(`# cb2026, %[1]s

This is the engine of the book cb2026 as %[2]s leaves it: every technique
of a later chapter is cut out. It is written by "go run ./tools/book view %[3]s DIR"
from the book's repository, and its bench prints the node count the book
gives for %[1]s, %[4]d.

    make grade                             # go vet, the tests and the bench: one line of verdict
    go test ./...                          # its tests
    go run ./engine/cmd/cb2026 bench       # its bench: the last line is "N nodes M nps"

## Grading

The handout grades itself. stages.Bench holds the bench count of %[1]s, and
a test of the engine (TestBenchIsTheStages, in engine/cmd/cb2026) runs the
bench and fails when its count differs, with a line like

    bench N nodes, %[1]s expects %[4]d

The count is exact to the node: a technique written wrong searches another
tree, and the bench tells even where every other test passes. So go test
./... grades the code, and make grade runs go vet and the tests and ends
with one line, "grade: %[1]s passes (vet, tests, bench %[4]d nodes)" or
"grade: %[1]s FAILS: ..." (and a non-zero exit status).

The handout is one stage and builds without tags: a stage tag
(-tags stage12) is refused with a compile error that says so. Its go.mod
requires only what its code imports, so it builds and tests offline from
those modules alone.
`, st.Name(), what, st, bench)
	return v.put("README.md", []byte(text))
}

// stageBench returns the constant Bench of the view's stage file
// (stages/stage7.go, stages/main.go), as the last load of the view typed
// it: the node count its grade expects.
func (v *writer) stageBench(st stages.Stage) (uint64, error) {
	for _, p := range v.pkgs {
		if c, ok := p.Types.Scope().Lookup("Bench").(*types.Const); ok && p.PkgPath == v.mod+"/stages" {
			if n, exact := constant.Uint64Val(c.Val()); exact {
				return n, nil
			}
		}
	}
	return 0, fileError(StageFile(st), 0, "no constant Bench = <node count>: a handout's grade compares its bench with it")
}

// makefileText returns the handout's Makefile. Its grade runs go vet and
// the tests (the bench's among them, TestBenchIsTheStages) and ends with
// one line of verdict, which on a failure of the bench names its count and
// the stage's; the exit status is non-zero on any failure.
func makefileText(st stages.Stage, bench uint64) []byte {
	return []byte(fmt.Sprintf(`# The Makefile of the cb2026 handout of %[1]s.
#
#   make grade   go vet, the tests and the bench, with one line of verdict
#   make test    the tests (the bench's count among them)
#   make bench   the bench: its last line is "N nodes M nps"

STAGE = %[1]s
BENCH = %[2]d

.PHONY: grade test bench

grade:
	@go vet ./... || { echo "grade: $(STAGE) FAILS: go vet"; exit 1; }
	@out=$$(go test ./... 2>&1); status=$$?; printf '%%s\n' "$$out"; \
	if [ $$status -ne 0 ]; then \
		why=$$(printf '%%s\n' "$$out" | grep -o 'bench [0-9]* nodes, .* expects [0-9]*' | head -n 1); \
		echo "grade: $(STAGE) FAILS: $${why:-go test (see above)}"; exit 1; \
	fi
	@echo "grade: $(STAGE) passes (vet, tests, bench $(BENCH) nodes)"

test:
	go test ./...

bench:
	go run ./engine/cmd/cb2026 bench
`, st.Name(), bench))
}

// guardFile is the handout's file that refuses a stage tag.
const guardFile = "stages/tagged.go"

// guardText returns the Go file that makes a handout refuse every stage
// tag. The book's engine chooses its stage by tag; a handout is one stage,
// cut out, and would build the same engine under any tag while its reader
// believed otherwise. So the file is built only under a stage tag, and
// then fails to compile: its constant is a string given the type int, and
// the compiler's message quotes the string, which says what to do.
func guardText(st stages.Stage) []byte {
	tags := make([]string, stages.Last)
	for i := range tags {
		tags[i] = fmt.Sprintf("stage%d", i+1)
	}
	src := fmt.Sprintf(`//go:build %s

package stages

// This file is built only under a stage tag, and then does not compile:
// the handout is one stage of the book, cut out of its source, and no
// tag chooses another. Build it without tags.
const _ int = "this handout builds only %s: build it without -tags"
`, strings.Join(tags, " || "), st.Name())
	return []byte(src) // as gofmt prints it (TestHandout)
}

// tidyModule leaves dir's go.mod and go.sum as go mod tidy writes them:
// requiring only the modules the view's packages and tests import (the
// book's go.mod also requires what the book and its tools use, and a tool
// line). Tidy, rather than a list computed here, because the go command
// is the one authority on the module graph: the versions it selects, the
// indirect requirements a pruned graph needs, and the go.sum lines that
// building and testing the view check. It runs offline (GOPROXY=off) and
// reads only the module cache that building the repository fills, so the
// result depends on the repository's go.mod and go.sum alone; a module
// missing from the cache is an error, never a download.
func tidyModule(dir string) error {
	out, err := modCommand(dir, "mod", "edit", "-json")
	if err != nil {
		return fmt.Errorf("view: go mod edit -json: %v\n%s", err, out)
	}
	var mod struct{ Tool []struct{ Path string } }
	if err := json.Unmarshal([]byte(out), &mod); err != nil {
		return fmt.Errorf("view: go mod edit -json: %w", err)
	}
	for _, t := range mod.Tool {
		if out, err := modCommand(dir, "mod", "edit", "-droptool="+t.Path); err != nil {
			return fmt.Errorf("view: go mod edit -droptool: %v\n%s", err, out)
		}
	}
	if out, err := modCommand(dir, "mod", "tidy"); err != nil {
		return fmt.Errorf("view: go mod tidy (offline, from the module cache): %v\n%s", err, out)
	}
	return nil
}

// modCommand runs the go command in dir offline, outside any workspace,
// with the local toolchain, and returns its standard output (its standard
// error too when it fails).
func modCommand(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOPROXY=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return string(out) + stderr.String(), err
	}
	return string(out), nil
}
