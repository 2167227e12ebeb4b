package exe

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"cb2026/stages"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestName(t *testing.T) {
	main, _ := stages.Get(stages.Main)
	five, _ := stages.Get(5)
	twelve, _ := stages.Get(12)
	tests := []struct {
		st   stages.Stage
		rev  string
		want string
	}{
		{main, "", "cb2026-main"},
		{five, "", "cb2026-stage5"},
		{twelve, "1a2b3c4d5e", "cb2026-stage12-1a2b3c4d5e"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Name(tt.st, tt.rev), "Name(%s, %q)", tt.st, tt.rev)
	}
}

func TestModuleRoot(t *testing.T) {
	root, err := ModuleRoot()
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(root, "go.mod"))
	assert.NoError(t, err)
}

// Building a stage gives a program that answers the UCI handshake.
func TestStage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine")
	}
	root, err := ModuleRoot()
	require.NoError(t, err)
	cache := t.TempDir()
	nine, _ := stages.Get(9)
	bin, err := Stage(root, cache, nine)
	require.NoError(t, err)
	assert.Regexp(t, `cb2026-stage9-[0-9a-f]{10}$`, bin)
	again, err := Stage(root, cache, nine)
	require.NoError(t, err)
	assert.Equal(t, bin, again, "the same sources give the same binary")
	left, err := filepath.Glob(filepath.Join(cache, "*.tmp-*"))
	require.NoError(t, err)
	assert.Empty(t, left)
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader("uci\nquit\n")
	out, err := cmd.Output()
	require.NoError(t, err)
	assert.Contains(t, string(out), "id name cb2026 stage 9")
	_, _, err = Revision(root, t.TempDir(), "no-such-revision", nine)
	assert.Error(t, err)
}

// Processes that check out the same revision at once get one whole checkout.
func TestWorktreeAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("checks the repository out")
	}
	root, err := ModuleRoot()
	require.NoError(t, err)
	cache := t.TempDir()
	const n = 4
	dirs, errs := make([]string, n), make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dirs[i], _, errs[i] = Worktree(root, cache, "HEAD")
		}()
	}
	wg.Wait()
	t.Cleanup(func() { _, _ = git(root, "worktree", "remove", "--force", dirs[0]) })
	for i := range n {
		require.NoError(t, errs[i], "Worktree call %d", i)
		assert.Equal(t, dirs[0], dirs[i], "Worktree call %d", i)
	}
	_, err = os.Stat(filepath.Join(dirs[0], "go.mod"))
	assert.NoError(t, err, "the checkout is whole")
	left, err := filepath.Glob(filepath.Join(cache, "*.tmp-*"))
	require.NoError(t, err)
	assert.Empty(t, left, "the losers' checkouts are removed")
}

// A module that does not compile gives the command and the compiler's lines.
func TestBuildFails(t *testing.T) {
	dir := t.TempDir()
	pkg := filepath.Join(dir, "engine", "cmd", "cb2026")
	require.NoError(t, os.MkdirAll(pkg, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module broken\n\ngo 1.26\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "main.go"), []byte("package main\n\nfunc main() { undefinedThing() }\n"), 0o644))
	seven, _ := stages.Get(7)
	_, err := Build(dir, filepath.Join(dir, "out", "cb2026-broken"), seven)
	require.Error(t, err)
	first, rest, _ := strings.Cut(err.Error(), "\n")
	command := strings.Join(append(LevelEnv(), "go build -buildvcs=false -trimpath -tags stage7 -o "), " ")
	assert.Contains(t, first, "exe: "+command)
	assert.Contains(t, rest, "undefined: undefinedThing")
}

// On an amd64 machine the engine is built for the best GOAMD64 level the
// machine runs, found by running a program built for it; a level set in
// the environment is kept.
func TestLevelEnv(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		assert.Empty(t, probeLevel(), "only amd64 has levels")
		return
	}
	got := probeLevel()
	if len(got) > 0 {
		require.Len(t, got, 1)
		level := strings.TrimPrefix(got[0], "GOAMD64=")
		assert.Contains(t, amd64Levels, level)
		assert.NoError(t, runsAt(t.TempDir(), level), "the level found runs")
	}
	if cpuinfo, err := os.ReadFile("/proc/cpuinfo"); err == nil && !strings.Contains(string(cpuinfo), "avx512f") {
		assert.Error(t, runsAt(t.TempDir(), "v4"), "a program for a level the processor lacks (v4: AVX-512) stops at its start")
	}
	t.Setenv("GOAMD64", "v1")
	assert.Empty(t, probeLevel(), "GOAMD64 set in the environment is kept")
}

func TestFromRoot(t *testing.T) {
	got := FromRoot("testdata/wac.epd")
	_, err := os.Stat(got)
	assert.NoError(t, err, "FromRoot found %s", got)
	assert.Equal(t, "nowhere/x.epd", FromRoot("nowhere/x.epd"))
	assert.Equal(t, "/abs/x", FromRoot("/abs/x"))
}
