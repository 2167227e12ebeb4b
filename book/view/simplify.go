package view

import (
	"crypto/sha256"
	"go/ast"
	"go/constant"
	"go/format"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
)

// A folder simplifies the code that a folded switch leaves: conditions with
// the constants true and false in them, branches that are never or always
// taken, code after a return, and imports no longer used. It works on the
// syntax alone, so it needs no type information: what it folds is what
// folding switches wrote (true, false, a choice's zero constant compared
// with itself), calls of predicates that fold to a constant, and the stage
// itself, stages.Current, compared with a number.
type folder struct {
	stage int             // the view's stage, the value of stages.Current (0: not folded)
	zeros map[string]bool // the zero constants that folded choices were replaced by
	preds map[string]bool // unexported predicates whose body is "return true|false": name → value
	f     *srcFile
	edits []edit
}

// constBool returns the value of e if folding makes it a constant.
func (fo *folder) constBool(e ast.Expr) (value, ok bool) {
	switch e := e.(type) {
	case *ast.Ident:
		switch e.Name {
		case "true":
			return true, true
		case "false":
			return false, true
		}
	case *ast.ParenExpr:
		return fo.constBool(e.X)
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			v, ok := fo.constBool(e.X)
			return !v, ok
		}
	case *ast.BinaryExpr:
		return fo.constBinary(e)
	case *ast.CallExpr: // a constant predicate, its arguments free of side effects
		return fo.known(e, "")
	}
	return false, false
}

// constBinary folds && and || with a constant side, a zero constant
// compared with itself, and stages.Current compared with a number.
func (fo *folder) constBinary(e *ast.BinaryExpr) (value, ok bool) {
	if v, ok := fo.stageComparison(e); ok {
		return v, true
	}
	l, lok := fo.constBool(e.X)
	r, rok := fo.constBool(e.Y)
	switch e.Op {
	case token.LAND:
		if (lok && !l) || (rok && !r) {
			return false, true
		}
		return true, lok && rok
	case token.LOR:
		if (lok && l) || (rok && r) {
			return true, true
		}
		return false, lok && rok
	case token.EQL, token.NEQ:
		if x, y := fo.text(e.X.Pos(), e.X.End()), fo.text(e.Y.Pos(), e.Y.End()); fo.zeros[x] && x == y {
			return e.Op == token.EQL, true
		}
	}
	return false, false
}

// stageComparison folds stages.Current compared with a whole number, on
// either side: in a view the stage is a constant, as the build tag made it.
func (fo *folder) stageComparison(e *ast.BinaryExpr) (value, ok bool) {
	operand := func(x ast.Expr) constant.Value {
		if lit, ok := x.(*ast.BasicLit); ok && lit.Kind == token.INT {
			return constant.MakeFromLiteral(lit.Value, lit.Kind, 0)
		}
		if isStageCurrent(x) {
			return constant.MakeInt64(int64(fo.stage))
		}
		return constant.MakeUnknown()
	}
	x, y := operand(e.X), operand(e.Y)
	switch {
	case fo.stage == 0 || x.Kind() != constant.Int || y.Kind() != constant.Int:
		return false, false
	case !isStageCurrent(e.X) && !isStageCurrent(e.Y):
		return false, false // two numbers: the compiler's, not the stage's
	}
	switch e.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return constant.Compare(x, e.Op, y), true
	}
	return false, false
}

// isStageCurrent reports whether e is stages.Current.
func isStageCurrent(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "stages" && sel.Sel.Name == "Current"
}

// pure reports whether evaluating e can have no side effect: names,
// literals, selectors, indexing and operators on them, and composite
// literals of such values.
func pure(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.SelectorExpr:
		return pure(e.X)
	case *ast.ParenExpr:
		return pure(e.X)
	case *ast.StarExpr:
		return pure(e.X)
	case *ast.UnaryExpr:
		return e.Op != token.ARROW && pure(e.X)
	case *ast.BinaryExpr:
		return pure(e.X) && pure(e.Y)
	case *ast.IndexExpr:
		return pure(e.X) && pure(e.Index)
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if !pure(el) {
				return false
			}
		}
		return true
	}
	return false
}

// text returns the source of [from, to).
func (fo *folder) text(from, to token.Pos) string {
	return string(fo.f.src[fo.f.off(from):fo.f.off(to)])
}

// replace records an edit replacing node n by text.
func (fo *folder) replace(n ast.Node, text string) {
	fo.edits = append(fo.edits, edit{fo.f.off(n.Pos()), fo.f.off(n.End()), text})
}

// cut records an edit deleting [from, to).
func (fo *folder) cut(from, to token.Pos) {
	fo.edits = append(fo.edits, edit{fo.f.off(from), fo.f.off(to), ""})
}

// lift returns a block's statements as text to stand where its statement
// stood; in braces when they declare names, which could clash outside.
func (fo *folder) lift(b *ast.BlockStmt) string {
	for _, s := range b.List {
		switch s := s.(type) {
		case *ast.DeclStmt, *ast.LabeledStmt:
			return "{" + fo.text(b.Lbrace+1, b.Rbrace) + "}"
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				return "{" + fo.text(b.Lbrace+1, b.Rbrace) + "}" // a case's body has no braces of its own
			}
		}
	}
	return strings.TrimSpace(fo.text(b.Lbrace+1, b.Rbrace))
}

// visit walks the file and records the edits of one round.
func (fo *folder) visit() {
	par := parents(fo.f.file)
	ast.Inspect(fo.f.file, func(n ast.Node) bool { return n == nil || fo.node(n, par[n]) })
}

// node records the edits for n and reports whether to look inside it.
func (fo *folder) node(n, parent ast.Node) bool {
	switch n := n.(type) {
	case *ast.IfStmt:
		return fo.ifStmt(n, parent)
	case *ast.SwitchStmt:
		return fo.switchStmt(n)
	case *ast.BlockStmt:
		fo.unreachable(n.List)
		fo.unbrace(n, parent)
		fo.returnAtOnce(n.List)
	case *ast.CaseClause:
		fo.unreachable(n.Body)
	case *ast.ExprStmt:
		if fo.noop(n) {
			fo.edits = append(fo.edits, fo.f.remove(n))
			return false
		}
	case *ast.BinaryExpr:
		return fo.binary(n)
	case ast.Expr:
		id, isIdent := n.(*ast.Ident)
		if v, ok := fo.constBool(n); ok && (!isIdent || (id.Name != "true" && id.Name != "false")) {
			fo.replace(n, strconv.FormatBool(v))
			return false
		}
	}
	return true
}

// binary folds a && or || with one constant side to its other side.
func (fo *folder) binary(e *ast.BinaryExpr) bool {
	if v, ok := fo.constBool(e); ok {
		fo.replace(e, strconv.FormatBool(v))
		return false
	}
	if e.Op != token.LAND && e.Op != token.LOR {
		return true
	}
	neutral := e.Op == token.LAND // true && x is x; false || x is x
	if v, ok := fo.constBool(e.X); ok && v == neutral {
		fo.cut(e.X.Pos(), e.Y.Pos())
		ast.Inspect(e.Y, func(n ast.Node) bool { return n == nil || fo.node(n, e) })
		return false
	}
	if v, ok := fo.constBool(e.Y); ok && v == neutral {
		fo.cut(e.X.End(), e.Y.End())
		ast.Inspect(e.X, func(n ast.Node) bool { return n == nil || fo.node(n, e) })
		return false
	}
	return true
}

// ifStmt folds an if whose condition is constant: the branch taken stands
// for the statement.
func (fo *folder) ifStmt(s *ast.IfStmt, parent ast.Node) bool {
	p, inElse := parent.(*ast.IfStmt)
	inElse = inElse && p.Else == s // "else if c": what is left stays an else
	if !inElse && fo.neverOK(s) {
		fo.edits = append(fo.edits, fo.f.remove(s))
		return false
	}
	v, ok := fo.constBool(s.Cond)
	if !ok || s.Init != nil {
		return true
	}
	elseBlock, isBlock := s.Else.(*ast.BlockStmt)
	switch {
	case v && inElse:
		fo.replace(s, fo.text(s.Body.Pos(), s.Body.End()))
	case v:
		fo.replace(s, fo.lift(s.Body))
	case s.Else == nil && inElse:
		fo.cut(p.Body.End(), s.End())
	case s.Else == nil:
		fo.edits = append(fo.edits, fo.f.remove(s))
	case isBlock && !inElse:
		fo.replace(s, fo.lift(elseBlock))
	default:
		fo.cut(s.Pos(), s.Else.Pos())
	}
	return false
}

// noop reports whether s calls a function that does nothing, with
// arguments free of side effects: the statement does nothing either.
func (fo *folder) noop(s *ast.ExprStmt) bool {
	c, isCall := s.X.(*ast.CallExpr)
	if !isCall {
		return false
	}
	v, ok := fo.known(c, noopSuffix)
	return ok && v
}

// neverOK reports whether s is "if v, ok := f(args); ok { ... }", with no
// else, where f always returns false as ok and args have no side effects:
// the statement does nothing.
func (fo *folder) neverOK(s *ast.IfStmt) bool {
	as, isAssign := s.Init.(*ast.AssignStmt)
	cond, isIdent := s.Cond.(*ast.Ident)
	if !isAssign || !isIdent || s.Else != nil || as.Tok != token.DEFINE || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return false
	}
	if okID, isID := as.Lhs[1].(*ast.Ident); !isID || okID.Name != cond.Name {
		return false
	}
	c, isCall := as.Rhs[0].(*ast.CallExpr)
	if !isCall {
		return false
	}
	v, ok := fo.known(c, okSuffix)
	return ok && !v
}

// known returns what the predicates map says of a call, under its name
// with suffix ("" for a predicate's value), when its receiver and its
// arguments are free of side effects.
func (fo *folder) known(c *ast.CallExpr, suffix string) (value, ok bool) {
	name := ""
	switch fn := c.Fun.(type) {
	case *ast.Ident:
		name = fn.Name
	case *ast.SelectorExpr:
		name = fn.Sel.Name
	}
	v, ok := fo.preds[name+suffix]
	if !ok || !pure(c.Fun) || slices.ContainsFunc(c.Args, func(a ast.Expr) bool { return !pure(a) }) {
		return false, false
	}
	return v, true
}

// switchStmt folds a tagless switch: cases that are constant false go, and
// a first case that is constant true stands for the switch.
func (fo *folder) switchStmt(s *ast.SwitchStmt) bool {
	if s.Tag != nil || s.Init != nil {
		return true
	}
	clauses := s.Body.List
	var deleted []edit
	for i, c := range clauses {
		cc := c.(*ast.CaseClause)
		v, ok := fo.allConst(cc.List)
		if ok && !v {
			deleted = append(deleted, deletion(fo.f.src, fo.f.off(cc.Pos()), fo.f.off(bodyEnd(cc))))
			continue
		}
		first := len(deleted) == i
		if first && ((ok && v) || (cc.List == nil && i == len(clauses)-1)) && !breaks(cc.Body) {
			fo.replace(s, fo.lift(&ast.BlockStmt{Lbrace: cc.Colon, List: cc.Body, Rbrace: clauseEnd(s, i)}))
			return false
		}
	}
	if len(deleted) == len(clauses) {
		fo.edits = append(fo.edits, fo.f.remove(s))
		return false
	}
	fo.edits = append(fo.edits, deleted...)
	return true
}

// bodyEnd returns the end of a case clause: its last statement's, or its colon's.
func bodyEnd(cc *ast.CaseClause) token.Pos {
	if len(cc.Body) == 0 {
		return cc.Colon + 1
	}
	return cc.Body[len(cc.Body)-1].End()
}

// clauseEnd returns the end of clause i's body: the next clause or the brace.
func clauseEnd(s *ast.SwitchStmt, i int) token.Pos {
	if i+1 < len(s.Body.List) {
		return s.Body.List[i+1].Pos()
	}
	return s.Body.Rbrace
}

// allConst returns the value of a case's list when every expression in it is
// a constant: true if any is true.
func (fo *folder) allConst(list []ast.Expr) (value, ok bool) {
	if len(list) == 0 {
		return false, false
	}
	for _, e := range list {
		v, ok := fo.constBool(e)
		if !ok {
			return false, false
		}
		value = value || v
	}
	return value, true
}

// breaks reports whether a case body has a break of its own switch.
func breaks(body []ast.Stmt) bool {
	found := false
	for _, s := range body {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.FuncLit:
				return false
			case *ast.BranchStmt:
				found = found || (n.Tok == token.BREAK && n.Label == nil)
			}
			return true
		})
	}
	return found
}

// unreachable deletes the statements after a return, break, continue or goto.
func (fo *folder) unreachable(list []ast.Stmt) {
	for i, s := range list {
		if i == len(list)-1 {
			return
		}
		if !terminates(s) {
			continue
		}
		if slices.ContainsFunc(list[i+1:], func(t ast.Stmt) bool { _, label := t.(*ast.LabeledStmt); return label }) {
			return // a goto may reach what follows
		}
		from := fo.f.commentAbove(list[i+1].Pos())
		fo.edits = append(fo.edits, deletion(fo.f.src, fo.f.off(from), fo.f.off(list[len(list)-1].End())))
		return
	}
}

// returnAtOnce folds "x := e" followed by "return x" into "return e": what
// a constructor is left with when the steps between the two belong to a
// later stage. It leaves the pair alone when a comment stands in it.
func (fo *folder) returnAtOnce(list []ast.Stmt) {
	for i := 0; i+1 < len(list); i++ {
		def, isAssign := list[i].(*ast.AssignStmt)
		ret, isReturn := list[i+1].(*ast.ReturnStmt)
		if !isAssign || !isReturn || def.Tok != token.DEFINE || len(def.Lhs) != 1 || len(def.Rhs) != 1 || len(ret.Results) != 1 {
			continue
		}
		x, ok := def.Lhs[0].(*ast.Ident)
		y, ok2 := ret.Results[0].(*ast.Ident)
		if !ok || !ok2 || x.Name != y.Name || fo.commented(def.Pos(), ret.End(), def.Rhs[0]) {
			continue
		}
		fo.edits = append(fo.edits, edit{fo.f.off(def.Pos()), fo.f.off(ret.End()), "return " + fo.text(def.Rhs[0].Pos(), def.Rhs[0].End())})
	}
}

// commented reports whether a comment stands in [from, to) outside e.
func (fo *folder) commented(from, to token.Pos, e ast.Expr) bool {
	for _, c := range fo.f.file.Comments {
		if c.Pos() >= from && c.End() <= to && (c.End() <= e.Pos() || c.Pos() >= e.End()) {
			return true
		}
	}
	return false
}

// unusedImports returns the edits that delete every import the file no
// longer uses.
func (f *srcFile) unusedImports() []edit {
	used := map[string]bool{}
	ast.Inspect(f.file, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	return f.dropImports(func(is *ast.ImportSpec) bool { return !used[importName(is)] })
}

// dropImports returns the edits that delete the file's imports for which
// dead is true (a whole import declaration when all of its go).
func (f *srcFile) dropImports(dead func(*ast.ImportSpec) bool) []edit {
	var edits []edit
	for _, d := range f.file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		var gone []ast.Node
		for _, sp := range gd.Specs {
			if is := sp.(*ast.ImportSpec); dead(is) {
				gone = append(gone, is)
			}
		}
		if len(gone) == len(gd.Specs) {
			gone = []ast.Node{gd}
		}
		for _, n := range gone {
			edits = append(edits, f.remove(n))
		}
	}
	return edits
}

// importName returns the name an import is used by ("_" and "." count as used).
func importName(is *ast.ImportSpec) string {
	if is.Name != nil {
		if is.Name.Name == "_" || is.Name.Name == "." {
			return ""
		}
		return is.Name.Name
	}
	p, _ := strconv.Unquote(is.Path.Value)
	elems := strings.Split(p, "/")
	last := elems[len(elems)-1]
	if len(elems) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = elems[len(elems)-2] // math/rand/v2 is rand
	}
	return last
}

// parseFile parses src as the file at path.
func parseFile(path string, src []byte) (*srcFile, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	return &srcFile{path: path, src: src, fset: fset, file: f}, nil
}

// simplify folds f until nothing is left to fold, and formats it. Each
// round folds what the last left; a round that gives back a text seen
// before would never end, and is an error.
func simplify(f *srcFile, stage int, zeros, preds map[string]bool) (*srcFile, error) {
	var seen cycle
	for {
		fo := &folder{stage: stage, zeros: zeros, preds: preds, f: f}
		fo.visit()
		if len(fo.edits) == 0 {
			fo.edits = f.unusedImports()
		}
		if len(fo.edits) == 0 {
			return f, nil
		}
		src, err := applyEdits(f.src, fo.edits)
		if err == nil {
			src, err = format.Source(src)
		}
		if err != nil {
			return nil, fileError(f.path, 0, "folding: %v", err)
		}
		if seen.again(src) {
			return nil, fileError(f.path, 0, "folding does not end: it gives back a text it gave before")
		}
		if f, err = parseFile(f.path, src); err != nil {
			return nil, fileError(f.path, 0, "folding: %v", err)
		}
	}
}

// A cycle tells a loop to a fixed point that it came back to a state
// seen before: it would never end.
type cycle map[[sha256.Size]byte]bool

// again records a state (its parts' text) and reports whether it was seen
// before.
func (c *cycle) again(parts ...[]byte) bool {
	if *c == nil {
		*c = cycle{}
	}
	h := sha256.New()
	for _, p := range parts {
		h.Write(p)
		h.Write([]byte{0})
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	if (*c)[sum] {
		return true
	}
	(*c)[sum] = true
	return false
}

// terminates reports whether control never passes statement s: a return, a
// branch, or a block ending in one.
func terminates(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok != token.FALLTHROUGH
	case *ast.BlockStmt:
		return len(s.List) > 0 && terminates(s.List[len(s.List)-1])
	}
	return false
}

// unbrace lifts a bare block out of its list (what a folded branch that
// declares names became) when no name it declares is declared beside it.
func (fo *folder) unbrace(b *ast.BlockStmt, parent ast.Node) {
	outer := map[string]bool{}
	switch p := parent.(type) {
	case *ast.FuncDecl:
		addFieldNames(outer, p.Type)
	case *ast.FuncLit:
		addFieldNames(outer, p.Type)
	}
	for _, s := range b.List {
		if _, bare := s.(*ast.BlockStmt); !bare {
			declared(s, outer)
		}
	}
	for _, s := range b.List {
		inner, ok := s.(*ast.BlockStmt)
		if !ok {
			continue
		}
		names := map[string]bool{}
		for _, t := range inner.List {
			if _, label := t.(*ast.LabeledStmt); label {
				names[""] = true
			}
			declared(t, names)
		}
		clash := names[""]
		for n := range names {
			clash = clash || outer[n]
		}
		if !clash {
			fo.replace(inner, strings.TrimSpace(fo.text(inner.Lbrace+1, inner.Rbrace)))
			return
		}
	}
}

// addFieldNames adds a function's parameter and result names.
func addFieldNames(names map[string]bool, ft *ast.FuncType) {
	for _, fl := range []*ast.FieldList{ft.Params, ft.Results} {
		if fl == nil {
			continue
		}
		for _, f := range fl.List {
			for _, id := range f.Names {
				names[id.Name] = true
			}
		}
	}
}

// declared adds the names statement s declares in its block.
func declared(s ast.Stmt, names map[string]bool) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok == token.DEFINE {
			for _, l := range s.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					names[id.Name] = true
				}
			}
		}
	case *ast.DeclStmt:
		for _, sp := range s.Decl.(*ast.GenDecl).Specs {
			switch sp := sp.(type) {
			case *ast.ValueSpec:
				for _, id := range sp.Names {
					names[id.Name] = true
				}
			case *ast.TypeSpec:
				names[sp.Name.Name] = true
			}
		}
	}
}
