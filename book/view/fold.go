package view

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/packages"
)

// The technique table the folding reads: package, type and table.
const (
	searchPath     = "cb2026/engine/search"
	techniquesType = "Techniques"
	techniquesVar  = "techniques"
)

// A switchSet is what folding knows of the Techniques type: its struct,
// and the fields of a later stage with the constant each read becomes.
type switchSet struct {
	st     *ast.StructType
	file   *srcFile
	rows   []ast.Expr        // the table rows of later stages
	later  map[string]string // field name → its zero value's text ("false", "CaptureHistoryOff")
	fields map[fieldKey]bool // struct fields whose stage marker names a later stage
}

// A fieldKey is a struct field by the position of its name: a package and
// its test variant parse the file apart, so objects cannot be compared.
type fieldKey struct {
	file string
	off  int
}

// foldSwitches removes every technique of a later stage: its field of
// Techniques, its row of the table, and every read of it, which becomes
// its value when off. A test that sets such a technique goes with it.
func (v *writer) foldSwitches() error {
	pkgs, err := v.load()
	if err != nil {
		return err
	}
	sw, err := v.findSwitches(pkgs)
	if err != nil {
		return err
	}
	if err := v.findLaterFields(sw); err != nil {
		return err
	}
	fe := fileEdits{}
	for _, r := range v.laterRows(pkgs) {
		fe.add(r.f, r.f.remove(r.row))
	}
	if len(sw.later) == 0 && len(sw.fields) == 0 {
		return v.apply(fe)
	}
	v.laterStageTests(pkgs, fe)
	for _, fl := range sw.st.Fields.List {
		if len(fl.Names) == 1 && sw.later[fl.Names[0].Name] != "" {
			fe.add(sw.file, sw.file.remove(fl))
			v.removed[fl.Names[0].Name] = true
		}
	}
	for _, p := range pkgs {
		if err := v.foldReads(p, sw, fe); err != nil {
			return err
		}
	}
	return v.apply(fe)
}

// laterStageTests removes the tests that ask for a later stage's engine:
// a call DefaultTechniques(K), K a constant above the view's stage. The view
// has no such engine (its table stops at its own stage).
func (v *writer) laterStageTests(pkgs []*packages.Package, fe fileEdits) {
	for _, p := range pkgs {
		for _, file := range p.Syntax {
			f := v.wrap(p, file)
			if f == nil || !isTest(f.path) {
				continue
			}
			for _, d := range file.Decls {
				if v.asksLater(p, d) {
					v.noteRemoved(d)
					fe.add(f, f.remove(d))
				}
			}
		}
	}
}

// asksLater reports whether d calls DefaultTechniques with a later stage.
func (v *writer) asksLater(p *packages.Package, d ast.Decl) bool {
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
		if !ok || obj.Name() != "DefaultTechniques" || obj.Pkg().Path() != searchPath {
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

// findSwitches reads the Techniques struct and its table in package search.
func (v *writer) findSwitches(pkgs []*packages.Package) (*switchSet, error) {
	for _, p := range pkgs {
		if p.PkgPath != searchPath || p.Name != "search" {
			continue
		}
		sw := &switchSet{later: map[string]string{}}
		for _, file := range p.Syntax {
			f := v.wrap(p, file)
			ast.Inspect(file, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.TypeSpec:
					if st, ok := n.Type.(*ast.StructType); ok && n.Name.Name == techniquesType {
						sw.st, sw.file = st, f
					}
				case *ast.ValueSpec:
					if len(n.Names) == 1 && n.Names[0].Name == techniquesVar && len(n.Values) == 1 {
						v.readTable(p, n.Values[0], sw)
					}
				}
				return true
			})
		}
		if sw.st == nil {
			return nil, fileError(searchPath, 0, "no type %s", techniquesType)
		}
		return sw, nil
	}
	return nil, fileError(searchPath, 0, "no package search in the view")
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
	if kv, ok := e.(*ast.KeyValueExpr); ok {
		e = kv.Value // a row of a map or of a keyed slice or array
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	row, ok := e.(*ast.CompositeLit)
	if !ok {
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

// readTable finds the table's rows of stages after the view's.
func (v *writer) readTable(p *packages.Package, table ast.Expr, sw *switchSet) {
	lit, ok := table.(*ast.CompositeLit)
	if !ok {
		return
	}
	for _, row := range lit.Elts {
		r, ok := row.(*ast.CompositeLit)
		if !ok {
			continue
		}
		var option string
		stage := 0
		for _, e := range r.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			switch key := kv.Key.(*ast.Ident); {
			case key == nil:
			case key.Name == "Option":
				if bl, ok := kv.Value.(*ast.BasicLit); ok {
					option, _ = strconv.Unquote(bl.Value)
				}
			case key.Name == "Stage":
				if tv := p.TypesInfo.Types[kv.Value]; tv.Value != nil {
					n, _ := constant.Int64Val(tv.Value)
					stage = int(n)
				}
			}
		}
		if stage > v.stage && option != "" {
			sw.rows = append(sw.rows, row)
			sw.later[option] = "?"
		}
	}
}

// foldReads replaces every read of a later technique in package p by its
// value when off, and removes the tests that write one.
func (v *writer) foldReads(p *packages.Package, sw *switchSet, fe fileEdits) error {
	for _, file := range p.Syntax {
		f := v.wrap(p, file)
		if f == nil {
			continue
		}
		par := parents(file)
		var err error
		gone := map[ast.Decl]bool{}
		cut := v.markedLater(f)
		ast.Inspect(file, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || err != nil {
				return err == nil
			}
			fld, ok := p.TypesInfo.Uses[id].(*types.Var)
			if !ok || !fld.IsField() {
				return true
			}
			if sw.fields[fieldKey{v.rel(p.Fset, fld.Pos()), p.Fset.Position(fld.Pos()).Offset}] && !cut(f.off(id.Pos())) {
				err = v.foldFieldUse(p, f, par, id, fld, fe, gone)
				return true
			}
			if sw.later[id.Name] == "" || !v.isTechniquesField(p, fld, sw) {
				return true
			}
			err = v.foldUse(p, f, par, id, fld, sw, fe, gone)
			return true
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// isTechniquesField reports whether fld is a field of the Techniques
// struct. It compares file and offset: a package and its test variant parse
// the file apart.
func (v *writer) isTechniquesField(p *packages.Package, fld *types.Var, sw *switchSet) bool {
	pos := p.Fset.Position(fld.Pos())
	return fld.Pkg() != nil && fld.Pkg().Path() == searchPath &&
		v.rel(p.Fset, fld.Pos()) == sw.file.path &&
		pos.Offset >= sw.file.off(sw.st.Pos()) && pos.Offset < sw.file.off(sw.st.End())
}

// foldUse folds one use of a later technique's field.
func (v *writer) foldUse(p *packages.Package, f *srcFile, par map[ast.Node]ast.Node, id *ast.Ident, fld *types.Var, sw *switchSet, fe fileEdits, gone map[ast.Decl]bool) error {
	d := topDecl(par, id)
	if gone[d] || v.inRow(id, sw, f) {
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
	if !write {
		zero, err := v.zeroOf(p, f, fld)
		if err != nil {
			return err
		}
		v.readAsZero(f, expr, zero, fe)
		return nil
	}
	if !isTest(f.path) || d == nil {
		return fileError(f.path, f.line(id.Pos()), "%s sets technique %s of a later stage: only a test may (mark the code with //book:stage)", f.path, id.Name)
	}
	v.dropTest(f, d, fe, gone)
	return nil
}

// readAsZero replaces the read expr of a field of a later stage by zero, the
// field's value when off.
func (v *writer) readAsZero(f *srcFile, expr ast.Node, zero string, fe fileEdits) {
	v.zeros[zero] = true
	fe.add(f, edit{f.off(expr.Pos()), f.off(expr.End()), zero})
}

// dropTest removes a test's declaration d whole, with what uses it: it sets
// something of a later stage.
func (v *writer) dropTest(f *srcFile, d ast.Decl, fe fileEdits, gone map[ast.Decl]bool) {
	gone[d] = true
	v.noteRemoved(d)
	fe.add(f, f.remove(d))
}

// inRow reports whether id is inside a table row being removed.
func (v *writer) inRow(id *ast.Ident, sw *switchSet, f *srcFile) bool {
	if f != sw.file {
		return false
	}
	for _, r := range sw.rows {
		if id.Pos() >= r.Pos() && id.End() <= r.End() {
			return true
		}
	}
	return false
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

// zeroOf returns the text of a field's value when off: false, 0, "" or
// nil, or the constant of the field's named type whose value is zero.
func (v *writer) zeroOf(p *packages.Package, f *srcFile, fld *types.Var) (string, error) {
	if b, ok := fld.Type().(*types.Basic); ok {
		switch {
		case b.Info()&types.IsBoolean != 0:
			return "false", nil
		case b.Info()&types.IsNumeric != 0:
			return "0", nil
		case b.Info()&types.IsString != 0:
			return `""`, nil
		}
	}
	switch fld.Type().Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Signature, *types.Interface, *types.Chan:
		return "nil", nil
	}
	if b, ok := fld.Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
		return "false", nil
	}
	named, ok := fld.Type().(*types.Named)
	if ok {
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

// findLaterFields finds the struct fields whose stage marker names a stage
// after the view's. They fold like switches: a read becomes the field's zero
// value, a statement that only sets one goes.
func (v *writer) findLaterFields(sw *switchSet) error {
	sw.fields = map[fieldKey]bool{}
	for _, p := range v.paths() {
		f := v.files[p]
		ms, err := parseMarkers(f)
		if err != nil || len(ms) == 0 {
			continue // reported when the markers apply
		}
		for _, mn := range markedNodes(f, ms) {
			fl, ok := mn.n.(*ast.Field)
			if !ok || mn.m.stage <= v.stage {
				continue
			}
			if len(fl.Names) != 1 {
				return fileError(f.path, f.line(fl.Pos()), "a stage marker above a field of %d names: give the later field a line of its own", len(fl.Names))
			}
			sw.fields[fieldKey{f.path, f.off(fl.Names[0].Pos())}] = true
		}
	}
	return nil
}

// foldFieldUse folds one use of a field of a later stage: a read becomes its
// zero value; a statement that sets it, or a literal's element, goes; a test
// that sets it otherwise goes whole. A field of a type with no zero constant
// (a table, a struct) is left to the markers.
func (v *writer) foldFieldUse(p *packages.Package, f *srcFile, par map[ast.Node]ast.Node, id *ast.Ident, fld *types.Var, fe fileEdits, gone map[ast.Decl]bool) error {
	d := topDecl(par, id)
	if gone[d] {
		return nil
	}
	if kv, ok := par[id].(*ast.KeyValueExpr); ok && kv.Key == id {
		fe.add(f, f.remove(kv))
		return nil
	}
	sel, ok := par[id].(*ast.SelectorExpr)
	if !ok || sel.Sel != id {
		return nil
	}
	if !isWrite(par, sel) {
		zero, err := v.zeroOf(p, f, fld)
		if err != nil {
			return nil // a table or a struct has no zero to read: markers cut what uses it
		}
		v.readAsZero(f, sel, zero, fe)
		return nil
	}
	switch st := par[sel].(type) {
	case *ast.AssignStmt:
		if len(st.Lhs) == 1 {
			fe.add(f, f.remove(st))
			return nil
		}
	case *ast.IncDecStmt:
		fe.add(f, f.remove(st))
		return nil
	}
	if _, err := v.zeroOf(p, f, fld); err != nil {
		return nil // a table or a struct set otherwise: markers cut what sets it
	}
	if isTest(f.path) && d != nil {
		v.dropTest(f, d, fe, gone)
		return nil
	}
	return fileError(f.path, f.line(id.Pos()), "field %s of a later stage is set here in a way the view cannot cut: mark the statement with //book:stage", id.Name)
}

// markedLater returns whether an offset of f lies in what a stage marker of
// a later stage cuts (the whole file for a header marker): folding leaves
// that code alone, since it goes.
func (v *writer) markedLater(f *srcFile) func(off int) bool {
	ms, err := parseMarkers(f)
	if err != nil || len(ms) == 0 {
		return func(int) bool { return false }
	}
	var cuts [][2]int
	for _, m := range ms {
		if m.c.Pos() < f.file.Package && m.stage > v.stage {
			return func(int) bool { return true }
		}
	}
	for _, mn := range markedNodes(f, ms) {
		if mn.m.stage > v.stage {
			cuts = append(cuts, [2]int{f.off(mn.n.Pos()), f.off(mn.n.End())})
		}
	}
	return func(off int) bool {
		for _, c := range cuts {
			if off >= c[0] && off < c[1] {
				return true
			}
		}
		return false
	}
}
