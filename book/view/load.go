package view

import (
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
)

// loadMode is what the view's packages are loaded with: syntax and types of
// the module's own packages, the others' types from export data.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
	packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports

// load type-checks every package of the view, its tests included. Each
// package is loaded once: the test variant where there is one (it holds the
// package's files and its in-package tests), the external test package, and
// the package alone otherwise.
func (v *writer) load() ([]*packages.Package, error) {
	cfg := &packages.Config{Mode: loadMode, Dir: v.dir, Tests: true,
		Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")}
	v.loaded = map[string]*srcFile{}
	all, err := packages.Load(cfg, "./...")
	if err != nil {
		return nil, fmt.Errorf("view: loading the view's packages: %w", err)
	}
	tested := map[string]bool{}
	for _, p := range all {
		if strings.Contains(p.ID, " [") && !strings.HasSuffix(p.PkgPath, "_test") {
			tested[p.PkgPath] = true
		}
	}
	var pkgs []*packages.Package
	for _, p := range all {
		switch {
		case strings.HasSuffix(p.ID, ".test"): // the generated test main
		case !strings.Contains(p.ID, " [") && tested[p.PkgPath]:
		default:
			pkgs = append(pkgs, p)
		}
	}
	return pkgs, nil
}

// rel returns the view's slash path of a position's file.
func (v *writer) rel(fset *token.FileSet, pos token.Pos) string {
	r, err := filepath.Rel(v.dir, fset.Position(pos).Filename)
	if err != nil {
		return fset.Position(pos).Filename
	}
	return filepath.ToSlash(r)
}

// wrap returns the view's file for a file of a loaded package: its text,
// with the package's syntax and positions. It returns nil for a file that
// is not the view's (the go command's generated test main).
func (v *writer) wrap(p *packages.Package, file *ast.File) *srcFile {
	rel := v.rel(p.Fset, file.Pos())
	if w, ok := v.loaded[rel]; ok {
		return w
	}
	f, ok := v.files[rel]
	if !ok {
		return nil
	}
	w := &srcFile{path: rel, src: f.src, fset: p.Fset, file: file}
	v.loaded[rel] = w
	return w
}

// parents maps every node of a file to its parent.
func parents(file *ast.File) map[ast.Node]ast.Node {
	m := map[ast.Node]ast.Node{}
	var stack []ast.Node
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			m[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	return m
}

// topDecl returns the top-level declaration holding n.
func topDecl(par map[ast.Node]ast.Node, n ast.Node) ast.Decl {
	for n != nil {
		if d, ok := n.(ast.Decl); ok {
			if _, top := par[n].(*ast.File); top {
				return d
			}
		}
		n = par[n]
	}
	return nil
}

// fileEdits collects edits by file.
type fileEdits map[*srcFile][]edit

// add records an edit of file f.
func (fe fileEdits) add(f *srcFile, e edit) { fe[f] = append(fe[f], e) }

// apply applies the edits and writes the files.
func (v *writer) apply(fe fileEdits) error {
	for f, edits := range fe {
		src, err := applyEdits(f.src, edits)
		if err != nil {
			return fileError(f.path, 0, "%v", err)
		}
		nf, err := parseFile(f.path, src)
		if err != nil {
			return fileError(f.path, 0, "after editing: %v", err)
		}
		if err := v.update(nf); err != nil {
			return err
		}
	}
	return nil
}

// isTest reports whether a view path is a test file.
func isTest(path string) bool { return strings.HasSuffix(path, "_test.go") }
