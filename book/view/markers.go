package view

import (
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"cb2026/book/directive"
	"cb2026/stages"
)

// A stage marker, //book:stage N, says that the file (in its header) or the
// declaration, spec, field, method or list element (in the comment right
// above it, or a field's line comment) belongs to chapter N and later. Package directive reads it.

// markerArg is a well-formed stage marker's argument.
var markerArg = regexp.MustCompile(`^([1-9][0-9]*|main)$`)

// A marker is one //book:stage comment.
type marker struct {
	c     *ast.Comment
	blank *ast.Comment // the empty "//" line gofmt puts between a doc comment and a directive, if any
	stage int
	used  bool
}

// parseMarkers returns the file's stage markers, or the first malformed one
// as an error.
func parseMarkers(f *srcFile) ([]*marker, error) {
	var ms []*marker
	for _, cg := range f.file.Comments {
		for i, c := range cg.List {
			d, ok, err := directive.Parse(c.Text)
			if err != nil {
				return nil, fileError(f.path, f.line(c.Pos()), "%v", err)
			}
			if !ok || d.Verb != directive.Stage {
				continue
			}
			m := markerArg.FindStringSubmatch(d.Arg)
			if m == nil {
				return nil, fileError(f.path, f.line(c.Pos()), "malformed stage marker %q: want //book:stage N (1..%d) or //book:stage main", c.Text, stages.Last)
			}
			n := stages.Main
			if m[1] != "main" {
				n, _ = strconv.Atoi(m[1])
				if n > stages.Last {
					return nil, fileError(f.path, f.line(c.Pos()), "stage marker %q: no stage %d (want 1..%d or main)", c.Text, n, stages.Last)
				}
			}
			mk := &marker{c: c, stage: n}
			if i > 0 && cg.List[i-1].Text == "//" {
				mk.blank = cg.List[i-1]
			}
			ms = append(ms, mk)
		}
	}
	return ms, nil
}

// checkShape reports the first stage marker that stands where the rule
// does not allow one: inside a function body (a later chapter's statements
// belong in a step of their technique's file, a later case or element
// behind a switch or in a row with a stage); or under an enclosing marker
// of the same or a later stage, where it could never cut anything the
// enclosing one does not.
func checkShape(f *srcFile, ms []*marker) error {
	if len(ms) == 0 {
		return nil
	}
	var bodies []*ast.BlockStmt
	ast.Inspect(f.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body != nil {
				bodies = append(bodies, n.Body)
			}
		case *ast.FuncLit:
			bodies = append(bodies, n.Body)
		}
		return true
	})
	for _, m := range ms {
		for _, b := range bodies {
			if b.Lbrace < m.c.Pos() && m.c.Pos() < b.Rbrace {
				return fileError(f.path, f.line(m.c.Pos()), "stage marker %q inside a function body: put the later chapter's code in a step of its technique's file, behind its switch, or in a table row with a Stage", m.c.Text)
			}
		}
	}
	header := 0 // the stage of the file's header marker, if any
	for _, m := range ms {
		if m.c.Pos() < f.file.Package {
			header = m.stage
		}
	}
	mns := markedNodes(f, ms)
	for _, in := range mns {
		if in.m.stage <= header {
			return fileError(f.path, f.line(in.m.c.Pos()), "stage marker %q in a file whose header marks stage %s: it cuts nothing more", in.m.c.Text, stages.Stage{Number: header}.String())
		}
		for _, out := range mns {
			if out.n != in.n && out.n.Pos() <= in.n.Pos() && in.n.End() <= out.n.End() && in.m.stage <= out.m.stage {
				return fileError(f.path, f.line(in.m.c.Pos()), "stage marker %q under the marker %q of line %d: it cuts nothing more", in.m.c.Text, out.m.c.Text, f.line(out.m.c.Pos()))
			}
		}
	}
	return nil
}

// cutMarked adds to the cut what the stage markers of the loaded files say
// belongs to a later stage, and the markers themselves: a package whose
// package comment's file has a later header marker goes whole (the imports
// of it with it), a file with a later header marker goes whole, and a node
// with a later marker right above it goes.
func (v *writer) cutMarked(pkgs []*packages.Package, c *cut) error {
	for _, p := range pkgs {
		for _, file := range p.Syntax {
			f := v.wrap(p, file)
			if f == nil {
				continue
			}
			ms, err := parseMarkers(f)
			if err != nil {
				return err
			}
			if err := v.cutMarkedFile(p, f, ms, c); err != nil {
				return err
			}
		}
	}
	for _, p := range pkgs {
		for _, file := range p.Syntax {
			f := v.wrap(p, file)
			if f == nil {
				continue
			}
			if c.dirs[path.Dir(f.path)] {
				c.declares(p, file)
				continue
			}
			for _, e := range f.dropImports(func(is *ast.ImportSpec) bool {
				ip, _ := strconv.Unquote(is.Path.Value)
				dir, own := moduleDir(ip, v.mod)
				return own && c.dirs[dir]
			}) {
				c.edits.add(f, e)
			}
		}
	}
	return nil
}

// cutMarkedFile adds to the cut what the markers ms of file f cut.
func (v *writer) cutMarkedFile(p *packages.Package, f *srcFile, ms []*marker, c *cut) error {
	for _, m := range ms {
		if m.c.Pos() < f.file.Package {
			m.used = true
			switch {
			case m.stage <= v.stage:
			case holdsPackageDoc(f):
				c.dirs[path.Dir(f.path)] = true
				return nil
			default:
				c.files[f.path] = true
				c.declares(p, f.file)
				return nil
			}
		}
	}
	for _, mn := range markedNodes(f, ms) {
		mn.m.used = true
		if mn.m.stage <= v.stage {
			continue
		}
		c.drop(p, f, mn.n)
	}
	for _, m := range ms {
		if !m.used {
			return fileError(f.path, f.line(m.c.Pos()), "stage marker %q is not right above a declaration, spec, field, method or list element, nor in the file's header", m.c.Text)
		}
		from := m.c.Pos()
		if m.blank != nil {
			from = m.blank.Pos()
		}
		c.edits.add(f, deletion(f.src, f.off(from), f.off(m.c.End())))
	}
	return nil
}

// A markedNode is a node with the stage marker right above it.
type markedNode struct {
	n ast.Node
	m *marker
}

// markedNodes pairs the file's markers (those of its header aside) with the
// nodes they stand above, or the field, method or spec whose line they end (where
// go doc prints it as it stands, not as a blank line); a marker belongs to
// the first such node.
func markedNodes(f *srcFile, ms []*marker) []markedNode {
	var out []markedNode
	claimed := map[*marker]bool{}
	for _, n := range markable(f.file) {
		from := f.commentAbove(n.Pos())
		var trailing *ast.CommentGroup // a field's, method's or spec's line comment
		switch n := n.(type) {
		case *ast.Field:
			trailing = n.Comment
		case *ast.ValueSpec:
			trailing = n.Comment
		}
		for _, m := range ms {
			if !claimed[m] && (m.c.Pos() >= from && m.c.Pos() < n.Pos() || trailing != nil && trailing.Pos() <= m.c.Pos() && m.c.Pos() < trailing.End()) {
				claimed[m] = true
				out = append(out, markedNode{n, m})
			}
		}
	}
	return out
}

// markable returns the nodes a stage marker may stand above: top-level
// declarations, specs of a group, struct fields, interface methods and
// elements of composite literals (outside function bodies: checkShape).
func markable(file *ast.File) []ast.Node {
	var ns []ast.Node
	for _, d := range file.Decls {
		ns = append(ns, d)
		if gd, ok := d.(*ast.GenDecl); ok && gd.Lparen.IsValid() {
			for _, s := range gd.Specs {
				ns = append(ns, s)
			}
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.StructType:
			for _, fl := range n.Fields.List {
				ns = append(ns, fl)
			}
		case *ast.InterfaceType:
			for _, fl := range n.Methods.List {
				ns = append(ns, fl)
			}
		case *ast.CompositeLit:
			for _, e := range n.Elts {
				ns = append(ns, e)
			}
		}
		return true
	})
	return ns
}

// onlyImports reports whether a file declares nothing but imports.
func onlyImports(f *srcFile) bool {
	return !slices.ContainsFunc(f.file.Decls, func(d ast.Decl) bool { gd, ok := d.(*ast.GenDecl); return !ok || gd.Tok != token.IMPORT })
}

// modulePath returns the module path that root's go.mod declares.
func modulePath(root string) (string, error) {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", fmt.Errorf("view: %w", err)
	}
	for _, l := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`), nil
		}
	}
	return "", fmt.Errorf("view: %s has no module line", filepath.Join(root, "go.mod"))
}
