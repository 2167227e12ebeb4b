package uci

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// boardRows returns a console command's board output as rows of words, the
// header first, requiring a header and eight ranks.
func boardRows(t *testing.T, out string) [][]string {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 9, "a header and eight ranks:\n%s", out)
	rows := make([][]string, len(lines))
	for i, l := range lines {
		rows[i] = strings.Fields(l)
	}
	return rows
}

func TestShiftMovesTheSideToMovesPieces(t *testing.T) {
	tests := []struct {
		line       string
		rank       int    // a rank, 1 to 8
		want       string // its row: the set, a gap, the set moved
		wantAbsent string // a row the moved set must not have
	}{
		{line: "shift east", rank: 1, want: "1 1 1 1 1 1 1 1 1 | 0 1 1 1 1 1 1 1"},
		{line: "shift west", rank: 2, want: "2 1 1 1 1 1 1 1 1 | 1 1 1 1 1 1 1 0"},
		{line: "shift north", rank: 3, want: "3 0 0 0 0 0 0 0 0 | 1 1 1 1 1 1 1 1"},
		{line: "shift south", rank: 1, want: "1 1 1 1 1 1 1 1 1 | 1 1 1 1 1 1 1 1"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			rows := boardRows(t, run(t, newFakeEngine(), tt.line+"\n"))
			assert.Equal(t, strings.Fields("rank a b c d e f g h | a b c d e f g h"), rows[0])
			assert.Equal(t, tt.want, strings.Join(rows[9-tt.rank], " "), "rank 8 is the first row")
		})
	}
	out := run(t, newFakeEngine(), "shift up\nshift\n")
	assert.Equal(t, strings.Repeat("info string shift: want \"shift north|south|east|west\"\n", 2), out)
}
