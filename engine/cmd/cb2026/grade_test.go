package main

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"cb2026/stages"
)

// TestBenchIsTheStages grades the engine: it runs the stage's bench, as
// "cb2026 bench" does, and fails unless its node count is the one the stage
// expects (stages.Bench). The count is exact to the node, so a technique
// written wrong, which searches another tree, fails here even where every
// other test passes.
func TestBenchIsTheStages(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run([]string{"bench"}, strings.NewReader(""), &out))
	nodes, err := benchNodes(out.String())
	require.NoError(t, err)
	if nodes != stages.Bench {
		t.Fatalf("bench %d nodes, %s expects %d", nodes, stages.Selected().Name(), stages.Bench)
	}
}

// benchNodes reads the node count from the bench's last line, "N nodes M nps".
func benchNodes(out string) (uint64, error) {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	f := strings.Fields(last)
	if len(f) != 4 || f[1] != "nodes" || f[3] != "nps" {
		return 0, fmt.Errorf(`bench: last line %q: want "N nodes M nps"`, last)
	}
	n, err := strconv.ParseUint(f[0], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("bench: last line %q: %w", last, err)
	}
	return n, nil
}
