package view

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// load type-checks every package of the view, its tests included, from the
// view's files as they stand (parsed again, into one file set). Each
// package is returned once: with its in-package tests where it has some
// (the test variant), the package alone otherwise, and its external test
// package apart. The packages of other modules and the standard library
// come from export data, read once per view (v.ext). A file that does not
// parse, or an import that is neither the module's nor found, is an error;
// the type errors are left in each package's TypeErrors.
func (v *writer) load() ([]*packages.Package, error) {
	mod, err := modulePath(v.dir)
	if err != nil {
		return nil, err
	}
	v.mod = mod
	fset := token.NewFileSet()
	v.loaded = map[string]*srcFile{}
	type dirFiles struct{ lib, test, xtest []*ast.File }
	dirs := map[string]*dirFiles{}
	imports := map[string]bool{}
	for _, p := range v.paths() {
		dir := path.Dir(p)
		if !inPackage(dir) {
			continue
		}
		file, err := parser.ParseFile(fset, filepath.Join(v.dir, filepath.FromSlash(p)), v.files[p].src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, fileError(p, 0, "%v", err)
		}
		v.loaded[p] = &srcFile{path: p, src: v.files[p].src, fset: fset, file: file}
		d := dirs[dir]
		if d == nil {
			d = &dirFiles{}
			dirs[dir] = d
		}
		switch {
		case !isTest(p):
			d.lib = append(d.lib, file)
		case strings.HasSuffix(file.Name.Name, "_test"):
			d.xtest = append(d.xtest, file)
		default:
			d.test = append(d.test, file)
		}
		for _, is := range file.Imports {
			ip, _ := strconv.Unquote(is.Path.Value)
			if _, own := moduleDir(ip, mod); !own {
				imports[ip] = true
			}
		}
	}
	if err := v.loadExternal(imports); err != nil {
		return nil, err
	}
	c := &checker{fset: fset, ext: v.ext, plain: map[string]*packages.Package{}, checking: map[string]bool{}}
	c.lib = func(ip string) []*ast.File {
		if dir, own := moduleDir(ip, mod); own && dirs[dir] != nil {
			return dirs[dir].lib
		}
		return nil
	}
	var pkgs []*packages.Package
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		d, ip := dirs[dir], mod+"/"+dir
		if dir == "." {
			ip = mod
		}
		var under *types.Package // what the external tests import for ip
		switch {
		case len(d.test) > 0:
			p := c.check(ip, append(slices.Clip(d.lib), d.test...), nil)
			pkgs, under = append(pkgs, p), p.Types
		case len(d.lib) > 0:
			p, err := c.checkLib(ip)
			if err != nil {
				return nil, err
			}
			pkgs, under = append(pkgs, p), p.Types
		}
		if len(d.xtest) > 0 {
			pkgs = append(pkgs, c.check(ip+"_test", d.xtest, map[string]*types.Package{ip: under}))
		}
	}
	v.pkgs = pkgs
	return pkgs, nil
}

// moduleDir returns the directory of package ip relative to the root of
// module mod ("." for the root), and whether ip is one of mod's packages.
func moduleDir(ip, mod string) (dir string, own bool) {
	if ip == mod {
		return ".", true
	}
	dir, own = strings.CutPrefix(ip, mod+"/")
	return dir, own
}

// inPackage reports whether a directory of the view holds a package the go
// command builds: none under testdata, or named with a leading . or _.
func inPackage(dir string) bool {
	for _, el := range strings.Split(dir, "/") {
		if el == "testdata" || strings.HasPrefix(el, "_") || (strings.HasPrefix(el, ".") && el != ".") {
			return false
		}
	}
	return true
}

// loadExternal reads the types of the packages the view imports from
// outside its module (the standard library, testify) from export data, the
// first time they are asked for.
func (v *writer) loadExternal(imports map[string]bool) error {
	if v.ext == nil {
		v.ext = map[string]*types.Package{}
	}
	var want []string
	for ip := range imports {
		if v.ext[ip] == nil {
			want = append(want, ip)
		}
	}
	if len(want) == 0 {
		return nil
	}
	slices.Sort(want)
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports, Dir: v.dir,
		Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")}
	pkgs, err := packages.Load(cfg, want...)
	if err != nil {
		return fmt.Errorf("view: loading the packages the view imports: %w", err)
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			return fmt.Errorf("view: loading %s: %v", p.PkgPath, p.Errors[0])
		}
		v.ext[p.PkgPath] = p.Types
	}
	for _, ip := range want {
		if v.ext[ip] == nil {
			return fmt.Errorf("view: package %s, which the view imports, is not found", ip)
		}
	}
	return nil
}

// A checker type-checks the view's packages, each library package once
// (plain, as its importers see it).
type checker struct {
	fset     *token.FileSet
	ext      map[string]*types.Package // the other modules' packages
	lib      func(path string) []*ast.File
	plain    map[string]*packages.Package // the module's packages checked so far
	checking map[string]bool
}

// check type-checks one package of files; override maps import paths to
// the packages to use for them (the test variant, for an external test).
func (c *checker) check(ip string, files []*ast.File, override map[string]*types.Package) *packages.Package {
	p := &packages.Package{ID: ip, PkgPath: ip, Fset: c.fset, Syntax: files}
	if len(files) > 0 {
		p.Name = files[0].Name.Name
	}
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if tp := override[path]; tp != nil {
				return tp, nil
			}
			return c.imported(path)
		}),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				p.TypeErrors = append(p.TypeErrors, te)
			}
		},
	}
	p.TypesInfo = &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	p.Types, _ = conf.Check(ip, c.fset, files, p.TypesInfo) // the errors are in p.TypeErrors
	return p
}

// imported returns the package of an import path: another module's, or the
// view's own, checked on first use.
func (c *checker) imported(ip string) (*types.Package, error) {
	if tp := c.ext[ip]; tp != nil {
		return tp, nil
	}
	p, err := c.checkLib(ip)
	if err != nil {
		return nil, err
	}
	return p.Types, nil
}

// checkLib returns the view's package ip without its tests, checked once.
func (c *checker) checkLib(ip string) (*packages.Package, error) {
	if p := c.plain[ip]; p != nil {
		return p, nil
	}
	files := c.lib(ip)
	if files == nil {
		return nil, fmt.Errorf("no package %s in the view", ip)
	}
	if c.checking[ip] {
		return nil, fmt.Errorf("import cycle through %s", ip)
	}
	c.checking[ip] = true
	p := c.check(ip, files, nil)
	c.plain[ip] = p
	return p, nil
}

// importerFunc is a types.Importer of a function.
type importerFunc func(path string) (*types.Package, error)

// Import imports a package.
func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// rel returns the view's slash path of a position's file.
func (v *writer) rel(fset *token.FileSet, pos token.Pos) string {
	r, err := filepath.Rel(v.dir, fset.Position(pos).Filename)
	if err != nil {
		return fset.Position(pos).Filename
	}
	return filepath.ToSlash(r)
}

// wrap returns the view's file of a loaded package's file: its text, with
// the load's syntax and positions; nil for a file that is not the view's.
func (v *writer) wrap(p *packages.Package, file *ast.File) *srcFile {
	return v.loaded[v.rel(p.Fset, file.Pos())]
}

// parents maps every node under root (a file, a declaration) to its parent.
func parents(root ast.Node) map[ast.Node]ast.Node {
	m := map[ast.Node]ast.Node{}
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
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
		if fsrc, err := format.Source(src); err == nil {
			src = fsrc
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
