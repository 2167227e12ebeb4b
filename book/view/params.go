package view

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
)

// A view's functions take nothing only a later chapter reads. A parameter
// that the body of an unexported function or method never names is one
// that a later stage's code, cut from this view, would read: the move's
// index that only principal variation search asks for, a window that only
// quiescence search uses. The rule cannot cut a parameter, so the engine is
// written to need none (a later step reads what it needs from the node or
// the searcher), and the proof checks it. Exported functions keep the
// signature their callers outside the package rely on, and are not
// checked; tests are not checked either.

// paramAllowed lists the parameters, as function.parameter (Type.method
// for a method), that a view may leave unread, each with its reason; any
// other unread parameter fails the proof. The list only shrinks.
var paramAllowed = map[string]string{
	// Stage 3's bench is perft, which needs no searcher.
	"benchOne.s": "the bench counts perft before chapter 4's search",
	// The picker orders quiet moves by quietScore from stage 4 on; it
	// learns nothing before chapter 11's history and reads the previous
	// moves from chapter 18's continuation history on.
	"Searcher.quietScore.m":   "zero before chapter 11's history: the picker's seam",
	"Searcher.quietScore.ply": "read from chapter 18's continuation history on",
	// Iterative deepening hands each iteration the score of the one
	// before; chapter 17's aspiration window is built around it.
	"Searcher.searchRoot.previous": "read from chapter 17's aspiration windows on",
}

// unreadParams returns, as file:line: function.parameter, the parameters
// of the unexported functions in the non-test Go files under dir that
// their bodies never name.
func unreadParams(dir string) ([]string, error) {
	var unread []string
	err := eachGoFile(dir, func(name string, src []byte) error {
		if isTest(name) {
			return nil
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Name.IsExported() {
				continue
			}
			named := namesIn(fd.Body)
			for _, field := range fd.Type.Params.List {
				for _, id := range field.Names {
					if id.Name != "_" && !named[id.Name] {
						unread = append(unread, fmt.Sprintf("%s:%d: %s.%s", name, fset.Position(id.Pos()).Line, funcName(fd), id.Name))
					}
				}
			}
		}
		return nil
	})
	return unread, err
}

// namesIn returns the identifiers that stand in n as names, not as the
// selected part of x.sel.
func namesIn(n ast.Node) map[string]bool {
	names := map[string]bool{}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(n.X, visit)
			return false
		case *ast.Ident:
			names[n.Name] = true
		}
		return true
	}
	ast.Inspect(n, visit)
	return names
}

// funcName returns a function's name, or Type.method for a method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

// checkParams returns an error naming every unread parameter of the view
// in dir that paramAllowed does not list.
func checkParams(dir string) error {
	unread, err := unreadParams(dir)
	if err != nil {
		return err
	}
	unread = slices.DeleteFunc(unread, func(u string) bool {
		_, name, _ := strings.Cut(u, ": ")
		_, ok := paramAllowed[name]
		return ok
	})
	if len(unread) > 0 {
		return fmt.Errorf("a function takes a parameter it never reads, one only a later chapter would:\n%s", strings.Join(unread, "\n"))
	}
	return nil
}
