package view

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// stagesPkg is the package whose build tags select the stage.
const stagesPkg = "cb2026/stages"

// ListFormat is the go list -test -f template whose output Affected reads:
// one line per package, test variant and test binary.
const ListFormat = `{{.ImportPath}}|{{.Dir}}|{{join .GoFiles " "}} {{join .TestGoFiles " "}} {{join .XTestGoFiles " "}}|{{join .Deps " "}}`

// Affected returns, from the output of go list -test -f ListFormat ./...,
// the packages whose code or tests a stage's build can change, sorted: the
// stages package itself; every package whose files or tests use
// stages.Current, stages.Selected or stages.Bench (ReadsStageTag); every
// package whose directory changed reports (nil: none); and every package
// that depends on one of the last two. Depending on the stages package
// alone does not count: apart from Current, Selected and Bench it is the
// same in every build, so a package that reads only its table compiles to
// the same code under every stage.
func Affected(listOutput string, changed func(dir string) bool) ([]string, error) {
	type listed struct {
		path string
		deps []string
	}
	var all []listed
	seeds := map[string]bool{}
	for _, l := range listLines(listOutput) {
		path, variant := l.name, false
		// go list -test names test variants "p [q.test]" and the test binary
		// "q.test": the tests of package q, external test packages included,
		// run with q. The plain package's line names its files, test files
		// included.
		if _, under, ok := strings.Cut(path, " ["); ok {
			path, variant = strings.TrimSuffix(under, "]"), true
		}
		if strings.HasSuffix(path, ".test") {
			path, variant = strings.TrimSuffix(path, ".test"), true
		}
		all = append(all, listed{path, l.deps})
		if variant {
			continue
		}
		if changed != nil && path != stagesPkg && changed(l.dir) {
			seeds[path] = true
		}
		for _, f := range l.files {
			name := filepath.Join(l.dir, f)
			src, err := os.ReadFile(name)
			if err != nil {
				return nil, fmt.Errorf("affected packages: %w", err)
			}
			reads, err := ReadsStageTag(name, src)
			if err != nil {
				return nil, fmt.Errorf("affected packages: %w", err)
			}
			seeds[path] = seeds[path] || reads
		}
	}
	seen := map[string]bool{}
	var pkgs []string
	for _, p := range all {
		affected := p.path == stagesPkg || seeds[p.path]
		for _, dep := range p.deps {
			affected = affected || seeds[dep]
		}
		if affected && !seen[p.path] {
			seen[p.path] = true
			pkgs = append(pkgs, p.path)
		}
	}
	sort.Strings(pkgs)
	return pkgs, nil
}

// A listLine is one line of go list -test -f ListFormat: a package, a test
// variant ("p [q.test]") or a test binary ("q.test") as go list names it,
// with its directory, its files and what it depends on.
type listLine struct {
	name        string
	dir         string
	files, deps []string
}

// listLines reads the output of go list -test -f ListFormat.
func listLines(out string) []listLine {
	var lines []listLine
	for _, line := range strings.Split(out, "\n") {
		fields := strings.SplitN(line, "|", 4)
		if len(fields) == 4 {
			lines = append(lines, listLine{fields[0], fields[1], strings.Fields(fields[2]), strings.Fields(fields[3])})
		}
	}
	return lines
}

// ReadsStageTag reports whether Go source uses one of the stages package's
// names whose value the build tag sets: the constants Current and Bench,
// or Selected, which returns Current's row. The rest of the package (the
// table, Parse, Get) is the same under every tag. Comments and strings do
// not count.
func ReadsStageTag(name string, src []byte) (bool, error) {
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
	if err != nil {
		return false, err
	}
	local := ""
	for _, imp := range f.Imports {
		if path, _ := strconv.Unquote(imp.Path.Value); path == stagesPkg {
			local = importName(imp)
		}
	}
	if local == "" {
		return false, nil
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == local && (sel.Sel.Name == "Current" || sel.Sel.Name == "Selected" || sel.Sel.Name == "Bench") {
				found = true
			}
		}
		return !found
	})
	return found, nil
}
