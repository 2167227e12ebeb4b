//book:stage 12

package uci

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/stages"
)

func TestTriesListsEachTestAndReSearch(t *testing.T) {
	if stages.Current < 12 {
		t.Skip("a build of an earlier stage has no null-window tests to list")
	}
	// Two searches between them re-search a root move at every stage from
	// this one to main.
	researches := 0
	for _, input := range []string{"tries 7 4\nwait\n", "tries 2 5\nwait\n"} {
		researches += checkTries(t, run(t, newSearchEngine(), input))
	}
	assert.Positive(t, researches, "no test failed high and was searched again")
	assert.Equal(t, "info string tries: \"0\": want a number from 1 to 64\n", run(t, newFakeEngine(), "tries 0\n"))
}

// checkTries checks one output of tries, row by row, and returns its
// re-searches.
func checkTries(t *testing.T, out string) int {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Greater(t, len(lines), 1, out)
	assert.Equal(t, []string{"move", "search", "alpha", "beta", "score", "result"}, strings.Fields(lines[0]))
	researches := 0
	var failedHigh string // the move whose test just failed high, if any
	for _, line := range lines[1:] {
		f := strings.Fields(line)
		require.Len(t, f, 6, line)
		n := numbers(t, f[2:5], line)
		alpha, beta, score := n[0], n[1], n[2]
		assert.Equal(t, windowResult(alpha, beta, score), f[5], line)
		switch f[1] {
		case "test":
			assert.Empty(t, failedHigh, "a test that failed high is searched again before the next move: %s", line)
			assert.Equal(t, alpha+1, beta, "a test's window is null: %s", line)
			if score > alpha {
				failedHigh = f[0]
			}
		case "re-search":
			assert.Equal(t, failedHigh, f[0], "a re-search follows its move's test: %s", line)
			assert.Greater(t, beta-alpha, 1, "a re-search has the full window: %s", line)
			failedHigh = ""
			researches++
		default:
			t.Errorf("search %q: want test or re-search: %s", f[1], line)
		}
	}
	assert.Empty(t, failedHigh, "the last test that failed high was searched again")
	return researches
}

func TestWindowResult(t *testing.T) {
	for _, tc := range []struct {
		alpha, beta, score int
		want               string
	}{
		{-35, -34, -85, "low"},
		{-35, -34, -35, "low"},
		{-160, -159, -155, "high"},
		{-160, -159, -159, "high"},
		{-160, 32000, -40, "inside"},
	} {
		assert.Equal(t, tc.want, windowResult(tc.alpha, tc.beta, tc.score), "%+v", tc)
	}
}

// numbers reads the fields of a table's row as integers, failing the test
// with the row's line on one that is not.
func numbers(t *testing.T, fields []string, line string) []int {
	t.Helper()
	n := make([]int, len(fields))
	for i, f := range fields {
		var err error
		n[i], err = strconv.Atoi(f)
		require.NoError(t, err, line)
	}
	return n
}
