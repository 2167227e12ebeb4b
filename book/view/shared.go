package view

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"cb2026/stages"
)

// Views share much of their code: the board package is the same, byte for
// byte, from stage 4's view to stage 20's, and the evaluation from stage 4's
// to stage 18's. A package whose files, whose dependencies' files and whose
// test data are the same in two views compiles to the same test binary,
// which reads the same inputs, so its tests find the same in both: a run of
// proofs tests each such package once, in the first view that claims it.
// The claims are files under the run's work directory, so they last one
// run: every run tests every distinct package again.

// listing reads go list -test -f ListFormat's output: each package, and
// each package's test binary ("p.test") with its dependencies, test imports
// included, by name. Test variants are left out: their binary's line lists
// what they need.
func listing(out string) map[string]listLine {
	pkgs := map[string]listLine{}
	for _, l := range listLines(out) {
		if !strings.Contains(l.name, " [") {
			pkgs[l.name] = l
		}
	}
	return pkgs
}

// testPrint returns the fingerprint of package path's tests in the view in
// dir: the files of the package and of every package of the view its test
// binary depends on, each directory's testdata, the view's own testdata
// and its go.mod and go.sum.
func testPrint(dir, path string, pkgs map[string]listLine) (string, error) {
	h := sha256.New()
	deps := append([]string{path}, pkgs[path+".test"].deps...)
	slices.Sort(deps)
	for _, dep := range slices.Compact(deps) {
		p, ok := pkgs[dep]
		if !ok || p.dir == "" {
			continue // the standard library or a module's: the same in every view
		}
		fmt.Fprintf(h, "package %s\n", dep)
		if err := hashFiles(h, p.dir, false); err != nil {
			return "", err
		}
	}
	for _, name := range []string{"testdata", "go.mod", "go.sum"} {
		fmt.Fprintf(h, "view %s\n", name)
		if err := hashFiles(h, filepath.Join(dir, name), true); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// hashFiles writes the names, sizes and contents of the files at root to
// h: a file, or a directory's files and its testdata directory, or, with
// all, every file under it. A root that does not exist writes a line
// saying so.
func hashFiles(h io.Writer, root string, all bool) error {
	if _, err := os.Stat(root); errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(h, "none\n")
		return nil
	}
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if rel != "." && !all && rel != "testdata" && !strings.HasPrefix(rel, "testdata"+string(filepath.Separator)) {
				return filepath.SkipDir // another package, hashed as a dependency if it is one
			}
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(data))
		_, err = h.Write(data)
		return err
	})
}

// claimTests returns those of pkgs whose tests this view must run, and the
// others, which an earlier view of this run has claimed already with the
// same fingerprint, each with the stage that claimed it. A claim is a file
// of work/tested named by the fingerprint, made once (O_EXCL): of two views
// proved at once, one runs the tests, and the run fails if they fail.
func claimTests(work, dir, listOutput string, pkgs []string, st stages.Stage) (todo, shared []string, err error) {
	listed := listing(listOutput)
	claims := filepath.Join(work, "tested")
	if err := os.MkdirAll(claims, 0o755); err != nil {
		return nil, nil, err
	}
	for _, p := range pkgs {
		fp, err := testPrint(dir, p, listed)
		if err != nil {
			return nil, nil, fmt.Errorf("fingerprint of %s's tests: %w", p, err)
		}
		f, err := os.OpenFile(filepath.Join(claims, fp), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if errors.Is(err, fs.ErrExist) {
			by, _ := os.ReadFile(filepath.Join(claims, fp))
			shared = append(shared, fmt.Sprintf("%s (as in %s's view)", p, by))
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		_, err = f.WriteString(st.Name())
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, nil, err
		}
		todo = append(todo, p)
	}
	return todo, shared, nil
}
