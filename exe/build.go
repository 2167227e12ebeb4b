// Package exe builds the cb2026 engine's executables and reads what they
// print. It is the one place that runs go build on the engine: for the book's
// check (a stage, or a variant in a modified copy of the module) and for the
// measuring tools (a stage of the work tree or of a git revision), and main
// as WebAssembly for the site's play page (BuildBrowser); and the
// one place that parses the lines the book and the tools measure, the
// bench's "N nodes M nps" (ParseBench), its "position N: M nodes" lines
// (PositionLine) and perft's "Nodes searched: N" (ParsePerft).
//
// The name says what it hands out: executables, named EXE as the Makefile
// and OpenBench name the engine binary. It lives at the module's top level,
// not under tools/internal, because package book imports it too; nothing in
// engine/ may import it (the engine never builds itself).
//
// A binary is named by its content: Build writes base followed by a hash of
// the binary ("cb2026-stage5-1a2b3c4d5e"), so a rebuild from changed sources
// never overwrites a binary that a running match or another tool is using,
// and an unchanged rebuild finds its binary already there. Go's own build
// cache makes a rebuild of unchanged sources quick, so every call builds;
// callers that want one build per run (the book) memoize. Every build is
// for this machine's best GOAMD64 level (LevelEnv), which makes the engine
// faster and changes none of its results.
package exe

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"cb2026/stages"
)

// enginePackage is the engine's main package, relative to the module root.
const enginePackage = "./engine/cmd/cb2026"

// Name returns the start of a binary's file name for a stage and revision
// ("" for the work tree): cb2026-stage5, cb2026-main, cb2026-main-1a2b3c4;
// Build adds a hash of the binary's content. Names also label engines in
// results.
func Name(st stages.Stage, rev string) string {
	n := "cb2026-" + st.FileName()
	if rev != "" {
		n += "-" + rev
	}
	return n
}

// Stage builds the stage from the module at root into cache and returns the
// binary's path.
func Stage(root, cache string, st stages.Stage) (string, error) {
	return Build(root, filepath.Join(cache, Name(st, "")), st)
}

// Revision builds the stage from a git revision of the repository at root:
// it checks the revision out into a worktree under cache (once) and builds
// there. It returns the binary's path, whose name carries the revision's
// short hash, and that hash.
func Revision(root, cache, rev string, st stages.Stage) (path, hash string, err error) {
	wt, hash, err := Worktree(root, cache, rev)
	if err != nil {
		return "", "", err
	}
	path, err = Build(wt, filepath.Join(cache, Name(st, hash)), st)
	return path, hash, err
}

// Worktree returns a checkout of a git revision of the repository at root,
// made under cache on first use (a detached git worktree), and the
// revision's short hash. Processes that ask for the same revision at once
// each check it out under a name of their own and rename it into place, so
// none of them sees a half-made checkout: the first rename wins, and the
// others remove theirs.
func Worktree(root, cache, rev string) (dir, hash string, err error) {
	if hash, err = git(root, "rev-parse", "--short=10", rev+"^{commit}"); err != nil {
		return "", "", err
	}
	wt, err := filepath.Abs(filepath.Join(cache, "worktree-"+hash))
	if err != nil {
		return "", "", err
	}
	if _, err := os.Stat(wt); err == nil {
		return wt, hash, nil
	}
	tmp := fmt.Sprintf("%s.tmp-%d-%d", wt, os.Getpid(), time.Now().UnixNano())
	if err := addWorktree(root, tmp, hash); err != nil {
		return "", "", err
	}
	// A rename onto a checkout another process has put in place fails
	// (its folder is not empty): that is the lost race.
	if err := os.Rename(tmp, wt); err != nil {
		if _, serr := os.Stat(filepath.Join(wt, "go.mod")); serr != nil {
			return "", "", fmt.Errorf("exe: %w", err)
		}
		_, err := git(root, "worktree", "remove", "--force", tmp)
		return wt, hash, err
	}
	// git records where each worktree is: tell it the new place.
	if _, err := git(root, "worktree", "repair", wt); err != nil {
		return "", "", err
	}
	return wt, hash, nil
}

// addWorktree checks hash out at tmp as a detached git worktree. git
// itself is not safe against two worktree adds at once: one may read the
// other's half-written record under .git/worktrees and stop with "failed to
// read …/commondir" before it has made anything. So a failed add that left
// no folder behind is tried again, a few times, after a short wait.
func addWorktree(root, tmp, hash string) error {
	var err error
	for attempt := 1; attempt <= 5; attempt++ {
		if _, err = git(root, "worktree", "add", "--detach", tmp, hash); err == nil {
			return nil
		}
		if _, serr := os.Stat(tmp); serr == nil {
			return err // it got as far as the checkout: not the race
		}
		time.Sleep(time.Duration(attempt) * 20 * time.Millisecond)
	}
	return err
}

// Build builds the engine of the module in dir with the stage's build tag
// and returns the binary's path: base followed by a hash of the binary's
// content. It builds with -trimpath, so that the build cache serves a
// package whose files are the same in another copy of the module (a
// variant's, a view's) instead of compiling it again. When the build
// fails, the error's first line names the command and the lines after it
// are the go command's output.
func Build(dir, base string, st stages.Stage) (string, error) {
	abs, err := filepath.Abs(base)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return "", fmt.Errorf("exe: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(abs), filepath.Base(abs)+".tmp-*")
	if err != nil {
		return "", fmt.Errorf("exe: %w", err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	if err := buildEngine(dir, tmp.Name(), nil, st.BuildArgs()...); err != nil {
		return "", err
	}
	return PlaceByContent(tmp.Name(), abs)
}

// buildEngine runs go build on the engine's main package of the module in
// dir into out, with -buildvcs=false, -trimpath and the flags given, and
// the environment's variables plus the machine's GOAMD64 level (LevelEnv)
// plus env. When the build fails, the error's first line names the command
// (env included) and the lines after it are the go command's output.
func buildEngine(dir, out string, env []string, flags ...string) error {
	args := append([]string{"build", "-buildvcs=false", "-trimpath"}, flags...)
	args = append(args, "-o", out, enginePackage)
	env = append(LevelEnv(), env...)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		command := strings.Join(append(slices.Clone(env), "go"), " ")
		return fmt.Errorf("exe: %s %s in %s: %w\n%s", command, strings.Join(args, " "), dir, err, strings.TrimSpace(string(msg)))
	}
	return nil
}

// contentHashLength is how many hex digits of the SHA-256 name a binary.
const contentHashLength = 10

// PlaceByContent renames the built file to base-HASH, HASH a hash of its
// content, unless that file already exists (the same build), and returns the
// final path.
func PlaceByContent(built, base string) (string, error) {
	data, err := os.ReadFile(built)
	if err != nil {
		return "", fmt.Errorf("exe: %w", err)
	}
	sum := sha256.Sum256(data)
	final := base + "-" + hex.EncodeToString(sum[:])[:contentHashLength]
	if _, err := os.Stat(final); err == nil {
		return final, nil
	}
	if err := os.Rename(built, final); err != nil {
		return "", fmt.Errorf("exe: %w", err)
	}
	return final, nil
}
