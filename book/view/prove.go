package view

import (
	"bytes"
	"fmt"
	"go/format"
	"go/scanner"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"cb2026/exe"
	"cb2026/stages"
)

// A Proof is what proving one view found: its size and its bench.
type Proof struct {
	Stage     stages.Stage
	Files     int           // Go files
	Lines     int           // lines of Go, tests included
	TestLines int           // of which in _test.go files
	Nodes     uint64        // the bench's node count, the view's and the engine's
	Bench     time.Duration // how long the view's bench ran
	Took      time.Duration // writing, vetting, testing and benching the view
	Dir       string        // where the view was written
	// the packages whose tests an earlier view of the run ran on the same
	// code (claimTests), each with that view's stage
	Shared []string
}

// Prove writes the stage's view into a directory under work and proves it
// is the stage's engine: it builds with no tags, go vet is clean and its
// tests pass (unless tests is false) on the packages it changes (each
// package's code tested once in the views proved under one work directory:
// claimTests), and its bench prints the same lines, node counts included,
// as the repository's engine built with the stage's tag. It also proves
// the view a handout: a stage tag is refused (refusesTags), and for the
// stages that provedStandingAlone names, make grade passes with nothing but
// the view's own modules and no network (standAlone). The error names the
// stage and the first difference.
func Prove(root, work string, st stages.Stage, tests bool) (Proof, error) {
	start := time.Now()
	pr := Proof{Stage: st, Dir: filepath.Join(work, "view-"+st.FileName())}
	fail := func(format string, args ...any) (Proof, error) {
		return pr, fmt.Errorf("view of %s: %s", st.Name(), fmt.Sprintf(format, args...))
	}
	if err := Write(Options{Root: root, Dir: pr.Dir, Stage: st, Replace: true}); err != nil {
		return fail("%v", err)
	}
	if err := pr.measure(); err != nil {
		return fail("%v", err)
	}
	if err := checkLeaks(root, pr.Dir, st); err != nil {
		return fail("%v", err)
	}
	if err := checkParams(pr.Dir); err != nil {
		return fail("%v", err)
	}
	if bad, err := unformatted(pr.Dir); err != nil || len(bad) > 0 {
		return fail("not as gofmt prints it: %v %v", bad, err)
	}
	// go vet and go test run on the packages the view changes (Affected);
	// the others are the repository's, vetted and tested as they are. One
	// go test -vet=all does both, loading the packages once; -trimpath lets
	// the packages the view leaves as they are come from the build cache.
	pkgs, listed, err := changedPackages(root, pr.Dir)
	if err != nil {
		return fail("%v", err)
	}
	switch {
	case tests && provedStandingAlone(st):
		// make grade runs go vet ./... and go test ./...: the affected
		// packages and all the others, with only the view's modules.
		if err := standAlone(pr.Dir, work); err != nil {
			return fail("%v", err)
		}
	case tests:
		// A package some view of this run tested already, on the same
		// code, is not tested again (claimTests).
		todo, shared, err := claimTests(work, pr.Dir, listed, pkgs, st)
		if err != nil {
			return fail("%v", err)
		}
		pr.Shared = shared
		if len(todo) == 0 {
			break
		}
		if out, err := goIn(pr.Dir, append([]string{"test", "-trimpath", "-count=1", "-vet=all"}, todo...)...); err != nil {
			return fail("go vet or go test: %v\n%s", err, out)
		}
	default:
		if out, err := goIn(pr.Dir, append([]string{"vet"}, pkgs...)...); err != nil {
			return fail("go vet: %v\n%s", err, out)
		}
	}
	mainStage, _ := stages.Get(stages.Main)
	viewBin, err := exe.Build(pr.Dir, filepath.Join(work, "bin", "view-"+st.FileName()), mainStage)
	if err != nil {
		return fail("%v", err)
	}
	fullBin, err := exe.Stage(root, filepath.Join(work, "bin"), st)
	if err != nil {
		return fail("%v", err)
	}
	t0 := time.Now()
	got, nodes, err := benchLines(viewBin)
	if err != nil {
		return fail("the view's bench: %v", err)
	}
	pr.Bench = time.Since(t0)
	want, _, err := benchLines(fullBin)
	if err != nil {
		return fail("the engine's bench: %v", err)
	}
	if i, ok := firstDifference(got, want); !ok {
		return fail("bench line %d: the view prints %q, the engine built with %s prints %q", i+1, at(got, i), strings.Join(st.BuildArgs(), " "), at(want, i))
	}
	if err := refusesTags(pr.Dir, st); err != nil {
		return fail("%v", err)
	}
	pr.Nodes, pr.Took = nodes, time.Since(start)
	return pr, nil
}

// refusesTags proves that the view refuses a stage tag (guardText): built
// with -tags stage12, its stages package fails with the guard's message.
func refusesTags(dir string, st stages.Stage) error {
	out, err := goIn(dir, "build", "-tags", "stage12", "./stages")
	want := "this handout builds only " + st.Name()
	if err == nil || !strings.Contains(out, want) {
		return fmt.Errorf("built with -tags stage12, the stages package does not fail with %q: %v\n%s", want, err, out)
	}
	return nil
}

// provedStandingAlone reports whether the proof of st shows that its view
// stands alone. Every view's go.mod is written the same way (tidyModule),
// and the proof costs a whole go test ./... of the view, so it runs for one
// early stage, 3, the first with the search and the perft tests, and one
// late, 20, the last chapter's and the largest tagged view. For them it
// takes the place of the proof's go test of the affected packages, which
// make grade's go test ./... includes.
func provedStandingAlone(st stages.Stage) bool {
	return st.Number == 3 || st.Number == 20
}

// standAlone proves that the view in dir needs nothing but the modules its
// go.mod requires, and no network: it fills a fresh, empty module cache
// with them (go mod download, from the repository's module cache used as a
// file proxy), then, with no proxy at all, runs make grade, which runs
// go vet ./... and go test ./... as a student does. The view's go.mod and
// go.sum must come out unchanged.
func standAlone(dir, work string) (err error) {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("standing alone: "+format, args...)
	}
	from, err := goIn(dir, "env", "GOMODCACHE")
	if err != nil {
		return fail("go env GOMODCACHE: %v\n%s", err, from)
	}
	cache, err := os.MkdirTemp(work, "modcache-")
	if err != nil {
		return fail("%v", err)
	}
	env := []string{"GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local", "GOMODCACHE=" + cache}
	defer func() {
		out, cerr := runIn(dir, env, "go", "clean", "-modcache") // its files are read-only
		if rerr := os.RemoveAll(cache); err == nil && (cerr != nil || rerr != nil) {
			err = fail("removing the module cache %s: %v %v\n%s", cache, cerr, rerr, out)
		}
	}()
	before, err := moduleFiles(dir)
	if err != nil {
		return fail("%v", err)
	}
	proxy := "GOPROXY=file://" + filepath.ToSlash(strings.TrimSpace(from)) + "/cache/download"
	if out, err := runIn(dir, append(env, proxy, "GOSUMDB=off"), "go", "mod", "download"); err != nil {
		return fail("go mod download into an empty module cache: %v\n%s", err, out)
	}
	if out, err := runIn(dir, append(env, "GOPROXY=off"), "make", "grade"); err != nil {
		return fail("make grade with GOPROXY=off and only the view's modules: %v\n%s", err, out)
	}
	after, err := moduleFiles(dir)
	if err != nil {
		return fail("%v", err)
	}
	if after != before {
		return fail("go.mod or go.sum changed: they do not list all the view needs")
	}
	return nil
}

// moduleFiles returns the text of dir's go.mod and go.sum.
func moduleFiles(dir string) (string, error) {
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return "", err
	}
	sum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	return string(mod) + string(sum), err
}

// runIn runs a command in dir with env added to the environment and
// returns its combined output.
func runIn(dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// goIn runs the go command in dir and returns its combined output. It
// builds for the machine's GOAMD64 level, as the view's engine is built
// (exe.LevelEnv), so that the build reuses what its tests compiled.
func goIn(dir string, args ...string) (string, error) {
	return runIn(dir, append(exe.LevelEnv(), "GOWORK=off", "GOFLAGS=-mod=mod"), "go", args...)
}

// benchLines runs a binary's bench and returns its lines, the nps masked,
// and its node count.
func benchLines(bin string) ([]string, uint64, error) {
	out, err := exec.Command(bin, "bench").Output()
	if err != nil {
		return nil, 0, err
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	b, ok := exe.BenchLine(lines[len(lines)-1])
	if !ok {
		return nil, 0, fmt.Errorf(`no "N nodes M nps" line at the end of the output`)
	}
	lines[len(lines)-1] = fmt.Sprintf("%d nodes", b.Nodes)
	return lines, b.Nodes, nil
}

// firstDifference returns the index of the first line where a and b differ,
// and false; or true when they are equal.
func firstDifference(a, b []string) (int, bool) {
	for i := range max(len(a), len(b)) {
		if at(a, i) != at(b, i) {
			return i, false
		}
	}
	return 0, true
}

// at returns line i, or "(no line)".
func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(no line)"
}

// measure counts the view's Go files and lines.
func (pr *Proof) measure() error {
	return eachGoFile(pr.Dir, func(name string, src []byte) error {
		n := bytes.Count(src, []byte("\n"))
		pr.Files++
		pr.Lines += n
		if isTest(name) {
			pr.TestLines += n
		}
		return nil
	})
}

// changedPackages returns the view's packages whose tests prove something
// the repository's own tests do not (Affected): those that use the stage's
// constant, those whose code the view changed, and those that depend on
// either. The others are the repository's packages as they are, which
// go test ./... and the book check test already. It also returns go list's
// output, which claimTests reads.
func changedPackages(root, dir string) (pkgs []string, listed string, err error) {
	out, err := goIn(dir, "list", "-test", "-f", ListFormat, "./...")
	if err != nil {
		return nil, "", fmt.Errorf("go list: %v\n%s", err, out)
	}
	pkgs, err = Affected(out, func(pkgDir string) bool { return dirChanged(root, dir, pkgDir) })
	return pkgs, out, err
}

// dirChanged reports whether a package directory of the view has a Go file
// whose code differs from the repository's (sameCode), or lacks one the
// repository has.
func dirChanged(root, view, pkgDir string) bool {
	rel, err := filepath.Rel(view, pkgDir)
	if err != nil {
		return true
	}
	mine, _ := filepath.Glob(filepath.Join(pkgDir, "*.go"))
	theirs, _ := filepath.Glob(filepath.Join(root, rel, "*.go"))
	if len(mine) != len(theirs) {
		return true
	}
	for _, p := range mine {
		if same, err := sameCode(p, filepath.Join(root, rel, filepath.Base(p))); err != nil || !same {
			return true
		}
	}
	return false
}

// sameCode reports whether two Go files hold the same code: the same
// tokens, comments aside (a directive, //go:build or //go:embed, counts).
// A view drops the stage markers from the files it keeps whole, and gofmt
// then realigns the comments beside them; such a file compiles to the
// repository's code, and its package's tests are the repository's, which
// go test ./... runs. (A test that reads the source of another package
// would read the view's: cb2026's engine has one, search's of eval, and
// search depends on eval, so it runs whenever eval's code changes.)
func sameCode(a, b string) (bool, error) {
	x, err := codeTokens(a)
	if err != nil {
		return false, err
	}
	y, err := codeTokens(b)
	if err != nil {
		return false, err
	}
	return slices.Equal(x, y), nil
}

// codeTokens returns the tokens of a Go file, each with its text, without
// its comments other than directives.
func codeTokens(path string) ([]string, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("view: %w", err)
	}
	var s scanner.Scanner
	var errs scanner.ErrorList
	file := token.NewFileSet().AddFile(path, -1, len(src))
	s.Init(file, src, func(pos token.Position, msg string) { errs.Add(pos, msg) }, scanner.ScanComments)
	var toks []string
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok != token.COMMENT || strings.HasPrefix(lit, "//go:") {
			toks = append(toks, tok.String()+" "+lit)
		}
	}
	if err := errs.Err(); err != nil {
		return nil, fmt.Errorf("view: %w", err)
	}
	return toks, nil
}

// unformatted returns the Go files under dir that gofmt would change.
func unformatted(dir string) ([]string, error) {
	var bad []string
	err := eachGoFile(dir, func(name string, src []byte) error {
		if out, err := format.Source(src); err != nil || !bytes.Equal(out, src) {
			bad = append(bad, name)
		}
		return nil
	})
	return bad, err
}
