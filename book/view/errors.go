package view

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/packages"
)

// missingRE finds the name a compiler error says is missing.
var missingRE = regexp.MustCompile(`undefined: (?:\w+\.)?(\w+)$|\.(\w+) undefined|has no field or method (\w+)|unknown field (\w+)`)

// unusedRE finds a variable that folding left unused.
var unusedRE = regexp.MustCompile(`^declared and not used: (\w+)$`)

// fixErrors mends what the rule leaves broken and reports whether the view
// had errors: a variable only a folded branch used goes, and so does a
// test's declaration that uses what the rule removed. Any other error is
// the generator's, or the markers': it is returned with the view's
// file:line.
func (v *writer) fixErrors(pkgs []*packages.Package, fe fileEdits) (bool, error) {
	bad := false
	for _, p := range pkgs {
		for _, te := range p.TypeErrors {
			if strings.HasPrefix(te.Msg, "could not import") {
				continue
			}
			bad = true
			if err := v.fixError(p, te, fe); err != nil {
				return true, err
			}
		}
		for _, e := range p.Errors {
			if e.Kind != packages.TypeError && !strings.HasPrefix(e.Msg, "# ") {
				return true, fileError(e.Pos, 0, "%s", e.Msg)
			}
		}
	}
	return bad, nil
}

// fixError mends one error of package p.
func (v *writer) fixError(p *packages.Package, te types.Error, fe fileEdits) error {
	pos := p.Fset.Position(te.Pos)
	var f *srcFile
	var file *ast.File
	for _, fl := range p.Syntax {
		if fl.Pos() <= te.Pos && te.Pos <= fl.End() {
			f, file = v.wrap(p, fl), fl
		}
	}
	if f == nil {
		return fileError(pos.Filename, pos.Line, "%s", te.Msg)
	}
	par := parents(file)
	id := identAt(file, te.Pos)
	if m := unusedRE.FindStringSubmatch(te.Msg); m != nil && id != nil {
		switch st := par[id].(type) {
		case *ast.AssignStmt:
			if len(st.Lhs) == 1 {
				fe.add(f, f.remove(st))
				return nil
			}
			if edits, ok := dropFromTuples(f, par, id); ok {
				for _, e := range edits {
					fe.add(f, e)
				}
				return nil
			}
		case *ast.RangeStmt:
			fe.add(f, unusedRangeVar(f, st, id))
			return nil
		}
	}
	if m := missingRE.FindStringSubmatch(te.Msg); m != nil && v.removed[strings.Join(m[1:], "")] {
		if n := v.gone(file, par, id, isTest(f.path)); n != nil {
			v.noteRemoved(n)
			fe.add(f, f.remove(n))
			return nil
		}
	}
	return fileError(f.path, pos.Line, "stage %d view: %s", v.stage, te.Msg)
}

// identAt returns the identifier at pos, or nil.
func identAt(file *ast.File, pos token.Pos) *ast.Ident {
	var found *ast.Ident
	ast.Inspect(file, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Pos() == pos {
			found = id
		}
		return found == nil
	})
	return found
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

// unusedRangeVar returns the edit that drops a range variable nothing uses
// ("for _, x := range" with x unused is "for range").
func unusedRangeVar(f *srcFile, st *ast.RangeStmt, id *ast.Ident) edit {
	blankKey := false
	if k, ok := st.Key.(*ast.Ident); ok && k.Name == "_" {
		blankKey = true
	}
	switch {
	case st.Value == id && blankKey:
		return edit{f.off(st.Key.Pos()), f.off(st.X.Pos()), "range "}
	case st.Value == id:
		return edit{f.off(st.Key.End()), f.off(st.Value.End()), ""}
	case st.Value != nil:
		return edit{f.off(id.Pos()), f.off(id.End()), "_"}
	}
	return edit{f.off(st.Key.Pos()), f.off(st.X.Pos()), "range "}
}

// gone returns what goes with a declaration the rule removed, used at id:
// a method of a removed type, a type switch's case of it (no value has that
// type any more), and the declaration that uses it, if that is in a test or
// unexported (then what uses that declaration goes too, or fails to
// compile where it is exported).
func (v *writer) gone(file *ast.File, par map[ast.Node]ast.Node, id *ast.Ident, test bool) ast.Node {
	if id == nil {
		return nil
	}
	d := declAt(file, id.Pos())
	if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && fd.Recv.Pos() <= id.Pos() && id.End() <= fd.Recv.End() {
		return fd
	}
	for n := ast.Node(id); n != nil; n = par[n] {
		if cc, ok := n.(*ast.CaseClause); ok {
			if _, ts := par[par[cc]].(*ast.TypeSwitchStmt); ts && len(cc.List) == 1 && v.namesRemoved(cc.List[0]) {
				return cc
			}
		}
	}
	if d != nil && (test || !exportedDecl(d)) {
		return d
	}
	return nil
}

// exportedDecl reports whether d declares an exported name (a method: of
// any receiver), which nothing may take away silently.
func exportedDecl(d ast.Decl) bool {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return ast.IsExported(d.Name.Name)
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				if ast.IsExported(s.Name.Name) {
					return true
				}
			case *ast.ValueSpec:
				for _, id := range s.Names {
					if ast.IsExported(id.Name) {
						return true
					}
				}
			}
		}
	}
	return false
}

// namesRemoved reports whether expression e names something the rule removed.
func (v *writer) namesRemoved(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && v.removed[id.Name] {
			found = true
		}
		return !found
	})
	return found
}

// dropFromTuples drops an unused variable from the tuple assignments of its
// function, "a, b := x, y" and "a, b = x, y", where its value has no side
// effect: b goes with y, and a statement left with nothing goes. It reports
// false if some assignment of it cannot be dropped so.
func dropFromTuples(f *srcFile, par map[ast.Node]ast.Node, id *ast.Ident) ([]edit, bool) {
	var body *ast.BlockStmt
	for n := ast.Node(id); n != nil && body == nil; n = par[n] {
		switch fn := n.(type) {
		case *ast.FuncDecl:
			body = fn.Body
		case *ast.FuncLit:
			body = fn.Body
		}
	}
	if body == nil {
		return nil, false
	}
	var edits []edit
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		as, isAssign := n.(*ast.AssignStmt)
		if !isAssign || !ok {
			return ok
		}
		at := -1
		for i, l := range as.Lhs {
			if lid, isIdent := l.(*ast.Ident); isIdent && lid.Name == id.Name {
				at = i
			}
		}
		if at < 0 {
			return true
		}
		if len(as.Lhs) != len(as.Rhs) || !pure(as.Rhs[at]) {
			ok = false
			return false
		}
		if len(as.Lhs) == 1 {
			edits = append(edits, f.remove(as))
			return false
		}
		text := func(list []ast.Expr) string {
			var parts []string
			for i, e := range list {
				if i != at {
					parts = append(parts, string(f.src[f.off(e.Pos()):f.off(e.End())]))
				}
			}
			return strings.Join(parts, ", ")
		}
		edits = append(edits, edit{f.off(as.Pos()), f.off(as.End()), text(as.Lhs) + " " + as.Tok.String() + " " + text(as.Rhs)})
		return false
	})
	return edits, ok && len(edits) > 0
}
