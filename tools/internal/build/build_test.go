package build

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestName(t *testing.T) {
	assert.Equal(t, "cb2026-main", Name(MainStage, ""))
	assert.Equal(t, "cb2026-stage5", Name(5, ""))
	assert.Equal(t, "cb2026-stage12-1a2b3c4d5e", Name(12, "1a2b3c4d5e"))
	assert.Nil(t, tags(MainStage))
	assert.Equal(t, []string{"-tags", "stage7"}, tags(7))
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
	bin, err := Stage(root, cache, 9)
	require.NoError(t, err)
	assert.Regexp(t, `cb2026-stage9-[0-9a-f]{10}$`, bin)
	again, err := Stage(root, cache, 9)
	require.NoError(t, err)
	assert.Equal(t, bin, again, "the same sources give the same binary")
	left, err := filepath.Glob(filepath.Join(cache, "*.tmp-*"))
	require.NoError(t, err)
	assert.Empty(t, left)
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader("uci\nquit\n")
	out, err := cmd.Output()
	require.NoError(t, err)
	assert.Contains(t, string(out), "uciok")
	_, err = Revision(root, t.TempDir(), "no-such-revision", 9)
	assert.Error(t, err)
}

func TestFromRoot(t *testing.T) {
	got := FromRoot("testdata/wac.epd")
	_, err := os.Stat(got)
	assert.NoError(t, err, "FromRoot found %s", got)
	assert.Equal(t, "nowhere/x.epd", FromRoot("nowhere/x.epd"))
	assert.Equal(t, "/abs/x", FromRoot("/abs/x"))
}
