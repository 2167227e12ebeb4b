//book:stage 17

package uci

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/stages"
)

func TestWindowsListsEachAspirationSearch(t *testing.T) {
	if stages.Current < 17 {
		t.Skip("a build of an earlier stage has no aspiration windows to list, and its search to depth 10 can take hours")
	}
	out := run(t, newSearchEngine(), "windows 3 10\nwait\n")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Greater(t, len(lines), 1, out)
	assert.Equal(t, []string{"search", "depth", "alpha", "beta", "score", "result"}, strings.Fields(lines[0]))
	depth := 0
	for i, line := range lines[1:] {
		f := strings.Fields(line)
		require.Len(t, f, 6, line)
		n := numbers(t, f[:5], line)
		assert.Equal(t, i+1, n[0], "numbered in order")
		assert.GreaterOrEqual(t, n[1], max(depth, 5), "by depth, from the first depth with a window")
		depth = n[1]
		alpha, beta, score := n[2], n[3], n[4]
		want := map[bool]string{true: "inside"}[alpha < score && score < beta]
		if score <= alpha {
			want = "low"
		} else if score >= beta {
			want = "high"
		}
		assert.Equal(t, want, f[5], line)
	}
	assert.Equal(t, 10, depth, "up to the depth asked for")
	assert.Equal(t, "info string windows: \"0\": want a number from 1 to 64\n", run(t, newFakeEngine(), "windows 0\n"))
}
