package view

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"golang.org/x/tools/go/packages"
)

// The switches the folding reads: their struct type, and its table of rows
// (with DefaultTechniques, which returns a stage's switches).
const (
	techniquesType = "Techniques"
	techniquesVar  = "techniques"
)

// A switchSet is what folding knows of the Techniques type: its struct and
// its fields of a later stage. Positions are of one load, whose packages
// and test variants share syntax.
type switchSet struct {
	st    *ast.StructType
	pkg   *packages.Package // the package of st
	file  *srcFile
	later map[string]bool // the names of the switches of later stages
}

// foldSwitches removes every technique of a later stage: its field of
// Techniques, its row of the table, and every read of it, which becomes
// its value when off. A test that sets such a technique goes with it.
func (v *writer) foldSwitches(pkgs []*packages.Package, c *cut) error {
	sw := v.findSwitches(pkgs)
	for _, r := range v.laterRows(pkgs) {
		c.edits.add(r.f, r.f.remove(r.row))
	}
	if len(sw.later) == 0 {
		return nil
	}
	v.laterStageTests(pkgs, sw, c)
	for _, fl := range sw.st.Fields.List {
		if len(fl.Names) == 1 && sw.later[fl.Names[0].Name] {
			c.drop(sw.pkg, sw.file, fl)
		}
	}
	for _, p := range pkgs {
		if err := v.foldReads(p, sw, c); err != nil {
			return err
		}
	}
	return nil
}

// laterStageTests removes the tests that ask for a later stage's engine:
// a call DefaultTechniques(K), K a constant above the view's stage. The view
// has no such engine (its table stops at its own stage).
func (v *writer) laterStageTests(pkgs []*packages.Package, sw *switchSet, c *cut) {
	for _, p := range pkgs {
		for _, file := range p.Syntax {
			f := v.wrap(p, file)
			if f == nil || !isTest(f.path) {
				continue
			}
			for _, d := range file.Decls {
				if v.asksLater(p, sw, d) {
					c.drop(p, f, d)
				}
			}
		}
	}
}

// asksLater reports whether d calls DefaultTechniques with a later stage.
func (v *writer) asksLater(p *packages.Package, sw *switchSet, d ast.Decl) bool {
	found := false
	ast.Inspect(d, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			return !found
		}
		var id *ast.Ident
		switch fn := c.Fun.(type) {
		case *ast.Ident:
			id = fn
		case *ast.SelectorExpr:
			id = fn.Sel
		}
		obj, ok := p.TypesInfo.Uses[id].(*types.Func)
		if !ok || obj.Name() != "Default"+techniquesType || obj.Pkg().Path() != sw.pkg.PkgPath {
			return !found
		}
		if tv := p.TypesInfo.Types[c.Args[0]]; tv.Value != nil {
			k, _ := constant.Int64Val(tv.Value)
			found = found || int(k) > v.stage
		}
		return !found
	})
	return found
}

// findSwitches reads the switch struct (the type Techniques) and its table
// (the variable techniques of the same package), in whichever package of
// the view declares them. A view with no such type has no switches to fold.
func (v *writer) findSwitches(pkgs []*packages.Package) *switchSet {
	sw := &switchSet{later: map[string]bool{}}
	for _, p := range pkgs {
		for _, file := range p.Syntax {
			f := v.wrap(p, file)
			for _, d := range file.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || f == nil || isTest(f.path) {
					continue
				}
				for _, s := range gd.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.Name == techniquesType {
						if st, ok := ts.Type.(*ast.StructType); ok {
							sw.st, sw.pkg, sw.file = st, p, f
						}
					}
				}
			}
		}
		if sw.st != nil {
			break
		}
	}
	if sw.st == nil {
		return sw
	}
	for _, file := range sw.pkg.Syntax {
		ast.Inspect(file, func(n ast.Node) bool {
			if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Names) == 1 && vs.Names[0].Name == techniquesVar && len(vs.Values) == 1 {
				v.readTable(sw.pkg, vs.Values[0], sw)
			}
			return true
		})
	}
	return sw
}

// A laterRow is a keyed row of a table that a later stage adds.
type laterRow struct {
	f   *srcFile
	row ast.Expr // the element: a composite literal, or & of one
}

// laterRows returns every row of a later stage, in any package: an element
// of a composite literal that is itself a keyed composite literal (or & of
// one) with a field Stage or stage set to a constant above the view's
// stage. stages.Main is above every numbered stage. Such a row goes from
// the view whole; a row with no stage field, or one that is not constant,
// stays.
func (v *writer) laterRows(pkgs []*packages.Package) []laterRow {
	var rows []laterRow
	for _, p := range pkgs {
		for _, file := range p.Syntax {
			f := v.wrap(p, file)
			if f == nil {
				continue
			}
			ast.Inspect(file, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok {
					return true
				}
				for _, e := range lit.Elts {
					if st, ok := rowStage(p.TypesInfo, e); ok && st > v.stage {
						rows = append(rows, laterRow{f, e})
					}
				}
				return true
			})
		}
	}
	return rows
}

// rowStage returns the stage of a table row: the constant value of its
// Stage (or stage) field, when the row is a keyed struct literal, or & of
// one, that sets it.
func rowStage(info *types.Info, e ast.Expr) (int, bool) {
	row := rowLit(e)
	if row == nil {
		return 0, false
	}
	for _, el := range row.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return 0, false // unkeyed: no column is known to be the stage
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok || (key.Name != "Stage" && key.Name != "stage") {
			continue
		}
		if fld, ok := info.Uses[key].(*types.Var); !ok || !fld.IsField() {
			return 0, false
		}
		tv := info.Types[kv.Value]
		if tv.Value == nil || tv.Value.Kind() != constant.Int {
			return 0, false
		}
		n, ok := constant.Int64Val(tv.Value)
		return int(n), ok
	}
	return 0, false
}

// rowLit returns the composite literal of a table row: the element
// itself, & of it, or a map's (or keyed array's) value; nil if none.
func rowLit(e ast.Expr) *ast.CompositeLit {
	if kv, ok := e.(*ast.KeyValueExpr); ok {
		e = kv.Value
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	row, _ := e.(*ast.CompositeLit)
	return row
}

// keyedValues returns the values of a composite literal's keyed elements
// by key.
func keyedValues(lit *ast.CompositeLit) map[string]ast.Expr {
	m := map[string]ast.Expr{}
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				m[id.Name] = kv.Value
			}
		}
	}
	return m
}

// stringLit returns the value of a string literal, or "".
func stringLit(e ast.Expr) string {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return ""
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return ""
	}
	return s
}

// readTable finds the switches of the table's rows of later stages: a
// row's Option names its field of the switch struct.
func (v *writer) readTable(p *packages.Package, table ast.Expr, sw *switchSet) {
	lit, ok := table.(*ast.CompositeLit)
	if !ok {
		return
	}
	for _, row := range lit.Elts {
		if st, ok := rowStage(p.TypesInfo, row); ok && st > v.stage {
			if option := stringLit(keyedValues(rowLit(row))["Option"]); option != "" {
				sw.later[option] = true
			}
		}
	}
}

// foldReads replaces every read of a later technique in package p by its
// value when off, and removes the tests that write one.
func (v *writer) foldReads(p *packages.Package, sw *switchSet, c *cut) error {
	for _, file := range p.Syntax {
		f := v.wrap(p, file)
		if f == nil {
			continue
		}
		par := parents(file)
		var err error
		ast.Inspect(file, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || err != nil {
				return err == nil
			}
			fld, ok := p.TypesInfo.Uses[id].(*types.Var)
			if !ok || !fld.IsField() {
				return true
			}
			if !sw.later[id.Name] || !v.isTechniquesField(fld, sw) {
				return true
			}
			err = v.foldUse(p, f, par, id, fld, c)
			return true
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// isTechniquesField reports whether fld is a field of the Techniques
// struct (by position: a package and its test variant share its syntax).
func (v *writer) isTechniquesField(fld *types.Var, sw *switchSet) bool {
	return fld.Pkg() != nil && fld.Pkg().Path() == sw.pkg.PkgPath && sw.st.Pos() <= fld.Pos() && fld.Pos() < sw.st.End()
}

// foldUse folds one use of a later technique's field.
func (v *writer) foldUse(p *packages.Package, f *srcFile, par map[ast.Node]ast.Node, id *ast.Ident, fld *types.Var, c *cut) error {
	d := declAt(f.file, id.Pos())
	if c.covers(f, id.Pos()) { // in a row or a test that goes
		return nil
	}
	expr, write := ast.Node(id), false
	switch pn := par[id].(type) {
	case *ast.SelectorExpr:
		expr = pn
		write = isWrite(par, pn)
	case *ast.KeyValueExpr:
		write = true
	}
	if !write { // a read is the switch's value when off
		zero, err := v.zeroOf(p, f, fld)
		if err != nil {
			return err
		}
		v.zeros[zero] = true
		c.edits.add(f, edit{f.off(expr.Pos()), f.off(expr.End()), zero})
		return nil
	}
	if !isTest(f.path) || d == nil {
		return fileError(f.path, f.line(id.Pos()), "%s sets technique %s of a later stage: only a test may (mark the code with //book:stage)", f.path, id.Name)
	}
	c.drop(p, f, d)
	return nil
}

// isWrite reports whether the selector is assigned, incremented or has its
// address taken.
func isWrite(par map[ast.Node]ast.Node, sel *ast.SelectorExpr) bool {
	switch pn := par[sel].(type) {
	case *ast.AssignStmt:
		for _, l := range pn.Lhs {
			if l == sel {
				return true
			}
		}
	case *ast.IncDecStmt:
		return true
	case *ast.UnaryExpr:
		return pn.Op == token.AND
	}
	return false
}

// zeroOf returns the text of a switch's value when off: false, or the
// constant of its named type whose value is zero (a choice's Off).
func (v *writer) zeroOf(p *packages.Package, f *srcFile, fld *types.Var) (string, error) {
	if b, ok := fld.Type().(*types.Basic); ok && b.Kind() == types.Bool {
		return "false", nil
	}
	if named, ok := fld.Type().(*types.Named); ok {
		scope := named.Obj().Pkg().Scope()
		for _, name := range scope.Names() {
			c, ok := scope.Lookup(name).(*types.Const)
			if ok && types.Identical(c.Type(), named) && constant.Sign(c.Val()) == 0 {
				if named.Obj().Pkg() != p.Types {
					return named.Obj().Pkg().Name() + "." + name, nil
				}
				return name, nil
			}
		}
	}
	return "", fileError(f.path, 0, "technique %s: no constant of type %s is its value when off", fld.Name(), fld.Type())
}

// laterMarked returns the nodes of f that a marker of a later stage stands
// above, and whether its header marks a later stage (the whole file goes).
// A malformed marker is reported when the markers apply.
func (v *writer) laterMarked(f *srcFile) (nodes []ast.Node, whole bool) {
	ms, _ := parseMarkers(f)
	for _, m := range ms {
		whole = whole || (m.c.Pos() < f.file.Package && m.stage > v.stage)
	}
	for _, mn := range markedNodes(f, ms) {
		if mn.m.stage > v.stage {
			nodes = append(nodes, mn.n)
		}
	}
	return nodes, whole
}

// markedLater returns whether an offset of f lies in what a stage marker of
// a later stage cuts (the whole file for a header marker): folding leaves
// that code alone, since it goes.
func (v *writer) markedLater(f *srcFile) func(off int) bool {
	nodes, whole := v.laterMarked(f)
	return func(off int) bool {
		return whole || slices.ContainsFunc(nodes, func(n ast.Node) bool { return f.off(n.Pos()) <= off && off < f.off(n.End()) })
	}
}
