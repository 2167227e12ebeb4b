package bench

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
)

func TestPositionsComeBackAsWritten(t *testing.T) {
	for i, bp := range Positions() {
		p, err := board.ParseFEN(bp.FEN)
		require.NoError(t, err, "bench position %d", i+1)
		assert.Equal(t, bp.FEN, p.FEN(), "bench position %d", i+1)
		assert.NotEmpty(t, bp.Note, "bench position %d", i+1)
	}
}

// lineRE is one position's line: its number, its count and its FEN last.
var lineRE = regexp.MustCompile(`^position +(\d+): +(\d+) \S+ .*  (\S+ [wb] \S+ \S+ \d+ \d+)$`)

// checkReport checks a bench's report: a line per position with its count,
// then "N nodes M nps" with N the sum, and returns the counts.
func checkReport(t *testing.T, out string, total uint64) []uint64 {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, len(positions)+1)
	var counts []uint64
	var sum uint64
	for i, l := range lines[:len(positions)] {
		m := lineRE.FindStringSubmatch(l)
		require.NotNil(t, m, "line %q", l)
		assert.Equal(t, strconv.Itoa(i+1), m[1])
		assert.Equal(t, positions[i].FEN, m[3])
		n, err := strconv.ParseUint(m[2], 10, 64)
		require.NoError(t, err)
		counts = append(counts, n)
		sum += n
	}
	assert.Equal(t, total, sum, "the total is the sum of the lines")
	assert.Regexp(t, `^`+strconv.FormatUint(total, 10)+` nodes \d+ nps$`, lines[len(lines)-1])
	return counts
}

// runBench runs a bench, checks its report, and returns its report, its
// counts and the bench positions, read.
func runBench(t *testing.T, bench func(io.Writer) (uint64, error)) (string, []uint64, []*board.Position) {
	t.Helper()
	var out bytes.Buffer
	total, err := bench(&out)
	require.NoError(t, err)
	counts := checkReport(t, out.String(), total)
	var ps []*board.Position
	for _, bp := range positions {
		p, err := board.ParseFEN(bp.FEN)
		require.NoError(t, err)
		ps = append(ps, p)
	}
	return out.String(), counts, ps
}

func TestBoardCountsThePiecesAndGivesTheKeys(t *testing.T) {
	out, counts, ps := runBench(t, Board)
	for i, p := range ps {
		assert.Equal(t, uint64(p.Occupied().Count()), counts[i], "bench position %d", i+1)
		assert.Contains(t, strings.Split(out, "\n")[i], fmt.Sprintf("key %016X", p.Key()), "bench position %d", i+1)
	}
}

func TestBenchesAreTheSameOnEveryRun(t *testing.T) {
	first, err := Board(io.Discard)
	require.NoError(t, err)
	again, err := Board(io.Discard)
	require.NoError(t, err)
	assert.Equal(t, first, again)
}
