//book:stage main

package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/stages"
)

// stageBench finds a stage file's bench count.
var stageBench = regexp.MustCompile(`(?m)^const Bench = (\d+)$`)

// TestMainBenchesAsEveryStage sets main to earlier stages and runs their
// benches: each must count the nodes of the stage's own build (Bench in
// the stage's file, which that build's test checks). A technique whose
// code changes the tree with its switch off, or a switch that a stage has
// on by another name, fails here. (Every stage from 3 on was checked once
// by hand; the test keeps four that run in seconds.)
func TestMainBenchesAsEveryStage(t *testing.T) {
	if stages.Current < 3 {
		t.Skip("a build without a search has no stage to set")
	}
	for _, n := range []int{4, 7, 11, 18} {
		st, _ := stages.Get(n)
		t.Run(st.Name(), func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("..", "..", "..", "stages", st.FileName()+".go"))
			if errors.Is(err, fs.ErrNotExist) {
				t.Skipf("%s.go is not here: a stage's view holds its own stage's file only", st.FileName())
			}
			require.NoError(t, err)
			m := stageBench.FindSubmatch(src)
			require.NotNil(t, m, "%s has no Bench", st.FileName())
			want, _ := strconv.ParseUint(string(m[1]), 10, 64)
			var out bytes.Buffer
			require.NoError(t, run(nil, strings.NewReader("stage "+st.String()+"\nbench\nwait\n"), &out))
			got, err := benchNodes(out.String())
			require.NoError(t, err)
			assert.Equal(t, int(want), int(got), "main set to %s", st.Name())
		})
	}
}

func TestStageWithoutSearchIsRefused(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(nil, strings.NewReader("stage 2\ntechniques\n"), &out))
	assert.Contains(t, out.String(), "info string stage: stage 2 has no search: want 3 to 20 or main")
	assert.Contains(t, out.String(), "\n21       capthist", "and nothing changed")
}
