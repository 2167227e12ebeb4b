package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"cb2026/tools/internal/driver"
	"cb2026/tools/internal/fakeuci"
	"cb2026/tools/internal/spec"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain lets the test binary act as the fake engine when re-executed.
func TestMain(m *testing.M) {
	if os.Getenv(fakeuci.EnvVar) != "" {
		os.Exit(fakeuci.Main(os.Args[1:], fakeuci.Fixed("e2e4")))
	}
	os.Exit(m.Run())
}

// fake returns the spec of a fake engine whose bench reports nps.
func fake(name, nps string, sets ...string) spec.Engine {
	return spec.Engine{Name: name, Cmd: os.Args[0], Args: []string{"-nps", nps},
		Env: []string{fakeuci.EnvVar + "=1"}, Sets: sets}
}

func TestParseBench(t *testing.T) {
	b, err := parseBench("position  1: 12 nodes\n\n1234567 nodes 890123 nps\r\n")
	require.NoError(t, err)
	assert.Equal(t, Bench{Nodes: 1234567, NPS: 890123}, b)
	_, err = parseBench("Nodes searched: 5\n")
	assert.Error(t, err)
	b, err = parseBench("Total time (ms) : 1000\nNodes searched  : 1234\nNodes/second    : 5678\n")
	require.NoError(t, err)
	assert.Equal(t, Bench{Nodes: 1234, NPS: 5678}, b)
	b, err = parseBench("Bench [# 50] ...\nTime  : 15684ms\nNodes : 5132900\nNPS   : 327269\n")
	require.NoError(t, err)
	assert.Equal(t, Bench{Nodes: 5132900, NPS: 327269}, b, "Ethereal's summary")
}

func TestScript(t *testing.T) {
	e := spec.Engine{Options: []driver.Option{{Name: "Hash", Value: "16"}}, Sets: []string{"set history off"}}
	assert.Equal(t, "setoption name Hash value 16\nset history off\nbench 7\nwait\nquit\n", script(e, 7))
	assert.Equal(t, "bench\nwait\nquit\n", script(spec.Engine{}, 0))
}

func TestVerdict(t *testing.T) {
	tests := []struct {
		lo, hi float64
		want   string
	}{
		{1.02, 1.05, "B is faster"},
		{0.90, 0.98, "B is slower"},
		{0.995, 1.008, "the same speed"},
		{0.98, 1.03, "undecided"},
	}
	for _, tc := range tests {
		assert.Contains(t, Verdict(tc.lo, tc.hi, 0.01), tc.want, "Verdict(%v, %v)", tc.lo, tc.hi)
	}
}

func TestNodesNote(t *testing.T) {
	assert.Contains(t, nodesNote([2][]uint64{{5, 5}, {5, 5}}), "same node counts")
	assert.Contains(t, nodesNote([2][]uint64{{5, 5}, {6, 6}}), "search changed")
	assert.Contains(t, nodesNote([2][]uint64{{5, 6}, {6, 6}}), "not deterministic")
}

// Two fake engines whose benches report 1,000,000 and 1,100,000 nps: the
// ratio is 1.1 exactly, B is faster, and a switch shows as a node change.
func TestMeasureFakes(t *testing.T) {
	e := [2]spec.Engine{fake("a", "1000000"), fake("b", "1100000", "set history off")}
	var progress bytes.Buffer
	r, err := measure(e, &options{depth: 3, rounds: 6, timeout: 10 * time.Second}, &progress)
	require.NoError(t, err)
	assert.Equal(t, 6, strings.Count(progress.String(), "round "))
	var out bytes.Buffer
	r.Write(&out, 0.01)
	assert.Contains(t, out.String(), "A: 3000 nodes")
	assert.Contains(t, out.String(), "B: 3001 nodes")
	assert.Contains(t, out.String(), "speed B/A: median 1.1000, 95% interval 1.1000 to 1.1000")
	assert.Contains(t, out.String(), "verdict: B is faster")
	assert.Contains(t, out.String(), "search changed")
}

func TestRunCommand(t *testing.T) {
	fakeCmd := "cmd=" + os.Args[0] + " env=" + fakeuci.EnvVar + "=1"
	out := t.TempDir() + "/speed.txt"
	var stdout, progress bytes.Buffer
	err := run([]string{"-a", fakeCmd + " arg=-nps arg=500", "-b", fakeCmd + " arg=-nps arg=495", "-rounds", "6",
		"-depth", "2", "-out", out}, &stdout, &progress)
	require.NoError(t, err)
	assert.Contains(t, stdout.String(), "speed B/A: median 0.9900")
	assert.Contains(t, stdout.String(), "the same speed (within ±1.0%)")
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, stdout.String(), string(b))
	assert.Error(t, run([]string{"-a", fakeCmd}, &stdout, &progress), "no -b")
}

// The fixed-time comparison drives two fake UCI engines through every bench
// position in each round and reports the move time.
func TestMeasureMoveTimeFakes(t *testing.T) {
	e := [2]spec.Engine{fake("a", "1"), fake("b", "1")}
	var progress bytes.Buffer
	r, err := measureMoveTime(e, &options{rounds: 2, movetime: time.Millisecond, timeout: 10 * time.Second}, &progress)
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(progress.String(), "round "))
	require.Len(t, r.Ratios, 2)
	assert.Equal(t, uint64(len(benchFENs())), r.Nodes[0][0], "one node per position from the fake")
	var out bytes.Buffer
	r.Write(&out, 0.01)
	assert.Contains(t, out.String(), "go movetime 1 on each bench position, 2 rounds")
	assert.Contains(t, out.String(), "fixed time per move")
}

// With -cpu the speed is the bench's nodes over the process's CPU time.
func TestMeasureCPU(t *testing.T) {
	e := [2]spec.Engine{fake("a", "1000000"), fake("b", "1100000")}
	var progress bytes.Buffer
	r, err := measure(e, &options{depth: 3, rounds: 2, cpu: true, timeout: 10 * time.Second}, &progress)
	require.NoError(t, err)
	for i := range e {
		for _, nps := range r.NPS[i] {
			assert.Greater(t, nps, 0.0)
			assert.NotEqual(t, 1000000.0, nps, "not the bench's own figure")
		}
	}
	var out bytes.Buffer
	r.Write(&out, 0.01)
	assert.Contains(t, out.String(), "CPU time")
	assert.Equal(t, 3000.0/2.0, Bench{Nodes: 3000, CPU: 2 * time.Second}.CPUNPS())
}
