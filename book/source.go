package book

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"cb2026/book/directive"
	"cb2026/stages"
)

// A Snippet is a piece of engine source: a declaration or a region.
type Snippet struct {
	File      string // slash path relative to the root
	Line      int    // first line (the doc comment's, for a declaration)
	EndLine   int    // last line
	Start     int    // byte offset of the first line's first byte used
	End       int    // byte offset just past the last byte
	Text      string // the code as the book shows it: markers dropped, ends in \n
	Signature string // for declarations: "func Perft", "type Move", …
}

// Source reads the module's Go files, once each, and finds declarations and
// regions in them. It is safe for concurrent use.
type Source struct {
	root  string
	mu    sync.Mutex
	files map[string]*goFile
}

// goFile is one parsed Go file.
type goFile struct {
	src  []byte
	fset *token.FileSet
	file *ast.File
	err  error
}

// NewSource returns a Source for the module at root.
func NewSource(root string) *Source {
	return &Source{root: root, files: map[string]*goFile{}}
}

// load parses a file (slash path relative to the root), once.
func (s *Source) load(file string) *goFile {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f, ok := s.files[file]; ok {
		return f
	}
	f := &goFile{fset: token.NewFileSet()}
	f.src, f.err = os.ReadFile(filepath.Join(s.root, filepath.FromSlash(file)))
	if f.err == nil {
		f.file, f.err = parser.ParseFile(f.fset, file, f.src, parser.ParseComments)
	}
	s.files[file] = f
	return f
}

// Compiled reports whether the stage's build compiles the file (its build
// constraints and name as go/build reads them with the stage's tag).
func (s *Source) Compiled(file string, st stages.Stage) (bool, error) {
	ctx := build.Default
	ctx.BuildTags = nil
	if tag := st.Tag(); tag != "" {
		ctx.BuildTags = []string{tag}
	}
	dir, name := path.Split(file)
	return ctx.MatchFile(filepath.Join(s.root, filepath.FromSlash(dir)), name)
}

// Decl finds a top-level declaration by name in a file: a function, a method
// as Type.Method, or a type, constant or variable (its whole declaration, the
// parenthesized group included). The snippet starts at the doc comment.
func (s *Source) Decl(file, name string) (Snippet, error) {
	f := s.load(file)
	if f.err != nil {
		return Snippet{}, fmt.Errorf("unknown file %s: %v", file, TrimErr(f.err))
	}
	for _, d := range f.file.Decls {
		if sig, ok := declMatches(d, name); ok {
			return f.snippet(file, d, sig), nil
		}
	}
	return Snippet{}, fmt.Errorf("unknown declaration %s in %s", name, file)
}

// HasFunc reports whether file declares the function name, or the method
// Type.Method, with a body.
func (s *Source) HasFunc(file, name string) (bool, error) {
	f := s.load(file)
	if f.err != nil {
		return false, fmt.Errorf("unknown file %s: %v", file, TrimErr(f.err))
	}
	for _, d := range f.file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			if _, ok := declMatches(d, name); ok {
				return true, nil
			}
		}
	}
	return false, nil
}

// Names are the names a file declares at its top level.
type Names struct {
	Pkg    string   // the package's name
	Funcs  []string // functions and methods, as Decl names them (Type.Method)
	Others []string // types, constants and variables
	Fields []string // the fields of its struct types
}

// Names lists the names a file declares at its top level.
func (s *Source) Names(file string) (Names, error) {
	f := s.load(file)
	if f.err != nil {
		return Names{}, fmt.Errorf("unknown file %s: %v", file, TrimErr(f.err))
	}
	ns := Names{Pkg: f.file.Name.Name}
	for _, d := range f.file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			ns.Funcs = append(ns.Funcs, directive.FuncName(d))
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				ns.Others = append(ns.Others, SpecNames(sp)...)
				if ts, ok := sp.(*ast.TypeSpec); ok {
					if st, ok := ts.Type.(*ast.StructType); ok {
						for _, fl := range st.Fields.List {
							for _, n := range fl.Names {
								ns.Fields = append(ns.Fields, n.Name)
							}
						}
					}
				}
			}
		}
	}
	return ns, nil
}

// TrimErr shortens a file error to its cause.
func TrimErr(err error) string {
	if os.IsNotExist(err) {
		return "no such file"
	}
	return err.Error()
}

// declMatches reports whether d declares name, and a short signature.
func declMatches(d ast.Decl, name string) (string, bool) {
	switch d := d.(type) {
	case *ast.FuncDecl:
		full := directive.FuncName(d)
		return "func " + full, full == name
	case *ast.GenDecl:
		for _, sp := range d.Specs {
			for _, n := range SpecNames(sp) {
				if n == name {
					return d.Tok.String() + " " + name, true
				}
			}
		}
	}
	return "", false
}

// SpecNames lists the names a spec declares.
func SpecNames(sp ast.Spec) []string {
	switch sp := sp.(type) {
	case *ast.TypeSpec:
		return []string{sp.Name.Name}
	case *ast.ValueSpec:
		var names []string
		for _, n := range sp.Names {
			names = append(names, n.Name)
		}
		return names
	}
	return nil
}

// snippet cuts a declaration with its doc comment out of the file.
func (f *goFile) snippet(file string, d ast.Decl, sig string) Snippet {
	start := d.Pos()
	var doc *ast.CommentGroup
	switch d := d.(type) {
	case *ast.FuncDecl:
		doc = d.Doc
	case *ast.GenDecl:
		doc = d.Doc
	}
	if doc != nil {
		start = doc.Pos()
	}
	tf := f.fset.File(start)
	so, eo := tf.Offset(start), tf.Offset(d.End())
	so = lineStartOf(f.src, so)
	return Snippet{
		File: file, Line: tf.Line(start), EndLine: tf.Line(d.End()),
		Start: so, End: eo, Signature: sig,
		Text: dropMarkers(string(f.src[so:eo])) + "\n",
	}
}

// lineStartOf returns the offset of the start of the line holding off.
func lineStartOf(src []byte, off int) int {
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

// IsRegionMarker reports whether a source line is a region's marker,
// //book:region or //book:end.
func IsRegionMarker(line string) bool { return markerLine.MatchString(line) }

// markerLine matches a region marker line; group 1 is region or end, group 2
// the name as written.
var markerLine = regexp.MustCompile(`^[ \t]*//book:(region|end)\b[ \t]*(.*?)[ \t]*$`)

// regionNameRe is the form of a region's name.
var regionNameRe = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// stageMarkerLine matches a stage marker line (package cb2026/book/view).
var stageMarkerLine = regexp.MustCompile(`^[ \t]*//book:stage\b`)

// dropMarkers removes region and stage marker lines from code.
func dropMarkers(code string) string {
	lines := strings.Split(code, "\n")
	out := lines[:0]
	for _, l := range lines {
		if stageMarkerLine.MatchString(l) && len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "//" {
			out = out[:len(out)-1] // the empty comment line gofmt puts before a directive
		}
		if !markerLine.MatchString(l) && !stageMarkerLine.MatchString(l) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// mayHaveDirective finds a file that may hold a directive, well-formed or
// not, so that the files without one are not read line by line.
var mayHaveDirective = regexp.MustCompile(`(?i)//[ \t]*book[ \t]*:`)

// A Region is a fragment of engine code between //book:region NAME and
// //book:end NAME.
type Region struct {
	Name    string
	File    string // slash path relative to the root
	Line    int    // line of the //book:region marker
	EndLine int    // line of the //book:end marker
	Text    string // the lines between, markers dropped, common indentation removed
}

// ScanRegions reads every Go file under root (skipping testdata, hidden and
// underscore directories) and returns the regions by name, and the problems:
// malformed names, duplicates, unclosed, crossed and stray end markers.
func ScanRegions(root string) (map[string]*Region, []Problem) {
	regions := map[string]*Region{}
	var probs []Problem
	var files []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		name := d.Name()
		if d.IsDir() && p != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(name, ".go") {
			rel, _ := filepath.Rel(root, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(files)
	for _, file := range files {
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
		if err != nil || !mayHaveDirective.Match(src) {
			continue
		}
		probs = append(probs, scanFile(file, string(src), regions)...)
	}
	return regions, probs
}

// scanFile finds the regions of one file.
func scanFile(file, src string, regions map[string]*Region) []Problem {
	var probs []Problem
	add := func(line int, format string, args ...any) {
		probs = append(probs, Problem{File: file, Line: line, Msg: fmt.Sprintf(format, args...)})
	}
	lines := strings.Split(src, "\n")
	var open []*Region
	for i, l := range lines {
		d, ok, err := directive.Parse(strings.TrimLeft(l, " \t"))
		if err != nil {
			add(i+1, "%v", err)
			continue
		}
		if !ok || d.Verb == directive.Stage { // stage markers are package view's
			continue
		}
		name := d.Arg
		if !regionNameRe.MatchString(name) {
			add(i+1, "malformed region name %q (want [a-z0-9-]+)", name)
			continue
		}
		if d.Verb == directive.Region {
			r := &Region{Name: name, File: file, Line: i + 1}
			if first, dup := regions[name]; dup {
				add(i+1, "duplicate region %s (first at %s:%d)", name, first.File, first.Line)
			} else {
				regions[name] = r
			}
			open = append(open, r) // a duplicate is still closed by its end marker
			continue
		}
		if len(open) == 0 || open[len(open)-1].Name != name {
			probs = append(probs, endProblem(file, i+1, name, open))
			if idx := indexOpen(open, name); idx >= 0 {
				if regions[name] == open[idx] {
					delete(regions, name)
				}
				open = append(open[:idx], open[idx+1:]...)
			}
			continue
		}
		r := open[len(open)-1]
		open = open[:len(open)-1]
		r.EndLine = i + 1
		r.Text = dedent(dropMarkers(strings.Join(lines[r.Line:i], "\n")))
	}
	for _, r := range open {
		add(r.Line, "unclosed region %s (no //book:end %s)", r.Name, r.Name)
		if regions[r.Name] == r {
			delete(regions, r.Name)
		}
	}
	return probs
}

// indexOpen returns the index of the open region named name, or -1.
func indexOpen(open []*Region, name string) int {
	for i, r := range open {
		if r.Name == name {
			return i
		}
	}
	return -1
}

// endProblem describes an end marker that does not close the innermost region.
func endProblem(file string, line int, name string, open []*Region) Problem {
	p := Problem{File: file, Line: line}
	switch {
	case indexOpen(open, name) >= 0:
		inner := open[len(open)-1]
		p.Msg = fmt.Sprintf("crossed regions: //book:end %s inside region %s (opened at line %d)", name, inner.Name, inner.Line)
	default:
		p.Msg = fmt.Sprintf("//book:end %s without its //book:region", name)
	}
	return p
}

// dedent removes the indentation common to all non-blank lines and ends the
// text with one newline.
func dedent(code string) string {
	lines := strings.Split(strings.TrimRight(code, "\n"), "\n")
	prefix := ""
	first := true
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		ind := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if first {
			prefix, first = ind, false
			continue
		}
		for !strings.HasPrefix(ind, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, prefix)
		if strings.TrimSpace(lines[i]) == "" {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n") + "\n"
}
