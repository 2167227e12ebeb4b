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

// kiwipete sets up the position the board commands' tests look at.
const kiwipete = "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\n"

// A boardRow is a console command that writes boards and one row of its
// output: a rank, its number first, the boards' values after it.
type boardRow struct {
	line string
	rank int    // 1 to 8
	want string // the row's words joined by single spaces
}

// assertBoardRows runs each command after setup and compares its row.
func assertBoardRows(t *testing.T, setup string, rows []boardRow) {
	t.Helper()
	for _, r := range rows {
		t.Run(r.line, func(t *testing.T) {
			out := boardRows(t, run(t, newFakeEngine(), setup+r.line+"\n"))
			assert.Equal(t, r.want, strings.Join(out[9-r.rank], " "), "rank 8 is the first row")
		})
	}
}

func TestShiftMovesTheSideToMovesPieces(t *testing.T) {
	assertBoardRows(t, "", []boardRow{
		{line: "shift east", rank: 1, want: "1 1 1 1 1 1 1 1 1 | 0 1 1 1 1 1 1 1"},
		{line: "shift west", rank: 2, want: "2 1 1 1 1 1 1 1 1 | 1 1 1 1 1 1 1 0"},
		{line: "shift north", rank: 3, want: "3 0 0 0 0 0 0 0 0 | 1 1 1 1 1 1 1 1"},
		{line: "shift south", rank: 1, want: "1 1 1 1 1 1 1 1 1 | 1 1 1 1 1 1 1 1"},
	})
	rows := boardRows(t, run(t, newFakeEngine(), "shift east\n"))
	assert.Equal(t, strings.Fields("rank a b c d e f g h | a b c d e f g h"), rows[0], "a set, a gap, the set moved")
	out := run(t, newFakeEngine(), "shift up\nshift\n")
	assert.Equal(t, strings.Repeat("info string shift: want \"shift north|south|east|west\"\n", 2), out)
}
