// Package spec describes engines on the command line of the measuring
// tools: a program with arguments and UCI options, or a cb2026 stage (of the
// work tree or of a git revision) that is built on demand.
package spec

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"cb2026/exe"
	"cb2026/stages"
	"cb2026/tools/internal/driver"
)

// Engine is one -engine flag: how to get and start an engine.
//
//	-engine "stage=5"                                  cb2026 built with -tags stage5
//	-engine "stage=main option.History=false name=nohist"
//	-engine "rev=HEAD~3 stage=main name=before"
//	-engine "cmd=/usr/games/stockfish option.UCI_LimitStrength=true option.UCI_Elo=1500"
//	-engine "variant=see-no-xray rev=HEAD"             a book variant, built as book check builds it
//
// Keys: cmd (a program), stage (a cb2026 stage number or "main", built into
// the cache), variant (a variant block of the book's chapters, built with
// its chapter's stage tag), rev (a git revision to build the stage or
// variant from), name, arg
// (repeatable), dir, env=KEY=VALUE (repeatable), option.NAME=VALUE
// (repeatable, in order), set.SHORT=on|off (a cb2026 technique switch, sent
// as the console line "set SHORT on|off" after the options).
type Engine struct {
	Name    string
	Cmd     string
	Args    []string
	Dir     string
	Env     []string     // extra environment, "KEY=value"
	Stage   stages.Stage // the cb2026 stage to build; Number 0 for a cmd= engine
	Variant string       // the book variant to build instead, or ""
	Rev     string
	Options []driver.Option
	Sets    []string // console lines "set SHORT on|off", from set.SHORT=on|off
	Source  string   // for a built stage: the commit it was built from (see exe.Source)
}

// isStage reports whether the spec names a cb2026 stage to build.
func (e Engine) isStage() bool { return e.Stage.Number != 0 }

// isBuilt reports whether the spec names something to build from the
// module: a stage or a book variant.
func (e Engine) isBuilt() bool { return e.isStage() || e.Variant != "" }

// Parse reads "key=value key=value …".
func Parse(s string) (Engine, error) {
	var e Engine
	for _, f := range strings.Fields(s) {
		key, value, ok := strings.Cut(f, "=")
		if !ok {
			return e, fmt.Errorf("engine %q: %q is not key=value", s, f)
		}
		if err := e.set(key, value); err != nil {
			return e, fmt.Errorf("engine %q: %w", s, err)
		}
	}
	given := 0
	for _, g := range []bool{e.Cmd != "", e.isStage(), e.Variant != ""} {
		if g {
			given++
		}
	}
	if given != 1 {
		return e, fmt.Errorf("engine %q: give exactly one of cmd=, stage= and variant=", s)
	}
	if e.Rev != "" && !e.isBuilt() {
		return e, fmt.Errorf("engine %q: rev= needs stage= or variant=", s)
	}
	if e.Name == "" {
		e.Name = e.defaultName()
	}
	return e, nil
}

// set applies one key=value.
func (e *Engine) set(key, value string) error {
	switch {
	case key == "cmd":
		e.Cmd = value
	case key == "name":
		e.Name = value
	case key == "arg":
		e.Args = append(e.Args, value)
	case key == "dir":
		e.Dir = value
	case key == "env":
		e.Env = append(e.Env, value)
	case key == "rev":
		e.Rev = value
	case key == "stage":
		return e.setStage(value)
	case key == "variant":
		e.Variant = value
	case key == "set." || key == "option.":
		return fmt.Errorf("%s=%s: no name after the dot", key, value)
	case strings.HasPrefix(key, "set."):
		if value != "on" && value != "off" {
			return fmt.Errorf("%s=%s: want on or off", key, value)
		}
		e.Sets = append(e.Sets, "set "+strings.TrimPrefix(key, "set.")+" "+value)
	case strings.HasPrefix(key, "option."):
		e.Options = append(e.Options, driver.Option{Name: strings.TrimPrefix(key, "option."), Value: value})
	default:
		return fmt.Errorf("unknown key %q", key)
	}
	return nil
}

// setStage reads a stage number or "main".
func (e *Engine) setStage(v string) error {
	st, err := stages.Parse(v)
	if err != nil {
		return err
	}
	e.Stage = st
	return nil
}

// defaultName names an engine by its stage, revision or program.
func (e *Engine) defaultName() string {
	if e.Variant != "" {
		n := "cb2026-variant-" + e.Variant
		if e.Rev != "" {
			n += "-" + e.Rev
		}
		return n
	}
	if e.isStage() {
		return exe.Name(e.Stage, e.Rev)
	}
	parts := strings.Split(e.Cmd, "/")
	return parts[len(parts)-1]
}

// Build builds a stage engine or a book variant into cache and sets Cmd and
// Source; other specs are left as they are.
func (e *Engine) Build(root, cache string) error {
	if e.Variant != "" {
		return e.buildVariant(root, cache)
	}
	if !e.isStage() {
		return nil
	}
	var err error
	if e.Rev != "" {
		e.Cmd, e.Source, err = exe.Revision(root, cache, e.Rev, e.Stage)
	} else {
		e.Source = exe.Source(root)
		e.Cmd, err = exe.Stage(root, cache, e.Stage)
	}
	return err
}

// buildVariant builds the book variant from the work tree or from rev, as
// book check builds it; its source counts the chapters, which hold its code.
// The work tree's tools/book builds it, so that the measuring tools do not
// link the book's Markdown reader.
func (e *Engine) buildVariant(root, cache string) error {
	dir := root
	if e.Rev != "" {
		wt, hash, err := exe.Worktree(root, cache, e.Rev)
		if err != nil {
			return err
		}
		dir, e.Source = wt, hash
	} else {
		e.Source = exe.SourceOf(root, "chapters")
	}
	var err error
	e.Cmd, err = buildVariant(root, dir, cache, e.Variant)
	return err
}

// buildVariant builds the variant called name from the chapters and module
// in dir with the tools/book command of the module at root (book variant),
// into cache, and returns the binary's path: its name ends in a hash of its
// content.
func buildVariant(root, dir, cache, name string) (string, error) {
	cache, err := filepath.Abs(cache)
	if err != nil {
		return "", fmt.Errorf("variant %s: %w", name, err)
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", fmt.Errorf("variant %s: %w", name, err)
	}
	tmp, err := os.MkdirTemp(cache, "variant-"+name+"-")
	if err != nil {
		return "", fmt.Errorf("variant %s: %w", name, err)
	}
	defer os.RemoveAll(tmp)
	tool := filepath.Join(tmp, "book")
	build := exec.Command("go", "build", "-o", tool, "./tools/book")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("variant %s: go build ./tools/book in %s: %w\n%s", name, root, err, strings.TrimSpace(string(out)))
	}
	bin := filepath.Join(tmp, "cb2026-variant-"+name)
	run := exec.Command(tool, "variant", "-root", dir, "-o", bin, name)
	if out, err := run.CombinedOutput(); err != nil {
		msg := strings.TrimSpace(strings.TrimPrefix(string(out), "book: "))
		return "", fmt.Errorf("variant %s: %s", name, msg)
	}
	return exe.PlaceByContent(bin, filepath.Join(cache, "cb2026-variant-"+name))
}

// Config returns the driver configuration.
func (e Engine) Config() driver.Config {
	return driver.Config{Name: e.Name, Path: e.Cmd, Args: e.Args, Dir: e.Dir, Env: e.Env, Options: e.Options,
		Commands: e.Sets}
}

// String prints the spec as it could be given again, followed for a built
// stage by "(source COMMIT)".
func (e Engine) String() string {
	var f []string
	f = append(f, "name="+e.Name)
	if e.isBuilt() {
		if e.Variant != "" {
			f = append(f, "variant="+e.Variant)
		} else {
			f = append(f, "stage="+e.Stage.String())
		}
		if e.Rev != "" {
			f = append(f, "rev="+e.Rev)
		}
		if e.Source != "" {
			f = append(f, "(source "+e.Source+")")
		}
	} else {
		f = append(f, "cmd="+e.Cmd)
	}
	for _, a := range e.Args {
		f = append(f, "arg="+a)
	}
	for _, v := range e.Env {
		f = append(f, "env="+v)
	}
	for _, o := range e.Options {
		f = append(f, "option."+o.Name+"="+o.Value)
	}
	for _, c := range e.Sets {
		w := strings.Fields(c)
		f = append(f, "set."+w[1]+"="+w[2])
	}
	return strings.Join(f, " ")
}
