// Package outdir guards the directories the book's tools write into and
// delete: a view's directory, the website's output. One function, Check,
// says which directories are never a target, so that a mistyped argument
// ("..", a link to the repository) is refused before anything is written
// or removed.
package outdir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Check returns dir as an absolute path with its symbolic links resolved,
// the path a tool must then write into, or an error naming the rule dir
// breaks. A target is refused when it is the file system's root, when it
// is or contains the home directory, and when it is or contains the
// repository at root; a target inside the repository is refused too unless
// inside is true (the website's _site is inside, ignored by git). Links are
// resolved on both sides, and a target that does not exist yet is resolved
// through its nearest existing ancestor, so a link or ".." cannot lead a
// write where the rules forbid it.
func Check(root, dir string, inside bool) (string, error) {
	repo, err := resolve(root)
	if err != nil {
		return "", fmt.Errorf("the repository %s: %w", root, err)
	}
	d, err := resolve(dir)
	if err != nil {
		return "", fmt.Errorf("%s: %w", dir, err)
	}
	name := dir
	if abs, _ := filepath.Abs(dir); abs != d {
		name = fmt.Sprintf("%s (%s)", dir, d)
	}
	switch {
	case d == filepath.Dir(d):
		return "", fmt.Errorf("%s is the file system's root: refusing to write there", name)
	case d == repo:
		return "", fmt.Errorf("%s is the repository: refusing to write there", name)
	case within(d, repo):
		return "", fmt.Errorf("%s contains the repository %s: refusing to write there", name, repo)
	case !inside && within(repo, d):
		return "", fmt.Errorf("%s is inside the repository %s: refusing to write into the tree", name, repo)
	}
	if home, err := os.UserHomeDir(); err == nil {
		if h, err := resolve(home); err == nil && (d == h || within(d, h)) {
			return "", fmt.Errorf("%s is or contains the home directory %s: refusing to write there", name, h)
		}
	}
	return d, nil
}

// within reports whether path p lies strictly inside directory dir (both
// absolute and clean).
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// resolve returns p absolute with its links resolved; the part of p that
// does not exist yet is joined to its nearest existing ancestor, resolved.
func resolve(p string) (string, error) {
	p, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rest := ""
	for {
		r, err := filepath.EvalSymlinks(p)
		if err == nil {
			return filepath.Join(r, rest), nil
		}
		parent := filepath.Dir(p)
		if !errors.Is(err, fs.ErrNotExist) || parent == p {
			return "", err
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}
