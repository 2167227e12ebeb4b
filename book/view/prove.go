package view

import (
	"bytes"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
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
	Took      time.Duration // writing, vetting, testing and benching the view
	Dir       string        // where the view was written
}

// Prove writes the stage's view into a directory under work and proves it
// is the stage's engine: it builds with no tags, go vet is clean and its
// tests pass (unless tests is false) on the packages it changes, and its
// bench prints the same lines, node counts included, as the repository's
// engine built with the stage's tag.
// The error names the stage and the first difference.
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
	if bad, err := unformatted(pr.Dir); err != nil || len(bad) > 0 {
		return fail("not as gofmt prints it: %v %v", bad, err)
	}
	// go vet and go test run on the packages the view changes (Affected);
	// the others are the repository's, vetted and tested as they are. One
	// go test -vet=all does both, loading the packages once; -trimpath lets
	// the packages the view leaves as they are come from the build cache.
	pkgs, err := changedPackages(root, pr.Dir)
	if err != nil {
		return fail("%v", err)
	}
	if tests {
		if out, err := goIn(pr.Dir, append([]string{"test", "-trimpath", "-count=1", "-vet=all"}, pkgs...)...); err != nil {
			return fail("go vet or go test: %v\n%s", err, out)
		}
	} else if out, err := goIn(pr.Dir, append([]string{"vet"}, pkgs...)...); err != nil {
		return fail("go vet: %v\n%s", err, out)
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
	got, nodes, err := benchLines(viewBin)
	if err != nil {
		return fail("the view's bench: %v", err)
	}
	want, _, err := benchLines(fullBin)
	if err != nil {
		return fail("the engine's bench: %v", err)
	}
	if i, ok := firstDifference(got, want); !ok {
		return fail("bench line %d: the view prints %q, the engine built with %s prints %q", i+1, at(got, i), strings.Join(st.BuildArgs(), " "), at(want, i))
	}
	pr.Nodes, pr.Took = nodes, time.Since(start)
	return pr, nil
}

// goIn runs the go command in dir and returns its combined output.
func goIn(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	return string(out), err
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
	return filepath.WalkDir(pr.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n := bytes.Count(data, []byte("\n"))
		pr.Files++
		pr.Lines += n
		if strings.HasSuffix(p, "_test.go") {
			pr.TestLines += n
		}
		return nil
	})
}

// changedPackages returns the view's packages whose tests prove something
// the repository's own tests do not (Affected): those that use the stage's
// constant, those with a file the view changed, and those that depend on
// either. The others are the repository's packages as they are, which
// go test ./... and the book check test already.
func changedPackages(root, dir string) ([]string, error) {
	out, err := goIn(dir, "list", "-test", "-f", ListFormat, "./...")
	if err != nil {
		return nil, fmt.Errorf("go list: %v\n%s", err, out)
	}
	return Affected(out, func(pkgDir string) bool { return dirChanged(root, dir, pkgDir) })
}

// dirChanged reports whether a package directory of the view has a Go file
// that differs from the repository's, or lacks one the repository has.
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
		a, _ := os.ReadFile(p)
		b, err := os.ReadFile(filepath.Join(root, rel, filepath.Base(p)))
		if err != nil || !bytes.Equal(a, b) {
			return true
		}
	}
	return false
}

// unformatted returns the Go files under dir that gofmt would change.
func unformatted(dir string) ([]string, error) {
	var bad []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if out, err := format.Source(src); err != nil || !bytes.Equal(out, src) {
			rel, _ := filepath.Rel(dir, p)
			bad = append(bad, filepath.ToSlash(rel))
		}
		return nil
	})
	return bad, err
}
