package host

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLoadFrom(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, content, want string
	}{
		{"linux", "0.52 0.58 0.59 1/312 4242\n", "0.52"},
		{"empty", "", "unknown"},
	}
	for _, tc := range tests {
		path := filepath.Join(dir, tc.name)
		assert.NoError(t, os.WriteFile(path, []byte(tc.content), 0o644))
		assert.Equal(t, tc.want, loadFrom(path), tc.name)
	}
	assert.Equal(t, "unknown", loadFrom(filepath.Join(dir, "missing")))
}

func TestMachine(t *testing.T) {
	assert.Contains(t, Machine(), runtime.Version())
	assert.Contains(t, Machine(), " CPUs, "+runtime.GOOS+"/")
}

func TestDescribe(t *testing.T) {
	assert.Equal(t, "machine 2 CPUs, linux/amd64, go1.26.8, load average 0.8 at the start, 1.2 at the end",
		Describe("2 CPUs, linux/amd64, go1.26.8", "0.8", "1.2"))
}
