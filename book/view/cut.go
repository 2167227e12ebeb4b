package view

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/packages"

	"cb2026/stages"
)

// A cut is what one step takes out of the view, decided on one load of it
// (the type information of the code before the cut): the edits by file,
// the files and packages that go whole, and the declaring identifiers, by
// position, of everything that goes.
type cut struct {
	edits   fileEdits
	removed map[token.Pos]bool // the identifiers that declare what goes
	files   map[string]bool    // view paths of the files that go whole
	dirs    map[string]bool    // the directories of the packages that go whole
}

// newCut returns an empty cut.
func newCut() *cut {
	return &cut{edits: fileEdits{}, removed: map[token.Pos]bool{}, files: map[string]bool{}, dirs: map[string]bool{}}
}

// drop records that node n of f goes, with what it declares.
func (c *cut) drop(p *packages.Package, f *srcFile, n ast.Node) {
	c.edits.add(f, f.remove(n))
	c.declares(p, n)
}

// declares records what node n declares as gone.
func (c *cut) declares(p *packages.Package, n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && p.TypesInfo.Defs[id] != nil {
			c.removed[id.Pos()] = true
		}
		return true
	})
}

// covers reports whether the code at pos of f goes or is rewritten by the
// cut already.
func (c *cut) covers(f *srcFile, pos token.Pos) bool {
	if c.files[f.path] || c.dirs[path.Dir(f.path)] {
		return true
	}
	off := f.off(pos)
	for _, e := range c.edits[f] {
		if e.start <= off && off < e.end {
			return true
		}
	}
	return false
}

// gone reports whether obj is declared in the view and goes with the cut.
func (v *writer) gone(c *cut, obj types.Object) bool {
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	_, own := moduleDir(obj.Pkg().Path(), v.mod)
	return own && c.removed[obj.Pos()]
}

// closeOver adds to the cut what goes with what it removes, from the uses
// the type information records, until nothing more goes: a switch's case
// of one (caseGoes); an element of a list literal that is one or is keyed
// by one; a call statement whose function names one, or an "if v, ok :=
// f(); ok" whose f does; an interface's embedding of one; an unexported
// struct field whose type names one; and a declaration that uses one (a
// method of a removed type among them), if it is a test's or
// unexported, main and init excepted (and so on, for what uses that
// declaration). A use anywhere else (in an exported declaration) is an
// error at the source's file:line: the markers must say what goes.
func (v *writer) closeOver(pkgs []*packages.Package, c *cut) error {
	for {
		more := false
		var err error // the first use that nothing takes away with it
		for _, p := range pkgs {
			var ids []*ast.Ident
			for id, obj := range p.TypesInfo.Uses {
				if v.gone(c, obj) {
					ids = append(ids, id)
				}
			}
			slices.SortFunc(ids, func(a, b *ast.Ident) int { return int(a.Pos() - b.Pos()) })
			pars := map[*ast.File]map[ast.Node]ast.Node{}
			for _, id := range ids {
				file := fileOf(p, id.Pos())
				f := v.wrap(p, file)
				if f == nil || c.covers(f, id.Pos()) || v.markedLater(f)(f.off(id.Pos())) {
					continue // what a later marker cuts goes with it
				}
				if pars[file] == nil {
					pars[file] = parents(file)
				}
				if n := v.goesWith(p, c, f, pars[file], id); n != nil {
					c.drop(p, f, n)
					more = true
					continue
				}
				if obj := p.TypesInfo.Uses[id]; err == nil {
					err = v.sourceError(f.path, f.line(id.Pos()), "%s uses %s, which stage %s's view removes (%s:%d)",
						declName(declAt(file, id.Pos())), id.Name, stages.Stage{Number: v.stage}.String(), v.rel(p.Fset, obj.Pos()), v.sourceLine(v.rel(p.Fset, obj.Pos()), p.Fset.Position(obj.Pos()).Line))
				}
			}
		}
		if !more {
			return err
		}
	}
}

// goesWith returns what goes with a removed declaration used at id: a
// switch's case of it (caseGoes), an element of an array, slice or map
// literal that is it or is keyed by it (a list of stages without a later
// one), a call statement whose function names it (f(), x.f(),
// x.field.M(): the call's effect is the removed
// declaration's) or an "if v, ok := f(); ok" whose f does (its ok is never
// true without it), except in a test, which goes whole, an interface's
// embedding of it (what a later stage adds to an interface is an interface
// of its own, marked, and embedded), an unexported struct field whose type
// names it, or the declaration holding id, if it is a test's or
// unexported, main and init excepted. It returns nil otherwise.
func (v *writer) goesWith(p *packages.Package, c *cut, f *srcFile, par map[ast.Node]ast.Node, id *ast.Ident) ast.Node {
	d := declAt(f.file, id.Pos())
	for n := ast.Node(id); n != nil; n = par[n] {
		if lit, ok := par[n].(*ast.CompositeLit); ok && isElement(lit, n, id) && listLiteral(p, lit) {
			return n
		}
		switch n := n.(type) {
		case *ast.CaseClause:
			if v.caseGoes(p, c, n, par[par[n]]) {
				return n
			}
		case *ast.ExprStmt:
			if call, ok := n.X.(*ast.CallExpr); ok && calls(call, id) && !aTest(f, d) {
				return n
			}
		case *ast.IfStmt:
			if call := okCall(n); call != nil && calls(call, id) && !aTest(f, d) {
				return n
			}
		case *ast.Field:
			if _, in := par[par[n]].(*ast.InterfaceType); in && len(n.Names) == 0 && v.names(p, c, n.Type) {
				return n
			}
			if _, in := par[par[n]].(*ast.StructType); in && unexportedField(n) && v.names(p, c, n.Type) {
				return n
			}
		}
	}
	if fd, ok := d.(*ast.FuncDecl); ok && !isTest(f.path) && isRootFunc(fd, false, p.Name) {
		return nil // main and init stay: a use in them is an error
	}
	if d != nil && (isTest(f.path) || !slices.ContainsFunc(declNames(d), ast.IsExported)) {
		return d
	}
	return nil
}

// isElement reports whether n is an element of lit that id names: id
// itself (or x.id), or an element keyed by it.
func isElement(lit *ast.CompositeLit, n ast.Node, id *ast.Ident) bool {
	if !slices.Contains(lit.Elts, n.(ast.Expr)) {
		return false
	}
	if kv, ok := n.(*ast.KeyValueExpr); ok {
		n = kv.Key
	}
	if sel, ok := n.(*ast.SelectorExpr); ok {
		n = sel.Sel
	}
	return n == id
}

// listLiteral reports whether lit is an array, slice or map literal, whose
// elements stand on their own (a struct literal's are its fields).
func listLiteral(p *packages.Package, lit *ast.CompositeLit) bool {
	switch p.TypesInfo.TypeOf(lit).Underlying().(type) {
	case *types.Array, *types.Slice, *types.Map:
		return true
	}
	return false
}

// okCall returns the call of an "if v, ok := f(); ok { ... }" with no
// else: without f, ok is never true and the if does nothing.
func okCall(s *ast.IfStmt) *ast.CallExpr {
	as, ok := s.Init.(*ast.AssignStmt)
	if !ok || s.Else != nil || as.Tok != token.DEFINE || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return nil
	}
	cond, ok := s.Cond.(*ast.Ident)
	if last, _ := as.Lhs[1].(*ast.Ident); !ok || last == nil || cond.Name != last.Name {
		return nil
	}
	call, _ := as.Rhs[0].(*ast.CallExpr)
	return call
}

// unexportedField reports whether a struct field declares names, none of
// them exported.
func unexportedField(fl *ast.Field) bool {
	return len(fl.Names) > 0 && !slices.ContainsFunc(fl.Names, (*ast.Ident).IsExported)
}

// caseGoes reports whether a case of switch sw goes with what the cut
// removes: a type switch's case of a removed type, or an expression
// switch's case whose every value is a removed constant (no value equals
// it any more).
func (v *writer) caseGoes(p *packages.Package, c *cut, cc *ast.CaseClause, sw ast.Node) bool {
	switch sw.(type) {
	case *ast.TypeSwitchStmt:
		return len(cc.List) == 1 && v.names(p, c, cc.List[0])
	case *ast.SwitchStmt:
		for _, e := range cc.List {
			if !v.names(p, c, e) {
				return false
			}
		}
		return len(cc.List) > 0
	}
	return false
}

// aTest reports whether d is a test, benchmark, fuzz target or example.
func aTest(f *srcFile, d ast.Decl) bool {
	fd, ok := d.(*ast.FuncDecl)
	return ok && isTest(f.path) && isRootFunc(fd, true, "") && fd.Name.Name != "init"
}

// calls reports whether id stands in the function a call calls (f, x.f,
// x.field.M), not in its arguments.
func calls(call *ast.CallExpr, id *ast.Ident) bool {
	return call.Fun.Pos() <= id.Pos() && id.End() <= call.Fun.End()
}

// names reports whether expression e names something the cut removes.
func (v *writer) names(p *packages.Package, c *cut, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && v.gone(c, p.TypesInfo.Uses[id]) {
			found = true
		}
		return !found
	})
	return found
}

// fileOf returns the file of package p that holds pos.
func fileOf(p *packages.Package, pos token.Pos) *ast.File {
	for _, file := range p.Syntax {
		if file.FileStart <= pos && pos <= file.FileEnd {
			return file
		}
	}
	return nil
}

// declAt returns the top-level declaration holding pos, or nil.
func declAt(file *ast.File, pos token.Pos) ast.Decl {
	for _, d := range file.Decls {
		if d.Pos() <= pos && pos <= d.End() {
			return d
		}
	}
	return nil
}

// declNames returns the names d declares (a method: its own name).
func declNames(d ast.Decl) []string {
	var names []string
	switch d := d.(type) {
	case *ast.FuncDecl:
		names = append(names, d.Name.Name)
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				names = append(names, s.Name.Name)
			case *ast.ValueSpec:
				for _, id := range s.Names {
					names = append(names, id.Name)
				}
			}
		}
	}
	return names
}

// declName returns the name a declaration is known by, for a message.
func declName(d ast.Decl) string {
	if names := declNames(d); len(names) > 0 {
		return names[0]
	}
	return "the code"
}

// applyCut applies a cut: the packages and files that go whole, then the
// edits of the others, each file formatted.
func (v *writer) applyCut(c *cut) error {
	for _, p := range v.paths() {
		if c.dirs[path.Dir(p)] {
			delete(v.files, p)
		}
	}
	for dir := range c.dirs {
		if err := os.RemoveAll(filepath.Join(v.dir, filepath.FromSlash(dir))); err != nil {
			return err
		}
	}
	for f := range c.edits {
		if c.files[f.path] || c.dirs[path.Dir(f.path)] {
			delete(c.edits, f)
		}
	}
	for p := range c.files {
		if c.dirs[path.Dir(p)] {
			continue
		}
		if err := v.drop(p); err != nil {
			return err
		}
	}
	return v.apply(c.edits)
}

// typeErrors returns the view's first type error, at the source's file and
// line: the rule left something that does not compile, which is the
// generator's fault or the markers'.
func (v *writer) typeErrors(pkgs []*packages.Package) error {
	for _, p := range pkgs {
		for _, te := range p.TypeErrors {
			pos := p.Fset.Position(te.Pos)
			return v.sourceError(v.rel(p.Fset, te.Pos), pos.Line, "stage %s's view does not compile here: %s", stages.Stage{Number: v.stage}.String(), te.Msg)
		}
	}
	return nil
}

// sourceError returns an *Error at the line of the source file that line
// of the view's file came from.
func (v *writer) sourceError(file string, line int, format string, args ...any) error {
	return fileError(file, v.sourceLine(file, line), format, args...)
}

// sourceLine returns the line of the source file that line of the view's
// file came from.
func (v *writer) sourceLine(file string, line int) int {
	if orig, ok := v.orig[file]; ok && v.files[file] != nil {
		return sourceLine(orig, v.files[file].src, line)
	}
	return line
}

// sourceLine maps line n of now (1-based) to the line of orig it came
// from: the lines both keep are matched in order (a longest common
// subsequence), and a line of now with no match counts from the last
// matched line above it.
func sourceLine(orig, now []byte, n int) int {
	a, b := bytes.Split(orig, []byte("\n")), bytes.Split(now, []byte("\n"))
	lcs := make([][]int32, len(a)+1) // lcs[i][j]: of a[i:] and b[j:]
	for i := range lcs {
		lcs[i] = make([]int32, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			switch {
			case bytes.Equal(bytes.TrimSpace(a[i]), bytes.TrimSpace(b[j])):
				lcs[i][j] = lcs[i+1][j+1] + 1
			default:
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j, last, lastB := 0, 0, 0, 0 // last: the orig line of b's line lastB
	for i < len(a) && j < len(b) && j < n {
		switch {
		case bytes.Equal(bytes.TrimSpace(a[i]), bytes.TrimSpace(b[j])) && lcs[i][j] == lcs[i+1][j+1]+1:
			last, lastB = i+1, j+1
			i, j = i+1, j+1
		case lcs[i+1][j] >= lcs[i][j+1]:
			i++
		default:
			j++
		}
	}
	return last + n - lastB
}

// cutLater takes out of the view every row, switch, package, file and
// declaration of a later stage, with what goes with them, in two cuts each
// decided on one load of the view: the rows and switches, then, once the
// constants they leave are folded, the markers.
func (v *writer) cutLater() error {
	for _, step := range []func([]*packages.Package, *cut) error{v.foldSwitches, v.cutMarked} {
		pkgs, err := v.load()
		if err != nil {
			return err
		}
		c := newCut()
		if err := step(pkgs, c); err != nil {
			return err
		}
		if err := v.closeOver(pkgs, c); err != nil {
			return err
		}
		if err := v.applyCut(c); err != nil {
			return err
		}
		if err := v.simplifyAll(); err != nil {
			return err
		}
	}
	return nil
}
