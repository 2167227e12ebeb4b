package view

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"cb2026/book/directive"
	"cb2026/exe"
	"cb2026/internal/outdir"
	"cb2026/stages"
)

// A Stub names a function that a starter leaves for the student to write:
// a Go file of the view, as a slash path from the root, and a function's
// name, or a method's as Type.Method.
type Stub struct {
	File string
	Func string
}

// String returns the stub as a chapter's starter key writes it.
func (s Stub) String() string { return s.File + ":" + s.Func }

// An Exercise is what a starter leaves to write: the functions the starter
// key of a chapter, or of a section of M5, names.
type Exercise struct {
	Name  string // the chapter or section as book starter takes it: "7", "10.1"
	Label string // how each stub names it: "Chapter 7's exercise (MVV-LVA)"
	Stubs []Stub
}

// WriteStarter writes stage opt.Stage's starter into opt.Dir: its view, as
// Write writes it (the same directory rules, files and manifest), with the
// body of each stub's function replaced by a stub that compiles and vets.
// The stub keeps the function's doc comment and signature; its body is a
// one-line comment naming the exercise (ex.Label) and a return of zero
// values (a bare return for named results); the imports that only the
// bodies used go. The manifest lists the stubbed files as they are, so
// that -replace replaces a starter as it does a view.
//
// Bad input (no stubs, a stage out of range, a target the directory rules
// refuse, a stub naming no function of the repository's file) writes
// nothing.
func WriteStarter(opt Options, ex Exercise) error {
	stubs := ex.Stubs
	if _, ok := stages.Get(opt.Stage.Number); !ok {
		return fmt.Errorf("starter: stage %d: not a stage (want 1..%d or main)", opt.Stage.Number, stages.Last)
	}
	if len(stubs) == 0 {
		return fmt.Errorf("starter: %s: no functions to leave to write", opt.Stage.Name())
	}
	root, err := filepath.Abs(opt.Root)
	if err != nil {
		return err
	}
	dir, err := outdir.Check(root, opt.Dir, false)
	if err != nil {
		return fmt.Errorf("starter: %w", err)
	}
	for _, s := range stubs {
		if err := hasFunc(root, s); err != nil {
			return fmt.Errorf("starter: %w", err)
		}
	}
	if err := Write(opt); err != nil {
		return err
	}
	return stubView(dir, opt.Stage, ex)
}

// hasFunc checks that the stub's file declares its function with a body.
func hasFunc(dir string, s Stub) error {
	src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(s.File)))
	if err != nil {
		return fmt.Errorf("%s: %w", s, err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), s.File, src, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	if fd := findFunc(f, s.Func); fd == nil || fd.Body == nil {
		return fmt.Errorf("%s declares no function %s with a body", s.File, s.Func)
	}
	return nil
}

// stubView replaces, in the view written into dir, the bodies of the
// stubs' functions, and lists the files anew in its manifest.
func stubView(dir string, st stages.Stage, ex Exercise) error {
	byFile := map[string][]string{}
	for _, s := range ex.Stubs {
		if slices.Contains(byFile[s.File], s.Func) {
			return fmt.Errorf("starter: %s is named twice", s)
		}
		byFile[s.File] = append(byFile[s.File], s.Func)
	}
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		p := filepath.Join(dir, filepath.FromSlash(file))
		src, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("starter: %s is not in %s's view", file, st.Name())
		}
		out, err := stubFile(dir, file, src, byFile[file], stubNote(ex.Label))
		if err != nil {
			return fmt.Errorf("starter: %w", err)
		}
		if err := os.WriteFile(p, out, 0o644); err != nil {
			return fmt.Errorf("starter: %w", err)
		}
	}
	return writeManifest(dir)
}

// stubNote is the comment a stub's body holds: which exercise the
// function is.
func stubNote(label string) string {
	return "// " + label + ": write this function's body."
}

// findFunc returns the declaration of function name, or of the method
// Type.Method, in f, or nil.
func findFunc(f *ast.File, name string) *ast.FuncDecl {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		if directive.FuncName(fd) == name {
			return fd
		}
	}
	return nil
}

// stubFile returns the Go file name (its source src) of the module in dir
// with the bodies of funcs replaced by stubs holding note, without the
// imports that only those bodies used, as gofmt prints it. The rest of the
// file is left as it is, byte for byte.
func stubFile(dir, name string, src []byte, funcs []string, note string) ([]byte, error) {
	f, info, err := typedFile(dir, name, src)
	if err != nil {
		return nil, err
	}
	var edits []edit
	for _, fn := range funcs {
		fd := findFunc(f.file, fn)
		if fd == nil || fd.Body == nil {
			return nil, fmt.Errorf("%s has no function %s with a body", name, fn)
		}
		body := "{\n\t" + note + "\n"
		if ret := returnStmt(f, fd, info); ret != "" {
			body += "\t" + ret + "\n"
		}
		edits = append(edits, edit{f.off(fd.Body.Lbrace), f.off(fd.Body.Rbrace) + 1, body + "}"})
	}
	out, err := applyEdits(src, edits)
	if err == nil {
		f, err = parseFile(name, out)
	}
	if err == nil {
		out, err = applyEdits(out, f.unusedImports())
	}
	if err != nil {
		return nil, fmt.Errorf("%s: stubbing: %v", name, err)
	}
	return format.Source(out)
}

// Complete puts back into a stubbed file (starter) the bodies of funcs and
// the imports of the file it was made from (orig), and returns the result:
// orig itself, byte for byte, when the starter differs from it in nothing
// else. The proof of a starter compares the two.
func Complete(name string, starter, orig []byte, funcs []string) ([]byte, error) {
	s, err := parseFile(name, starter)
	if err != nil {
		return nil, fmt.Errorf("the starter's %s: %v", name, err)
	}
	o, err := parseFile(name, orig)
	if err != nil {
		return nil, fmt.Errorf("the view's %s: %v", name, err)
	}
	edits := []edit{{0, s.off(headerEnd(s.file)), string(orig[:o.off(headerEnd(o.file))])}}
	for _, fn := range funcs {
		ds, do := findFunc(s.file, fn), findFunc(o.file, fn)
		switch {
		case ds == nil || ds.Body == nil:
			return nil, fmt.Errorf("the starter's %s has no function %s with a body", name, fn)
		case do == nil || do.Body == nil:
			return nil, fmt.Errorf("the view's %s has no function %s with a body", name, fn)
		}
		body := string(orig[o.off(do.Body.Lbrace) : o.off(do.Body.Rbrace)+1])
		edits = append(edits, edit{s.off(ds.Body.Lbrace), s.off(ds.Body.Rbrace) + 1, body})
	}
	return applyEdits(starter, edits)
}

// headerEnd returns where a file's package clause and imports end.
func headerEnd(f *ast.File) token.Pos {
	end := f.Name.End()
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			end = g.End()
		}
	}
	return end
}

// typedFile type-checks the module in dir, its file name read as src, and
// returns that file with the types of its package.
func typedFile(dir, name string, src []byte) (*srcFile, *types.Info, error) {
	v := &writer{dir: dir, files: map[string]*srcFile{}}
	err := eachGoFile(dir, func(name string, src []byte) error {
		v.files[name] = &srcFile{src: src}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	v.files[name] = &srcFile{src: src}
	pkgs, err := v.load()
	if err != nil {
		return nil, nil, err
	}
	f := v.loaded[name]
	for _, p := range pkgs {
		if f != nil && slices.Contains(p.Syntax, f.file) {
			return f, p.TypesInfo, nil
		}
	}
	return nil, nil, fmt.Errorf("%s is in no package of the module", name)
}

// returnStmt returns the return statement of fd's stub: "" with no
// results, a bare return with named ones, else return and the zero value of
// each result.
func returnStmt(f *srcFile, fd *ast.FuncDecl, info *types.Info) string {
	res := fd.Type.Results
	if res == nil || len(res.List) == 0 {
		return ""
	}
	if len(res.List[0].Names) > 0 {
		return "return"
	}
	var vals []string
	for _, fl := range res.List {
		vals = append(vals, zeroValue(info.TypeOf(fl.Type), string(f.src[f.off(fl.Type.Pos()):f.off(fl.Type.End())])))
	}
	return "return " + strings.Join(vals, ", ")
}

// zeroValue writes the zero value of type t, written text: a literal, nil,
// text{} for a struct or an array, and *new(text) for a type parameter or
// a type the checker could not tell.
func zeroValue(t types.Type, text string) string {
	if _, param := t.(*types.TypeParam); t == nil || param {
		return "*new(" + text + ")"
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false"
		case u.Info()&types.IsString != 0:
			return `""`
		case u.Info()&types.IsNumeric != 0:
			return "0"
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil"
	case *types.Struct, *types.Array:
		return text + "{}"
	}
	return "*new(" + text + ")"
}

// A StarterProof is what proving a stage's starter found.
type StarterProof struct {
	Stage    stages.Stage
	Exercise Exercise
	Grade    string        // how the starter's grade fails, e.g. "bench 1742410 nodes, the view's 1395940"
	Took     time.Duration // copying, stubbing, building, vetting, benching and completing it
	Dir      string        // where the starter was written
}

// starterSlack is what a starter's bench may take beyond benchFactor times
// the view's before it counts as not ending.
const (
	benchFactor  = 5
	starterSlack = 5 * time.Second
)

// ProveStarter proves the starter of a stage whose view pr proved (its
// directory, Dir, still written): the starter, made from that view, builds
// and go vet is clean on the packages it stubs; its grade fails, that is its
// bench's node count differs from the view's (which Prove showed to be the
// stage's; a bench whose positions pass the view's count is stopped there,
// benchUpTo), or its bench fails, or it runs longer than benchFactor times the
// view's bench and a few seconds (a search that the same count would take
// as long as the view's does), or, where the bench is the view's, the tests
// of the stubbed packages fail; and putting the view's bodies and imports
// back into its stubbed files gives the view, byte for byte, every other
// file unchanged. The grade a handout runs (make grade, its tests) compares
// the same bench with the same count, so this is its verdict, got by
// building only the command. The error names the stage and what is wrong.
func ProveStarter(work string, pr Proof, ex Exercise) (StarterProof, error) {
	start := time.Now()
	st, stubs := pr.Stage, ex.Stubs
	sp := StarterProof{Stage: st, Exercise: ex, Dir: filepath.Join(work, "starter-"+ex.Name)}
	fail := func(format string, args ...any) (StarterProof, error) {
		return sp, fmt.Errorf("starter %s (%s): %s", ex.Name, st.Name(), fmt.Sprintf(format, args...))
	}
	if err := copyView(pr.Dir, sp.Dir); err != nil {
		return fail("%v", err)
	}
	if err := stubView(sp.Dir, st, ex); err != nil {
		return fail("%v", err)
	}
	if err := completes(pr.Dir, sp.Dir, stubs); err != nil {
		return fail("%v", err)
	}
	var pkgs []string
	for _, s := range stubs {
		if p := "./" + path.Dir(s.File); !slices.Contains(pkgs, p) {
			pkgs = append(pkgs, p)
		}
	}
	if out, err := goIn(sp.Dir, append([]string{"vet"}, pkgs...)...); err != nil {
		return fail("go vet: %v\n%s", err, out)
	}
	mainStage, _ := stages.Get(stages.Main)
	bin, err := exe.Build(sp.Dir, filepath.Join(work, "bin", "starter-"+ex.Name), mainStage)
	if err != nil {
		return fail("it does not build: %v", err)
	}
	limit := benchFactor*pr.Bench + starterSlack
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	out, past, err := benchUpTo(ctx, bin, pr.Nodes)
	b, ok := exe.BenchLine(lastLine(out))
	switch {
	case past > 0:
		sp.Grade = fmt.Sprintf("bench past the view's %d nodes at position %d", pr.Nodes, past)
	case ctx.Err() != nil:
		sp.Grade = fmt.Sprintf("its bench does not end in %.0fs (%d× the view's, and %.0fs)", limit.Seconds(), benchFactor, starterSlack.Seconds())
	case err != nil:
		sp.Grade = fmt.Sprintf("its bench fails: %v", err)
	case !ok:
		sp.Grade = `its bench prints no "N nodes M nps" line`
	case b.Nodes == pr.Nodes:
		// The bench cannot see these functions (a design switched off at
		// the stage, a trace the search never scores): the grade's tests
		// of the stubbed packages must.
		out, err := goIn(sp.Dir, append([]string{"test", "-count=1"}, pkgs...)...)
		if err == nil {
			return fail("its grade passes: its bench prints %d nodes, the view's count, and the tests of %s pass with %s stubbed; choose functions whose stub changes the bench or fails a test", b.Nodes, strings.Join(pkgs, " "), stubList(stubs))
		}
		sp.Grade = "the bench is the view's, but " + failedTests(out)
	default:
		sp.Grade = fmt.Sprintf("bench %d nodes, the view's %d", b.Nodes, pr.Nodes)
	}
	sp.Took = time.Since(start)
	return sp, nil
}

// benchUpTo runs bin's bench and returns its output. It stops the bench
// once the positions' lines add up to more than limit nodes, when no later
// position can bring the total back to limit, and returns the number of
// the position that passed it (0 if none did).
func benchUpTo(ctx context.Context, bin string, limit uint64) (string, int, error) {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	cmd := exec.CommandContext(ctx, bin, "bench")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", 0, err
	}
	if err := cmd.Start(); err != nil {
		return "", 0, err
	}
	var out strings.Builder
	var total uint64
	past := 0
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		out.WriteString(sc.Text() + "\n")
		position, nodes, ok := exe.PositionLine(sc.Text())
		if !ok {
			continue
		}
		if total += nodes; total > limit {
			past = position
			stop()
			break
		}
	}
	err = cmd.Wait()
	if past > 0 {
		err = nil // stopped here
	}
	return out.String(), past, err
}

// failedTests names the tests that failed in go test's output, as "go test
// fails: TestA, TestB".
func failedTests(out string) string {
	var names []string
	for line := range strings.Lines(out) {
		if name, ok := strings.CutPrefix(strings.TrimSpace(line), "--- FAIL: "); ok {
			name, _, _ = strings.Cut(name, " ")
			if !strings.Contains(name, "/") && !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
	}
	if len(names) == 0 {
		return "go test fails"
	}
	return "go test fails: " + strings.Join(names, ", ")
}

// stubList names the stubs for a message.
func stubList(stubs []Stub) string {
	var names []string
	for _, s := range stubs {
		names = append(names, s.String())
	}
	return strings.Join(names, ", ")
}

// lastLine returns the last line of out that is not empty.
func lastLine(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return lines[len(lines)-1]
}

// copyView copies the view in dir, the files its manifest lists and the
// manifest, into a new directory to.
func copyView(dir, to string) error {
	if err := os.RemoveAll(to); err != nil {
		return err
	}
	wrote, err := readManifest(dir)
	if err != nil {
		return err
	}
	return copyFiles(dir, to, append(slices.Sorted(maps.Keys(wrote)), Manifest))
}

// readManifest returns the files a view's manifest lists, with their
// SHA-256.
func readManifest(dir string) (map[string]string, error) {
	data, err := os.ReadFile(filepath.Join(dir, Manifest))
	if err != nil {
		return nil, err
	}
	wrote := map[string]string{}
	for line := range strings.Lines(string(data)) {
		sum, name, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "  ")
		if !ok {
			return nil, fmt.Errorf("%s: bad line %q", filepath.Join(dir, Manifest), line)
		}
		wrote[name] = sum
	}
	return wrote, nil
}

// completes checks that the starter in dir is the view in viewDir with the
// stubs' bodies left out and nothing else: the manifests list the same
// files, those without a stub with the same sums, and each stubbed file,
// its functions' bodies and its imports put back (Complete), is the view's.
func completes(viewDir, dir string, stubs []Stub) error {
	want, err := readManifest(viewDir)
	if err != nil {
		return err
	}
	got, err := readManifest(dir)
	if err != nil {
		return err
	}
	funcs := map[string][]string{}
	for _, s := range stubs {
		funcs[s.File] = append(funcs[s.File], s.Func)
	}
	for _, name := range slices.Sorted(maps.Keys(want)) {
		switch {
		case got[name] == "":
			return fmt.Errorf("%s is in the view, not in the starter", name)
		case funcs[name] == nil && got[name] != want[name]:
			return fmt.Errorf("%s differs from the view's, and has no stub", name)
		case funcs[name] != nil:
			orig, err := os.ReadFile(filepath.Join(viewDir, filepath.FromSlash(name)))
			if err != nil {
				return err
			}
			stubbed, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
			if err != nil {
				return err
			}
			back, err := Complete(name, stubbed, orig, funcs[name])
			if err != nil {
				return err
			}
			if !bytes.Equal(back, orig) {
				i, _ := firstDifference(strings.Split(string(back), "\n"), strings.Split(string(orig), "\n"))
				return fmt.Errorf("%s with the view's bodies put back is not the view's: line %d is %q, the view's %q", name, i+1, at(strings.Split(string(back), "\n"), i), at(strings.Split(string(orig), "\n"), i))
			}
		}
	}
	for name := range got {
		if want[name] == "" {
			return fmt.Errorf("%s is in the starter, not in the view", name)
		}
	}
	return nil
}
