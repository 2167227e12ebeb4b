package view

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cb2026/stages"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stubModule is a small module the stub maker's tests write their file
// into: a package board whose types a result may name.
var stubModule = map[string]string{
	"go.mod": "module m\n\ngo 1.24\n",
	"board/board.go": `// Package board is the tests' board.
package board

// Move is a move.
type Move uint16

// Position is a position.
type Position struct{ squares [64]int8 }

// Moves is a list of moves.
type Moves []Move

// Name is a name.
type Name string
`,
}

const note = "// Chapter 7's exercise (MVV-LVA): write this function's body."

func TestStubFile(t *testing.T) {
	tests := []struct {
		name  string
		funcs []string
		src   string
		want  string // "" if the stub is an error
		err   string
	}{
		{"a result", []string{"key"}, `package s

import "m/board"

// key returns a key.
func key(m board.Move) int {
	return int(m) * 8 // eight
}
`, `package s

import "m/board"

// key returns a key.
func key(m board.Move) int {
	` + note + `
	return 0
}
`, ""},
		{"named results", []string{"split"}, `package s

// split splits.
func split(x int) (hi, lo int) {
	hi, lo = x>>8, x&255
	return
}
`, `package s

// split splits.
func split(x int) (hi, lo int) {
	` + note + `
	return
}
`, ""},
		{"a method, its results of the module's types", []string{"Picker.next"}, `package s

import (
	"errors"
	"strings"

	"m/board"
)

// A Picker picks.
type Picker struct{ n int }

// next returns the next move.
func (pk *Picker) next(p *board.Position) (board.Move, board.Position, board.Moves, board.Name, bool, error, [2]int, *Picker) {
	if pk.n > 0 {
		return 0, *p, nil, "", false, errors.New(strings.ToLower("No")), [2]int{}, pk
	}
	return 0, *p, nil, "", false, nil, [2]int{}, pk
}

// next is not the method.
func next() {}
`, `package s

import (
	"m/board"
)

// A Picker picks.
type Picker struct{ n int }

// next returns the next move.
func (pk *Picker) next(p *board.Position) (board.Move, board.Position, board.Moves, board.Name, bool, error, [2]int, *Picker) {
	` + note + `
	return 0, board.Position{}, nil, "", false, nil, [2]int{}, nil
}

// next is not the method.
func next() {}
`, ""},
		{"results of other modules' types", []string{"wait"}, `package s

import (
	"context"
	"time"
)

// wait waits.
func wait(ctx context.Context) (time.Duration, context.Context, time.Time) {
	return time.Second, ctx, time.Now()
}
`, `package s

import (
	"context"
	"time"
)

// wait waits.
func wait(ctx context.Context) (time.Duration, context.Context, time.Time) {
	` + note + `
	return 0, nil, time.Time{}
}
`, ""},
		{"generic", []string{"first", "Stack.Top"}, `package s

import "fmt"

// first returns the first element.
func first[T any](xs []T) (T, error) {
	if len(xs) == 0 {
		return *new(T), fmt.Errorf("empty")
	}
	return xs[0], nil
}

// A Stack is a stack.
type Stack[E any] struct{ xs []E }

// Top returns the top.
func (s *Stack[E]) Top() E { return s.xs[len(s.xs)-1] }
`, `package s

// first returns the first element.
func first[T any](xs []T) (T, error) {
	` + note + `
	return *new(T), nil
}

// A Stack is a stack.
type Stack[E any] struct{ xs []E }

// Top returns the top.
func (s *Stack[E]) Top() E {
	` + note + `
	return *new(E)
}
`, ""},
		{"no results, an import only the body used", []string{"clear"}, `package s

import (
	"fmt"
	"slices"
)

// clear clears.
func clear(xs []int) {
	for i := range xs {
		xs[i] = 0
	}
	fmt.Println(slices.Max(xs))
}

// show shows.
func show(x int) { fmt.Println(x) }
`, `package s

import (
	"fmt"
)

// clear clears.
func clear(xs []int) {
	` + note + `
}

// show shows.
func show(x int) { fmt.Println(x) }
`, ""},
		{"no function of the name", []string{"key"}, "package s\n\nfunc kye() int { return 1 }\n", "", "s/s.go has no function key with a body"},
		{"no body", []string{"key"}, "package s\n\nfunc key() int\n", "", "s/s.go has no function key with a body"},
		{"a method is not a function", []string{"key"}, "package s\n\ntype T int\n\nfunc (T) key() int { return 1 }\n", "", "s/s.go has no function key with a body"},
	}
	dir := t.TempDir()
	for name, text := range stubModule {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := stubFile(dir, "s/s.go", []byte(tt.src), tt.funcs, note)
			if tt.err != "" {
				require.EqualError(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got), "stubFile(%s)", tt.funcs)
			back, err := Complete("s/s.go", got, []byte(tt.src), tt.funcs)
			require.NoError(t, err)
			assert.Equal(t, tt.src, string(back), "Complete(stubFile(%s)) gives the source back", tt.funcs)
		})
	}
}

// Every stub compiles and vets, in the module the test writes.
func TestStubsVet(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet")
	}
	dir := t.TempDir()
	for name, text := range stubModule {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	src := `package s

import (
	"errors"

	"m/board"
)

// A Picker picks.
type Picker struct{ n int }

// next returns the next move.
func (pk *Picker) next(p *board.Position) (board.Move, board.Position, board.Moves, board.Name, bool, error, [2]int, *Picker, any, func()) {
	return 0, *p, nil, "", false, errors.New("no"), [2]int{}, pk, nil, nil
}

// first returns the first element.
func first[T any](xs []T) (T, error) { return xs[0], nil }

// Use uses them.
func Use() { _, _, _, _, _, _, _, _, _, _ = (&Picker{}).next(nil); _, _ = first([]int{1}) }
`
	out, err := stubFile(dir, "s/s.go", []byte(src), []string{"Picker.next", "first"}, note)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "s"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "s", "s.go"), out, 0o644))
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	msg, err := cmd.CombinedOutput()
	assert.NoError(t, err, "go vet on the stubs:\n%s\n%s", msg, out)
}

// A starter is refused, with nothing written, when it has no function to
// leave out, names a function its file lacks, or names one twice.
func TestWriteStarterBadInput(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"engine/e.go", "go.mod"} {
		require.NoError(t, os.MkdirAll(filepath.Join(root, filepath.Dir(f)), 0o755))
	}
	require.NoError(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module m\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(root, "engine/e.go"), []byte("package e\n\nfunc f() int { return 1 }\n\nfunc g() int\n"), 0o644))
	st, _ := stages.Get(7)
	tests := []struct {
		name  string
		stage stages.Stage
		stubs []Stub
		err   string
	}{
		{"no stubs", st, nil, "starter: stage 7: no functions to leave to write"},
		{"a stage out of range", stages.Stage{Number: 22}, []Stub{{"engine/e.go", "f"}}, "starter: stage 22: not a stage (want 1..20 or main)"},
		{"no such function", st, []Stub{{"engine/e.go", "h"}}, "starter: engine/e.go declares no function h with a body"},
		{"no body", st, []Stub{{"engine/e.go", "g"}}, "starter: engine/e.go declares no function g with a body"},
		{"no such file", st, []Stub{{"engine/x.go", "f"}}, "starter: engine/x.go:f: open "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "starter")
			err := WriteStarter(Options{Root: root, Dir: dir, Stage: tt.stage}, Exercise{Name: "x", Label: "An exercise", Stubs: tt.stubs})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.err)
			assert.NoDirExists(t, dir, "nothing written")
		})
	}
}

// The proof of a starter finds every difference from its view other than
// the stubbed bodies and the imports only they used.
func TestStarterCompletesToItsView(t *testing.T) {
	const orig = "package s\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\n// F says hello.\nfunc F() string {\n\treturn strings.ToUpper(\"hi\")\n}\n\n// G prints.\nfunc G() { fmt.Println(1) }\n"
	stubbed := "package s\n\nimport (\n\t\"fmt\"\n)\n\n// F says hello.\nfunc F() string {\n\t" + note + "\n\treturn \"\"\n}\n\n// G prints.\nfunc G() { fmt.Println(1) }\n"
	tests := []struct {
		name string
		edit func(dir string) // changes the starter after it is written
		err  string
	}{
		{"the starter as written", func(string) {}, ""},
		{"another function changed", func(dir string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "s/s.go"), []byte(strings.Replace(stubbed, "Println(1)", "Println(2)", 1)), 0o644))
		}, `s/s.go with the view's bodies put back is not the view's: line 14 is "func G() { fmt.Println(2) }", the view's "func G() { fmt.Println(1) }"`},
		{"another file changed", func(dir string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module n\n"), 0o644))
		}, "go.mod differs from the view's, and has no stub"},
		{"a file left out", func(dir string) {
			require.NoError(t, os.Remove(filepath.Join(dir, "go.mod")))
		}, "go.mod is in the view, not in the starter"},
		{"a file added", func(dir string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "extra.txt"), []byte("x\n"), 0o644))
		}, "extra.txt is in the starter, not in the view"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			view, dir := t.TempDir(), t.TempDir()
			for _, d := range []string{view, dir} {
				require.NoError(t, os.MkdirAll(filepath.Join(d, "s"), 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(d, "go.mod"), []byte("module m\n"), 0o644))
			}
			require.NoError(t, os.WriteFile(filepath.Join(view, "s/s.go"), []byte(orig), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "s/s.go"), []byte(stubbed), 0o644))
			tt.edit(dir)
			require.NoError(t, writeManifest(view))
			require.NoError(t, writeManifest(dir))
			err := completes(view, dir, []Stub{{"s/s.go", "F"}})
			if tt.err == "" {
				assert.NoError(t, err)
			} else {
				assert.EqualError(t, err, tt.err)
			}
		})
	}
}

// A starter is a view with its stubs: its manifest lists the stubbed file
// as it is, so that -replace replaces it, and it is refused without.
func TestWriteStarterReplaces(t *testing.T) {
	root := fakeRepo(t)
	st, _ := stages.Get(7)
	dir := filepath.Join(t.TempDir(), "starter")
	opt := Options{Root: root, Dir: dir, Stage: st}
	ex := Exercise{Name: "7", Label: "Chapter 7's exercise (MVV-LVA)", Stubs: []Stub{{"engine/a/a.go", "A"}}}
	require.NoError(t, WriteStarter(opt, ex))
	data, err := os.ReadFile(filepath.Join(dir, "engine/a/a.go"))
	require.NoError(t, err)
	assert.Equal(t, "// Package a is a's.\npackage a\n\n// A is a's.\nfunc A() int {\n\t// Chapter 7's exercise (MVV-LVA): write this function's body.\n\treturn 0\n}\n", string(data))
	wrote, err := readManifest(dir)
	require.NoError(t, err)
	assert.Equal(t, fileSum(filepath.Join(dir, "engine/a/a.go")), wrote["engine/a/a.go"], "the manifest lists the stub")

	require.ErrorContains(t, WriteStarter(opt, ex), "is not empty (-replace replaces a previous view)")
	opt.Replace = true
	require.NoError(t, WriteStarter(opt, ex), "-replace replaces a starter")
}

// TestBenchUpTo runs a fake bench that prints two positions' lines and then
// waits: past the limit it is stopped at the position that passed it, and
// within it runs to its end.
func TestBenchUpTo(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "bench")
	script := "#!/bin/sh\n" +
		"echo 'position  1:          100 nodes  best e2e4   fen'\n" +
		"echo 'position  2:          300 nodes  best d2d4   fen'\n" +
		"exec sleep ${WAIT:-0}\n"
	require.NoError(t, os.WriteFile(bin, []byte(script), 0o755))
	for _, tc := range []struct {
		name  string
		limit uint64
		wait  string // how long the bench sleeps after its lines
		past  int
	}{
		{name: "past at the second position", limit: 350, wait: "60", past: 2},
		{name: "past at the first", limit: 99, wait: "60", past: 1},
		{name: "exactly the limit runs to the end", limit: 400, wait: "0", past: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("WAIT", tc.wait)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			out, past, err := benchUpTo(ctx, bin, tc.limit)
			require.NoError(t, err)
			assert.NoError(t, ctx.Err(), "the bench was stopped, not waited for")
			assert.Equal(t, tc.past, past)
			assert.Contains(t, out, "position  1:")
		})
	}
}
