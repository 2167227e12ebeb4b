package view

import (
	"bytes"
	"errors"
	"fmt"
	"go/build"
	"go/format"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"cb2026/stages"
)

// Options says which view to write and where.
type Options struct {
	Root    string       // the repository's root
	Dir     string       // the directory to write the view into
	Stage   stages.Stage // the chapter whose view it is
	Replace bool         // replace what Dir holds (else Dir must be empty or absent)
}

// included lists what of the repository a view holds: the engine, the stage
// package, the test data and the module files. The book, its tools and the
// chapters are not a chapter's program.
var included = []string{"engine", "stages", "testdata", "go.mod", "go.sum"}

// An Error is what is wrong with the source of a view, at a file and line of
// the repository (or of the view, for a view that does not compile).
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

// Write writes the view of opt.Stage into opt.Dir.
func Write(opt Options) error {
	root, err := filepath.Abs(opt.Root)
	if err != nil {
		return err
	}
	dir, err := filepath.Abs(opt.Dir)
	if err != nil {
		return err
	}
	if err := prepareDir(root, dir, opt.Replace); err != nil {
		return err
	}
	v := &writer{root: root, dir: dir, stage: opt.Stage.Number, files: map[string]*srcFile{}, removed: map[string]bool{}, zeros: map[string]bool{}}
	if err := v.copyTree(); err != nil {
		return err
	}
	if err := v.foldSwitches(); err != nil {
		return err
	}
	if err := v.simplifyAll(); err != nil {
		return err
	}
	if err := v.applyAllMarkers(); err != nil {
		return err
	}
	if err := v.simplifyAll(); err != nil {
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
// printed until it no longer changes.
func (v *writer) formatAll() error {
	for _, p := range v.paths() {
		src := v.files[p].src
		src = blankAtBrace.ReplaceAll(src, []byte("${1}${2}")) // a cut at a block's end leaves its blank line
		for range 3 {
			out, err := format.Source(src)
			if err != nil {
				return fileError(p, 0, "gofmt: %v", err)
			}
			if bytes.Equal(out, src) {
				break
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

// prepareDir checks that dir is outside the repository and empty (or
// emptied, with replace), and creates it.
func prepareDir(root, dir string, replace bool) error {
	if rel, err := filepath.Rel(root, dir); err == nil && !strings.HasPrefix(rel, "..") {
		return fmt.Errorf("view: %s is inside the repository %s: a view is never written into the tree", dir, root)
	}
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return os.MkdirAll(dir, 0o755)
	case err != nil:
		return fmt.Errorf("view: %w", err)
	case len(entries) > 0 && !replace:
		return fmt.Errorf("view: %s is not empty (replace it with -replace)", dir)
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return fmt.Errorf("view: %w", err)
		}
	}
	return nil
}

// A writer writes one view.
type writer struct {
	root, dir string
	stage     int                 // 1..20 or stages.Main
	files     map[string]*srcFile // the view's Go files by slash path
	removed   map[string]bool     // names the rule removed: tests that use them go too
	loaded    map[string]*srcFile // the files of the last load, with its syntax
	zeros     map[string]bool     // the zero constants that folded choices became
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
	f, err := parseFile(rel, dropConstraints(src))
	if err != nil {
		return err
	}
	if _, err := parseMarkers(f); err != nil {
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
