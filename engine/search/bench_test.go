package search

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/bench"
	"cb2026/engine/board"
	"cb2026/stages"
)

func TestBenchPositionsParse(t *testing.T) {
	for i, bp := range bench.Positions() {
		p := mustFEN(t, bp.FEN)
		assert.NotEmpty(t, legalMoves(p), "bench position %d has moves", i+1)
		assert.NotEmpty(t, bp.Note)
	}
}

// benchNodes runs the bench at depth and returns its node count.
func benchNodes(t *testing.T, tq Techniques, depth int) uint64 {
	t.Helper()
	n, err := Bench(context.Background(), io.Discard, tq, depth)
	require.NoError(t, err)
	return n
}

func TestBenchOutput(t *testing.T) {
	var out bytes.Buffer
	n, err := Bench(context.Background(), &out, DefaultTechniques(6), 2)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.Len(t, lines, len(benchPositions)+1)
	assert.Regexp(t, `^\d+ nodes \d+ nps$`, lines[len(lines)-1])
	assert.True(t, strings.HasPrefix(lines[len(lines)-1], strconv.FormatUint(n, 10)+" nodes"))
}

// Without an evaluation the bench counts perft.
func TestBenchIsPerftWithoutSearch(t *testing.T) {
	var want uint64
	for _, bp := range benchPositions {
		want += board.Perft(mustFEN(t, bp.FEN), 2)
	}
	assert.Equal(t, want, benchNodes(t, DefaultTechniques(3), 2))
}

func TestBenchWantsADepth(t *testing.T) {
	_, err := Bench(context.Background(), io.Discard, DefaultTechniques(6), 0)
	assert.Error(t, err, "Bench(depth 0)")
}

func TestMeasure(t *testing.T) {
	st, err := Measure(context.Background(), DefaultTechniques(10), 2, 3)
	require.NoError(t, err)
	var out bytes.Buffer
	n, err := Bench(context.Background(), &out, DefaultTechniques(10), 3)
	require.NoError(t, err)
	assert.Regexp(t, fmt.Sprintf(`(?m)^position  2: +%d nodes`, st.Nodes), out.String(), "Measure(position 2, depth 3) against the bench")
	assert.Less(t, st.Nodes, n)
	for _, bad := range []int{0, len(benchPositions) + 1} {
		_, err := Measure(context.Background(), DefaultTechniques(10), bad, 3)
		assert.Error(t, err, "Measure(position %d)", bad)
	}
}

// BenchmarkBench runs the bench of the build's stage at its bench depth:
// go test -tags stageN -run NONE -bench Bench -benchtime 1x -cpuprofile cpu.prof
// profiles a stage's search.
func BenchmarkBench(b *testing.B) {
	for b.Loop() {
		if _, err := Bench(context.Background(), io.Discard, current(), benchDepth()); err != nil {
			b.Fatal(err)
		}
	}
}

// TestMeasureDepthsIsMeasure holds MeasureDepths to Measure at the build's
// stage (each stage's view tests its own): each depth's statistics from one
// call for several depths, in any order, are those of a search to that
// depth alone.
func TestMeasureDepthsIsMeasure(t *testing.T) {
	ctx := context.Background()
	tech := DefaultTechniques(stages.Current)
	depths := []int{6, 2, 5} // out of order, and deep enough for the rules that start at depth 5 or 6
	if !tech.IterativeDeepening {
		depths = []int{3, 1} // a search for each depth, as Measure's
	}
	for _, position := range []int{1, 7, 13} { // the opening, a middlegame, an endgame
		all, err := MeasureDepths(ctx, tech, position, depths)
		require.NoError(t, err)
		require.Len(t, all, len(depths))
		for i, depth := range depths {
			want, err := Measure(ctx, tech, position, depth)
			require.NoError(t, err)
			assert.Equal(t, want, all[i], "position %d, depth %d", position, depth)
		}
	}
	_, err := MeasureDepths(ctx, tech, len(benchPositions)+1, depths)
	assert.Error(t, err, "MeasureDepths(position %d)", len(benchPositions)+1)
	for _, bad := range []int{0, maxDepth + 1} {
		_, err := MeasureDepths(ctx, tech, 1, []int{2, bad})
		assert.Error(t, err, "MeasureDepths(depth %d)", bad)
	}
}
