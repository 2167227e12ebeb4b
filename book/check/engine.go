package check

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"cb2026/book"
	"cb2026/exe"
	"cb2026/stages"
)

// runTimeout bounds one engine run or one go command.
const runTimeout = 15 * time.Minute

// A Variant is a declaration the book shows that the engine does not have:
// its code replaces a named declaration in a copy of the module.
type Variant struct {
	Name     string       // the variant's name, unique in the book
	File     string       // the file holding the declaration it replaces
	Replaces string       // the declaration's name (Type.Method for a method)
	Stage    stages.Stage // the stage whose build tag it is built with
	Code     string       // the replacement, doc comment included
	Chapter  string       // where the book shows it
	Line     int
}

// Engines builds the engine binaries a check needs, one per stage and one per
// variant, each at most once (with package exe), and runs them. It is safe
// for concurrent use.
type Engines struct {
	root     string
	dir      string // where binaries and module copies go
	variants map[string]*Variant
	mu       sync.Mutex
	builds   map[string]*once
	runs     map[string]*once
}

// once memoizes one build or run.
type once struct {
	sync.Once
	out string
	err error
}

// NewEngines returns an Engines building from the module at root into dir.
func NewEngines(root, dir string, variants map[string]*Variant) *Engines {
	return &Engines{root: root, dir: dir, variants: variants, builds: map[string]*once{}, runs: map[string]*once{}}
}

// memo returns the memo cell for key in m.
func (e *Engines) memo(m map[string]*once, key string) *once {
	e.mu.Lock()
	defer e.mu.Unlock()
	o, ok := m[key]
	if !ok {
		o = &once{}
		m[key] = o
	}
	return o
}

// Binary returns the path of the binary for a build: a stage number, "main" or
// a variant's name. It builds it on first use.
func (e *Engines) Binary(build string) (string, error) {
	o := e.memo(e.builds, build)
	o.Do(func() {
		if st, err := stages.Parse(build); err == nil {
			o.out, o.err = exe.Stage(e.root, e.dir, st)
			return
		}
		v, ok := e.variants[build]
		if !ok {
			o.err = fmt.Errorf("no stage or variant named %q", build)
			return
		}
		o.out, o.err = e.buildVariant(v)
	})
	return o.out, o.err
}

// buildVariant copies the module, swaps the variant in and builds it.
func (e *Engines) buildVariant(v *Variant) (string, error) {
	dir := filepath.Join(e.dir, "variant-"+v.Name)
	if err := copyModule(e.root, dir); err != nil {
		return "", err
	}
	if err := splice(dir, v.File, v.Replaces, v.Code); err != nil {
		return "", err
	}
	out, err := exe.Build(dir, filepath.Join(e.dir, "cb2026-variant-"+v.Name), v.Stage)
	if err != nil {
		return "", fmt.Errorf("%s", strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
	}
	return out, nil
}

// splice replaces the declaration named decl in file (under root) with code.
func splice(root, file, decl, code string) error {
	snip, err := book.NewSource(root).Decl(file, decl)
	if err != nil {
		return err
	}
	path := filepath.Join(root, filepath.FromSlash(file))
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	b.Write(src[:snip.Start])
	b.WriteString(strings.TrimRight(code, "\n"))
	b.Write(src[snip.End:])
	_ = os.Remove(path) // never write through a link to the original
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// copyModule copies what go build reads of the module (go.mod, go.sum, the
// .go files and the assembly .s files, outside .git, hidden or underscore
// directories, chapters and testdata) to dst. The module embeds no other
// file; the rest of the tree, such as the matches' games, would only cost
// time, once per variant.
func copyModule(root, dst string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		name := d.Name()
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || rel == "chapters") {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() || !buildFile(name) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
}

// buildFile reports whether go build reads the file named name.
func buildFile(name string) bool {
	return name == "go.mod" || name == "go.sum" || strings.HasSuffix(name, ".go") || strings.HasSuffix(name, ".s")
}

// goCmd runs the go command in dir and returns its output as the error when
// it fails.
func goCmd(dir, sub string, args ...string) error {
	_, err := goOutput(dir, sub, args...)
	return err
}

// goOutput runs the go command in dir and returns its output; when it fails,
// the error holds the output.
func goOutput(dir, sub string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", append([]string{sub}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false", "CB2026_BOOK_CHECK=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go %s %s: %v\n%s", sub, strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return string(out), nil
}

// firstLines keeps the first n lines of s, joined by " / ".
func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "…")
	}
	return strings.Join(lines, " / ")
}

// Run runs a build's binary with args, or with input written to its stdin
// (one command a line) when args is nil, and returns its stdout. The input
// ends without quit: at the end of its input the engine waits for a search
// it started to finish, so a last "go depth N" prints its whole search.
// Identical runs are made once.
func (e *Engines) Run(build string, args, input []string) (string, error) {
	key := build + "\x00" + strings.Join(args, "\x01") + "\x00" + strings.Join(input, "\x01")
	o := e.memo(e.runs, key)
	o.Do(func() { o.out, o.err = e.run(build, args, input) })
	return o.out, o.err
}

// run runs the binary once.
func (e *Engines) run(build string, args, input []string) (string, error) {
	bin, err := e.Binary(build)
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	if args == nil {
		cmd.Stdin = strings.NewReader(strings.Join(input, "\n") + "\n")
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), fmt.Errorf("cb2026 %s: %v: %s", strings.Join(args, " "), err, firstLines(stderr.String(), 2))
	}
	return stdout.String(), nil
}
