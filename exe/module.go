package exe

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// ModuleRoot returns the directory of the go.mod above the working
// directory: where a build of the work tree starts.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("exe: no go.mod above the working directory")
		}
		dir = parent
	}
}

// FromRoot returns path as given when it exists, else the same relative
// path under the module root when that exists (so that the tools' default
// "testdata/wac.epd" works from any folder of the module), else path
// unchanged.
func FromRoot(path string) string {
	if _, err := os.Stat(path); err == nil || filepath.IsAbs(path) {
		return path
	}
	root, err := ModuleRoot()
	if err != nil {
		return path
	}
	if _, err := os.Stat(filepath.Join(root, path)); err == nil {
		return filepath.Join(root, path)
	}
	return path
}

// Source describes the engine source a build of the work tree at root
// uses: the HEAD commit, with "+changes" when the engine's files differ
// from it (uncommitted edits), so that results can name what they measured.
func Source(root string) string {
	return SourceOf(root)
}

// SourceOf is Source for a build that reads more of the tree than the
// engine: the given paths count as well (a book variant's chapters).
func SourceOf(root string, paths ...string) string {
	head, err := git(root, "rev-parse", "--short=10", "HEAD")
	if err != nil {
		return "unknown"
	}
	args := append([]string{"status", "--porcelain", "--", "engine", "stages", "go.mod"}, paths...)
	changed, err := git(root, args...)
	if err != nil || changed != "" {
		return head + "+changes"
	}
	return head
}

// git runs a git command in dir and returns its trimmed output.
func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		return "", fmt.Errorf("exe: git %s: %w %s", strings.Join(args, " "), err, msg)
	}
	return strings.TrimSpace(string(out)), nil
}
