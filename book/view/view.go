package view

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"go/build"
	"go/format"
	"go/types"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

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
	v := &writer{root: root, dir: dir, stage: opt.Stage.Number, files: map[string]*srcFile{}, orig: map[string][]byte{}, zeros: map[string]bool{}}
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
	if err := v.formatAll(); err != nil {
		return err
	}
	return v.writeReadme(opt.Stage)
}

// blankAtBrace is a blank line right before a closing brace.
var blankAtBrace = regexp.MustCompile(`(\n)[ \t]*\n([ \t]*\})`)

// formatAll leaves every Go file of the view as gofmt prints it. Printing
// after a cut can keep the column widths of lines that went, so a file is
// printed until it no longer changes (a text given back twice is an error).
func (v *writer) formatAll() error {
	for _, p := range v.paths() {
		src := v.files[p].src
		src = blankAtBrace.ReplaceAll(src, []byte("${1}${2}")) // a cut at a block's end leaves its blank line
		var seen cycle
		for {
			out, err := format.Source(src)
			if err != nil {
				return fileError(p, 0, "gofmt: %v", err)
			}
			if bytes.Equal(out, src) {
				break
			}
			if seen.again(out) {
				return fileError(p, 0, "gofmt does not settle: it gives back a text it gave before")
			}
			src = out
		}
		if !bytes.Equal(src, v.files[p].src) {
			if err := v.put(p, src); err != nil {
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
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, p)
		if err != nil || d.IsDir() || rel == Manifest {
			return err
		}
		fmt.Fprintf(&b, "%s  %s\n", fileSum(p), filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return fmt.Errorf("view: %w", err)
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
	for _, top := range included {
		err := filepath.WalkDir(filepath.Join(v.root, top), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(v.root, p)
			return v.copyFile(&ctx, filepath.ToSlash(rel))
		})
		if err != nil {
			return fmt.Errorf("view: %w", err)
		}
	}
	return nil
}

// copyFile copies one file of the repository into the view.
func (v *writer) copyFile(ctx *build.Context, rel string) error {
	src, err := os.ReadFile(filepath.Join(v.root, filepath.FromSlash(rel)))
	if err != nil {
		return err
	}
	if !strings.HasSuffix(rel, ".go") {
		return v.put(rel, src)
	}
	dir, name := filepath.Split(filepath.Join(v.root, filepath.FromSlash(rel)))
	if ok, err := ctx.MatchFile(dir, name); err != nil || !ok {
		return err
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

// dropConstraints removes the //go:build lines (and the blank line after
// each) from a file's header, before its package clause.
func dropConstraints(src []byte) []byte {
	lines := strings.SplitAfter(string(src), "\n")
	var out []string
	skipBlank := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "package "):
			return []byte(strings.Join(append(out, lines[i:]...), ""))
		case strings.HasPrefix(t, "//go:build"), strings.HasPrefix(t, "// +build"):
			skipBlank = true
			continue
		case skipBlank && t == "":
			skipBlank = false
			continue
		}
		skipBlank = false
		out = append(out, l)
	}
	return src
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

// writeReadme writes the view's README.
func (v *writer) writeReadme(st stages.Stage) error {
	what := fmt.Sprintf("chapter %d, %q", st.Number, st.Title)
	if st.Number == stages.Main {
		what = "the whole book (main: stage 20 and what came after it)"
	}
	text := fmt.Sprintf(`# cb2026, %s

This is the engine of the book cb2026 as %s leaves it: every technique
of a later chapter is cut out. It is written by "go run ./tools/book view %s DIR"
from the book's repository, and its bench prints the node count the book
gives for %s.

    go test ./...                          # its tests
    go run ./engine/cmd/cb2026 bench       # its bench: the last line is "N nodes M nps"
`, st.Name(), what, st, st.Name())
	return v.put("README.md", []byte(text))
}
