// Package build builds cb2026 engine binaries for the measuring tools: a
// stage of the current tree (go build -tags stageN) or of another git
// revision (through a git worktree), into a cache folder. Go's own build
// cache makes a rebuild of unchanged sources quick, so every call builds;
// callers call once per binary and run.
package build

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// MainStage is the stage number that means the full engine (no build tag).
const MainStage = 0

// enginePackage is the engine's main package, relative to the module root.
const enginePackage = "./engine/cmd/cb2026"

// tags returns the build tag for a stage.
func tags(stage int) []string {
	if stage == MainStage {
		return nil
	}
	return []string{"-tags", fmt.Sprintf("stage%d", stage)}
}

// Name returns the start of a binary's file name for a stage and revision
// ("" for the work tree): cb2026-stage5, cb2026-main, cb2026-main-1a2b3c4;
// the file itself adds a hash of its content (see goBuild). Names also
// label engines in results.
func Name(stage int, rev string) string {
	n := "cb2026-main"
	if stage != MainStage {
		n = fmt.Sprintf("cb2026-stage%d", stage)
	}
	if rev != "" {
		n += "-" + rev
	}
	return n
}

// Stage builds the stage from the module at root into cache and returns the
// binary's path (named by content, see goBuild).
func Stage(root, cache string, stage int) (string, error) {
	return goBuild(root, filepath.Join(cache, Name(stage, "")), stage)
}

// Revision builds the stage from a git revision of the repository at root:
// it checks the revision out into a worktree under cache (once) and builds
// there. The binary's name carries the revision's short hash.
func Revision(root, cache, rev string, stage int) (string, error) {
	path, _, err := RevisionSource(root, cache, rev, stage)
	return path, err
}

// RevisionSource is Revision that also returns the revision's commit hash.
func RevisionSource(root, cache, rev string, stage int) (path, hash string, err error) {
	if hash, err = git(root, "rev-parse", "--short=10", rev+"^{commit}"); err != nil {
		return "", "", err
	}
	wt, err := filepath.Abs(filepath.Join(cache, "worktree-"+hash))
	if err != nil {
		return "", "", err
	}
	if _, err := os.Stat(wt); err != nil {
		if _, err := git(root, "worktree", "add", "--detach", wt, hash); err != nil {
			return "", "", err
		}
	}
	path, err = goBuild(wt, filepath.Join(cache, Name(stage, hash)), stage)
	return path, hash, err
}

// goBuild runs go build in dir and returns the binary's path: out followed
// by a hash of the binary's content ("cb2026-stage5-1a2b3c4d5e"). Naming by
// content means a rebuild from changed sources never overwrites a binary
// that a running match or another tool is using, and an unchanged rebuild
// finds its binary already there.
func goBuild(dir, out string, stage int) (string, error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return "", fmt.Errorf("build: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(abs), filepath.Base(abs)+".tmp-*")
	if err != nil {
		return "", fmt.Errorf("build: %w", err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	args := append([]string{"build"}, tags(stage)...)
	args = append(args, "-o", tmp.Name(), enginePackage)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build: go %s in %s: %w\n%s", strings.Join(args, " "), dir, err, msg)
	}
	return placeByContent(tmp.Name(), abs)
}

// contentHashLength is how many hex digits of the SHA-256 name a binary.
const contentHashLength = 10

// placeByContent renames the built file to base-HASH, unless that file
// already exists (the same build), and returns the final path.
func placeByContent(built, base string) (string, error) {
	data, err := os.ReadFile(built)
	if err != nil {
		return "", fmt.Errorf("build: %w", err)
	}
	sum := sha256.Sum256(data)
	final := base + "-" + hex.EncodeToString(sum[:])[:contentHashLength]
	if _, err := os.Stat(final); err == nil {
		return final, nil
	}
	if err := os.Rename(built, final); err != nil {
		return "", fmt.Errorf("build: %w", err)
	}
	return final, nil
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
		return "", fmt.Errorf("build: git %s: %w %s", strings.Join(args, " "), err, msg)
	}
	return strings.TrimSpace(string(out)), nil
}

// ModuleRoot returns the directory of the go.mod above the working directory.
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
			return "", fmt.Errorf("build: no go.mod above the working directory")
		}
		dir = parent
	}
}

// FromRoot returns path as given when it exists, else the same relative
// path under the module root when that exists (so that "testdata/wac.epd"
// works from any folder of the module), else path unchanged.
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
	head, err := git(root, "rev-parse", "--short=10", "HEAD")
	if err != nil {
		return "unknown"
	}
	changed, err := git(root, "status", "--porcelain", "--", "engine", "stages", "go.mod")
	if err != nil || changed != "" {
		return head + "+changes"
	}
	return head
}
