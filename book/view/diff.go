package view

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"cb2026/stages"
)

// A Change is one file that a step adds, removes or changes.
type Change struct {
	File string // slash path inside the view
	Kind Kind
}

// Kind says what a step does to a file.
type Kind int

// The kinds of a Change.
const (
	Changed Kind = iota + 1 // in both views, with other bytes
	Added                   // only in the later view
	Removed                 // only in the earlier view
)

// String returns the kind as the diff page writes it: "changed", "added",
// "removed".
func (k Kind) String() string {
	switch k {
	case Changed:
		return "changed"
	case Added:
		return "added"
	case Removed:
		return "removed"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Previous returns the stage whose view st's view is a step from (stage 20
// for main), and false for stage 1, the first.
func Previous(st stages.Stage) (stages.Stage, bool) {
	all := stages.All()
	for i, s := range all {
		if s.Number == st.Number && i > 0 {
			return all[i-1], true
		}
	}
	return stages.Stage{}, false
}

// StageFile returns the file of st's view that says which stage it is, the
// one that sets stages.Current: "stages/stage7.go", or "stages/main.go".
// Each step removes the previous stage's and adds its own.
func StageFile(st stages.Stage) string {
	return "stages/" + st.FileName() + ".go"
}

// Files lists the files of the view in dir (slash paths), sorted, without
// its Manifest.
func Files(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, p)
		if err != nil || d.IsDir() || rel == Manifest {
			return err
		}
		files = append(files, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("view: %w", err)
	}
	return files, nil // WalkDir walks in lexical order
}

// eachGoFile calls fn with every Go file of the view in dir, its slash path
// and its text, in lexical order.
func eachGoFile(dir string, fn func(name string, src []byte) error) error {
	files, err := Files(dir)
	if err != nil {
		return err
	}
	for _, f := range files {
		if !strings.HasSuffix(f, ".go") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err == nil {
			err = fn(f, src)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Diff returns what the step from the view in before to the view in after
// changes, sorted by file: every file that after adds, that it removes and
// whose bytes differ, the README and the stage file (StageFile) included.
// The Manifest is not part of a view and is never a Change. It reads every
// file of both views once.
func Diff(before, after string) ([]Change, error) {
	old, err := Files(before)
	if err != nil {
		return nil, err
	}
	cur, err := Files(after)
	if err != nil {
		return nil, err
	}
	var changes []Change
	for _, f := range old {
		if _, found := slices.BinarySearch(cur, f); !found {
			changes = append(changes, Change{File: f, Kind: Removed})
		}
	}
	for _, f := range cur {
		if _, found := slices.BinarySearch(old, f); !found {
			changes = append(changes, Change{File: f, Kind: Added})
			continue
		}
		same, err := sameFile(filepath.Join(before, filepath.FromSlash(f)), filepath.Join(after, filepath.FromSlash(f)))
		if err != nil {
			return nil, err
		}
		if !same {
			changes = append(changes, Change{File: f, Kind: Changed})
		}
	}
	slices.SortFunc(changes, func(a, b Change) int { return cmp.Compare(a.File, b.File) })
	return changes, nil
}

// sameFile reports whether two files hold the same bytes.
func sameFile(a, b string) (bool, error) {
	x, err := os.ReadFile(a)
	if err != nil {
		return false, fmt.Errorf("view: %w", err)
	}
	y, err := os.ReadFile(b)
	if err != nil {
		return false, fmt.Errorf("view: %w", err)
	}
	return bytes.Equal(x, y), nil
}

// Apply makes the view in dir into the view in from, as far as changes
// say: it removes the Removed files and copies the Added and Changed ones
// from from. A Change whose File is not a clean local slash path (absolute,
// or with ..) or whose Kind is none of the three is an error, and then
// Apply has changed nothing.
func Apply(dir, from string, changes []Change) error {
	for _, c := range changes {
		if c.File == "." || !filepath.IsLocal(filepath.FromSlash(c.File)) || path.Clean(c.File) != c.File {
			return fmt.Errorf("view: apply: %q is not a file inside a view", c.File)
		}
		if c.Kind < Changed || c.Kind > Removed {
			return fmt.Errorf("view: apply: %s: %v is not a change", c.File, c.Kind)
		}
	}
	for _, c := range changes {
		dst := filepath.Join(dir, filepath.FromSlash(c.File))
		if c.Kind == Removed {
			if err := os.Remove(dst); err != nil {
				return fmt.Errorf("view: apply: %w", err)
			}
			continue
		}
		if err := copyFile(filepath.Join(from, filepath.FromSlash(c.File)), dst); err != nil {
			return fmt.Errorf("view: apply: %w", err)
		}
	}
	return nil
}

// copyFile copies the file src to dst, making dst's directory.
func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

// copyFiles copies the files of dir named (slash paths) into to.
func copyFiles(dir, to string, names []string) error {
	for _, name := range names {
		if err := copyFile(filepath.Join(dir, filepath.FromSlash(name)), filepath.Join(to, filepath.FromSlash(name))); err != nil {
			return err
		}
	}
	return nil
}

// CheckStep proves that Diff says the whole step from the view in before
// to the view in after: a copy of before with Diff's changes applied
// (Apply) holds the files of after, byte for byte, and no other (the
// Manifest aside). The error names every file where they differ. It
// compares files only: the copy is made in a temporary directory, removed
// after.
func CheckStep(before, after string) error {
	changes, err := Diff(before, after)
	if err != nil {
		return err
	}
	return checkChanges(before, after, changes)
}

// checkChanges proves that before with changes applied is after.
func checkChanges(before, after string, changes []Change) (err error) {
	work, err := os.MkdirTemp("", "cb2026-step-")
	if err != nil {
		return fmt.Errorf("view: %w", err)
	}
	defer func() {
		if rerr := os.RemoveAll(work); err == nil && rerr != nil {
			err = fmt.Errorf("view: %w", rerr)
		}
	}()
	old, err := Files(before)
	if err != nil {
		return err
	}
	if err := copyFiles(before, work, old); err != nil {
		return fmt.Errorf("view: %w", err)
	}
	if err := Apply(work, after, changes); err != nil {
		return err
	}
	left, err := Diff(work, after)
	if err != nil {
		return err
	}
	wrong := map[Kind]string{Removed: "left over, the later view has no such file", Added: "missing, the later view has it", Changed: "differs from the later view's"}
	var bad []string // "file: what is wrong", by file
	for _, c := range left {
		bad = append(bad, c.File+": "+wrong[c.Kind])
	}
	if len(bad) == 0 {
		return nil
	}
	slices.Sort(bad)
	return errors.New(strings.Join(bad, "\n"))
}
