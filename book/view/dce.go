package view

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// A unit is one declaration that pruning keeps or removes as a whole: a
// function or method, a type, a constant or variable spec, or an
// unexported struct field.
type unit struct {
	p     *packages.Package // the package whose type information covers it
	f     *srcFile
	node  ast.Node // the FuncDecl, spec or field
	decl  ast.Decl // the declaration holding it (nil for a field)
	obj   types.Object
	sinks []sink // for a field: the statements and literal elements that only set it
	deps  []*unit
	root  bool
	live  bool
}

// A sink is a statement or a literal's element that only sets a field.
type sink struct {
	f *srcFile
	n ast.Node
}

// A graph is the units of the view and who uses whom.
type graph struct {
	units   []*unit
	byObj   map[types.Object]*unit
	methods map[*types.TypeName][]*unit // exported or interface-named methods by receiver type
	ifaces  map[string]bool             // the method names of the module's interfaces
	unkeyed map[*types.TypeName]bool    // struct types written as unkeyed literals
	nodes   map[ast.Node]bool           // the units' nodes
	groups  map[*ast.GenDecl]*unit      // the iota groups' units
}

// prune removes what nothing the view keeps uses any more, until nothing
// changes: each round loads the view and removes the dead code. A view
// that does not type-check once nothing is left to remove is an error at
// the source's file:line (code that only dead code held, such as a local
// that only a removed function declared and never read, goes with it
// first). Each round shortens the view, so the loop ends; a round that
// does not is the generator's error.
func (v *writer) prune() error {
	size := v.size()
	for {
		pkgs, err := v.load()
		if err != nil {
			return err
		}
		edits := fileEdits{}
		v.deadCode(pkgs, edits)
		if len(edits) == 0 {
			return v.typeErrors(pkgs)
		}
		if err := v.apply(edits); err != nil {
			return err
		}
		if err := v.simplifyAll(); err != nil {
			return err
		}
		if now := v.size(); now >= size {
			return fileError("view", 0, "pruning does not end: a round left the view %d bytes long, %d before", now, size)
		} else {
			size = now
		}
	}
}

// size returns the length of the view's Go files together.
func (v *writer) size() int {
	n := 0
	for _, f := range v.files {
		n += len(f.src)
	}
	return n
}

// deadCode records the removal of every unit no root reaches.
func (v *writer) deadCode(pkgs []*packages.Package, fe fileEdits) {
	g := &graph{byObj: map[types.Object]*unit{}, methods: map[*types.TypeName][]*unit{}, ifaces: map[string]bool{}, unkeyed: map[*types.TypeName]bool{}, nodes: map[ast.Node]bool{}, groups: map[*ast.GenDecl]*unit{}}
	for _, p := range pkgs {
		g.scan(p)
	}
	for _, p := range pkgs {
		for _, file := range p.Syntax {
			if f := v.wrap(p, file); f != nil {
				g.addUnits(p, f)
			}
		}
	}
	for _, u := range g.units {
		g.addDeps(u.p, u)
	}
	g.mark()
	g.removeDead(fe)
}

// scan notes p's interface method names and its unkeyed struct literals.
func (g *graph) scan(p *packages.Package) {
	for _, obj := range p.TypesInfo.Defs {
		if tn, ok := obj.(*types.TypeName); ok {
			if it, ok := tn.Type().Underlying().(*types.Interface); ok {
				for i := range it.NumMethods() {
					g.ifaces[it.Method(i).Name()] = true
				}
			}
		}
	}
	for _, file := range p.Syntax {
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || len(lit.Elts) == 0 {
				return true
			}
			if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed {
				return true
			}
			t := p.TypesInfo.TypeOf(lit)
			if ptr, ok := t.(*types.Pointer); ok {
				t = ptr.Elem()
			}
			if named, ok := t.(*types.Named); ok {
				g.unkeyed[named.Obj()] = true
			}
			return true
		})
	}
}

// addUnits adds the units of one file.
func (g *graph) addUnits(p *packages.Package, f *srcFile) {
	test := isTest(f.path)
	for _, d := range f.file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			u := g.add(p, f, d, d, p.TypesInfo.Defs[d.Name])
			u.root = isRootFunc(d, test, p.Name)
			if d.Recv != nil {
				g.addMethod(p, d, u)
			}
		case *ast.GenDecl:
			if d.Tok == token.IMPORT {
				continue
			}
			for _, s := range d.Specs {
				g.addSpec(p, f, d, s, test)
			}
		}
	}
}

// isRootFunc reports whether a function is kept for itself: exported, main,
// init, or a test, benchmark, fuzz target or example.
func isRootFunc(d *ast.FuncDecl, test bool, pkg string) bool {
	name := d.Name.Name
	switch {
	case name == "init", name == "main" && pkg == "main" && d.Recv == nil:
		return true
	case test:
		return d.Recv == nil && slices.ContainsFunc([]string{"Test", "Benchmark", "Fuzz", "Example"}, func(pre string) bool { return strings.HasPrefix(name, pre) })
	}
	return d.Recv == nil && ast.IsExported(name)
}

// addMethod ties a method to its receiver type when the type's liveness
// keeps it: exported, or named as an interface's method.
func (g *graph) addMethod(p *packages.Package, d *ast.FuncDecl, u *unit) {
	fn, ok := p.TypesInfo.Defs[d.Name].(*types.Func)
	if !ok {
		return
	}
	recv := fn.Type().(*types.Signature).Recv().Type()
	if ptr, ok := recv.(*types.Pointer); ok {
		recv = ptr.Elem()
	}
	named, ok := recv.(*types.Named)
	if ok && (ast.IsExported(d.Name.Name) || g.ifaces[d.Name.Name]) {
		g.methods[named.Obj()] = append(g.methods[named.Obj()], u)
	}
}

// addSpec adds a type, constant or variable spec, and a struct type's
// unexported fields as units of their own.
func (g *graph) addSpec(p *packages.Package, f *srcFile, d *ast.GenDecl, s ast.Spec, test bool) {
	switch s := s.(type) {
	case *ast.TypeSpec:
		tn, _ := p.TypesInfo.Defs[s.Name].(*types.TypeName)
		u := g.add(p, f, s, d, tn)
		u.root = !test && ast.IsExported(s.Name.Name)
		if st, ok := s.Type.(*ast.StructType); ok && tn != nil && !g.unkeyed[tn] {
			for _, fl := range st.Fields.List {
				if removableField(fl) {
					fu := g.add(p, f, fl, nil, nil)
					for _, id := range fl.Names {
						g.byObj[p.TypesInfo.Defs[id]] = fu
					}
				}
			}
		}
	case *ast.ValueSpec:
		u := g.groups[d]
		if u == nil && iotaGroup(d) {
			u = g.add(p, f, d, d, nil) // one unit: removing one constant would renumber the others
			g.groups[d] = u
		} else if u == nil {
			u = g.add(p, f, s, d, nil)
		}
		for _, id := range s.Names {
			g.byObj[p.TypesInfo.Defs[id]] = u
			u.root = u.root || id.Name == "_" || (!test && ast.IsExported(id.Name))
		}
	}
}

// removableField reports whether a field may go alone: named, unexported.
func removableField(fl *ast.Field) bool {
	return len(fl.Names) > 0 && !slices.ContainsFunc(fl.Names, func(id *ast.Ident) bool { return ast.IsExported(id.Name) })
}

// add adds a unit.
func (g *graph) add(p *packages.Package, f *srcFile, n ast.Node, d ast.Decl, obj types.Object) *unit {
	u := &unit{p: p, f: f, node: n, decl: d, obj: obj}
	g.units = append(g.units, u)
	g.nodes[n] = true
	if obj != nil {
		g.byObj[obj] = u
	}
	return u
}

// addDeps records the units that u uses. A field set by a plain assignment
// or a literal's key, with a value that has no side effect, is not used by
// that: the statement is the field's sink, and goes with it.
func (g *graph) addDeps(p *packages.Package, u *unit) {
	par := parents(u.node) // what fieldSink asks of lies inside the unit
	ast.Inspect(u.node, func(n ast.Node) bool {
		if n != u.node {
			if _, ok := n.(*ast.Field); ok && g.nodes[n] {
				return false // a field unit of its own
			}
		}
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		dep := g.byObj[p.TypesInfo.Uses[id]]
		if dep == nil || dep == u {
			return true
		}
		if s := fieldSink(par, id); s != nil && dep.decl == nil {
			dep.sinks = append(dep.sinks, sink{u.f, s})
			return true
		}
		u.deps = append(u.deps, dep)
		return true
	})
	if tn, ok := u.obj.(*types.TypeName); ok {
		u.deps = append(u.deps, g.methods[tn]...)
	}
}

// fieldSink returns the statement or literal element that only sets the
// field named by id, or nil.
func fieldSink(par map[ast.Node]ast.Node, id *ast.Ident) ast.Node {
	switch pn := par[id].(type) {
	case *ast.KeyValueExpr:
		if pn.Key == id && pure(pn.Value) {
			return pn
		}
	case *ast.SelectorExpr:
		as, ok := par[pn].(*ast.AssignStmt)
		if ok && as.Tok == token.ASSIGN && len(as.Lhs) == 1 && as.Lhs[0] == pn && pure(pn.X) && pure(as.Rhs[0]) {
			if _, inBlock := par[as].(*ast.BlockStmt); inBlock {
				return as
			}
		}
	}
	return nil
}

// mark marks every unit a root reaches.
func (g *graph) mark() {
	var work []*unit
	for _, u := range g.units {
		if u.root {
			u.live = true
			work = append(work, u)
		}
	}
	for len(work) > 0 {
		u := work[len(work)-1]
		work = work[:len(work)-1]
		for _, d := range u.deps {
			if !d.live {
				d.live = true
				work = append(work, d)
			}
		}
	}
}

// removeDead records the deletion of every dead unit.
func (g *graph) removeDead(fe fileEdits) {
	deadSpecs := map[ast.Decl]int{}
	for _, u := range g.units {
		if !u.live && u.decl != nil {
			deadSpecs[u.decl]++
		}
	}
	for _, u := range g.units {
		if u.live {
			continue
		}
		switch {
		case u.decl == nil: // a field
			fe.add(u.f, u.f.remove(u.node))
			for _, s := range u.sinks {
				fe.add(s.f, s.f.remove(s.n))
			}
		case u.decl == u.node:
			fe.add(u.f, u.f.remove(u.decl))
		default:
			gd := u.decl.(*ast.GenDecl)
			if deadSpecs[gd] == len(gd.Specs) {
				fe.add(u.f, u.f.remove(gd))
			} else {
				fe.add(u.f, u.f.remove(u.node))
			}
		}
	}
}

// iotaGroup reports whether a const group counts with iota or repeats its
// expressions: removing one constant would change the others.
func iotaGroup(gd *ast.GenDecl) bool {
	if gd.Tok != token.CONST {
		return false
	}
	found := false
	for _, s := range gd.Specs {
		vs := s.(*ast.ValueSpec)
		found = found || len(vs.Values) == 0
		for _, val := range vs.Values {
			ast.Inspect(val, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				found = found || (ok && id.Name == "iota")
				return !found
			})
		}
	}
	return found
}
