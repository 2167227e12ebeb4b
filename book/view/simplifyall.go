package view

import (
	"go/ast"
	"path"
	"slices"
	"strings"
)

// simplifyAll folds every file of the view until no file changes, with the
// constant predicates of each package found again after every round (a
// round that gives back a view seen before is an error: it would not end).
func (v *writer) simplifyAll() error {
	var seen cycle
	for {
		changed := false
		preds := v.predicates()
		var state [][]byte
		for _, p := range v.paths() {
			f := v.files[p]
			nf, err := simplify(f, v.stage, v.zeros, preds[path.Dir(p)])
			if err != nil {
				return err
			}
			if string(nf.src) != string(f.src) {
				changed = true
				if err := v.update(nf); err != nil {
					return err
				}
			}
			state = append(state, []byte(p), nf.src)
		}
		if !changed {
			return nil
		}
		if seen.again(state...) {
			return fileError("view", 0, "folding does not end: it gives back a view it gave before")
		}
	}
}

// predicates returns, by directory, the unexported functions and methods
// whose body is a single "return true" or "return false", with their
// value, and (named with okSuffix) those whose body is a single "return x,
// false" or "return x, true" with x free of side effects, with the value of
// their last result, and (named with noopSuffix) those whose call as a
// statement does nothing (doesNothing). A name declared twice in a
// directory, or also as a struct field (a field of function type is called
// as a method is), is left out.
func (v *writer) predicates() map[string]map[string]bool {
	preds := map[string]map[string]bool{}
	seen := map[string]int{}
	for _, p := range v.paths() {
		dir := path.Dir(p)
		if preds[dir] == nil {
			preds[dir] = map[string]bool{}
		}
		for name := range fieldNames(v.files[p].file) {
			seen[dir+"."+name] += 2 // a call x.name() may call the field
		}
		for _, d := range v.files[p].file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || ast.IsExported(fd.Name.Name) {
				continue
			}
			seen[dir+"."+fd.Name.Name]++
			if val, ok := constLast(fd, 1); ok {
				preds[dir][fd.Name.Name] = val
			}
			if val, ok := constLast(fd, 2); ok {
				preds[dir][fd.Name.Name+okSuffix] = val
			}
			if doesNothing(fd) {
				preds[dir][fd.Name.Name+noopSuffix] = true
			}
		}
	}
	for dir, m := range preds {
		for key := range m {
			if name, _, _ := strings.Cut(key, "/"); seen[dir+"."+name] > 1 { // okSuffix, noopSuffix
				delete(m, key)
			}
		}
	}
	return preds
}

// okSuffix marks, in a predicates map, a function of two results whose
// last, the "ok" of "if v, ok := f(); ok", is constant.
const okSuffix = "/ok"

// constLast returns the value of the last of n results of a function whose
// body is one return of n values, the last true or false and the others
// free of side effects: "return true" (n = 1), "return x, false" (n = 2).
func constLast(fd *ast.FuncDecl, n int) (value, ok bool) {
	if len(fd.Body.List) != 1 {
		return false, false
	}
	r, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(r.Results) != n {
		return false, false
	}
	for _, e := range r.Results[:n-1] {
		if !pure(e) {
			return false, false
		}
	}
	id, ok := r.Results[n-1].(*ast.Ident)
	if !ok || (id.Name != "true" && id.Name != "false") {
		return false, false
	}
	return id.Name == "true", true
}

// noopSuffix marks, in a predicates map, a function that does nothing.
const noopSuffix = "/noop"

// doesNothing reports whether a call of a function, as a statement, does
// nothing: its body is empty, or one return of values free of side effects
// ("return", "return 0, false"), which the statement discards.
func doesNothing(fd *ast.FuncDecl) bool {
	switch len(fd.Body.List) {
	case 0:
		return true
	case 1:
		r, ok := fd.Body.List[0].(*ast.ReturnStmt)
		return ok && !slices.ContainsFunc(r.Results, func(e ast.Expr) bool { return !pure(e) })
	}
	return false
}

// fieldNames returns the names of the struct fields file declares.
func fieldNames(file *ast.File) map[string]bool {
	names := map[string]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		if st, ok := n.(*ast.StructType); ok {
			for _, f := range st.Fields.List {
				for _, id := range f.Names {
					names[id.Name] = true
				}
			}
		}
		return true
	})
	return names
}
