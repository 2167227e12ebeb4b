package exe

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
)

// The engine's builds here use the best GOAMD64 level this machine runs
// (go.dev/wiki/MinimumRequirements#amd64). Go's default, v1, is the
// instruction set of 2003; v3 (Intel's Haswell, AMD's Excavator and later)
// has an instruction each for what a bitboard engine does most, such as
// counting the set bits or clearing the lowest one, where v1 spells them
// out or tests for them at run time. The engine's results do not depend on
// the level: it computes with integers, and every stage's bench is the
// same node for node at v1 and v3, as make check proves at whichever level
// it runs. A binary built here is for this machine only, as every binary
// the book's check and the measuring tools build is. GOAMD64 set in the
// environment is kept; the Makefile's engine target builds for any machine.

// amd64Levels are the GOAMD64 levels tried, best first.
var amd64Levels = []string{"v3", "v2"}

// levelEnv is LevelEnv's answer, worked out once a process.
var levelEnv = sync.OnceValue(probeLevel)

// LevelEnv returns the environment that makes go build and go test use
// this machine's best GOAMD64 level ("GOAMD64=v3"), or nothing when the
// machine is not amd64, runs only v1, or GOAMD64 is set already. The slice
// is the caller's own: callers append their variables to it, and builds run
// concurrently.
func LevelEnv() []string {
	return slices.Clone(levelEnv())
}

// probeLevel finds the best level by trying it: a program built for a
// level the processor lacks stops at its start, saying so, before main.
func probeLevel() []string {
	if runtime.GOARCH != "amd64" || os.Getenv("GOAMD64") != "" {
		return nil
	}
	dir, err := os.MkdirTemp("", "cb2026-level-")
	if err != nil {
		return nil
	}
	defer os.RemoveAll(dir)
	for _, level := range amd64Levels {
		if runsAt(dir, level) == nil {
			return []string{"GOAMD64=" + level}
		}
	}
	return nil
}

// runsAt builds an empty program for the level in dir and runs it.
func runsAt(dir, level string) error {
	files := map[string]string{
		"go.mod":  "module probe\n\ngo 1.22\n",
		"main.go": "package main\n\nfunc main() {}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	bin := filepath.Join(dir, "probe-"+level)
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOAMD64="+level, "GOWORK=off", "GOFLAGS=")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("exe: building for GOAMD64=%s: %w\n%s", level, err, out)
	}
	return exec.Command(bin).Run()
}
