//book:stage 2

package uci

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLookupShowsMaskBlockersAndAttacks(t *testing.T) {
	assertBoardRows(t, kiwipete, []boardRow{ // the rook's mask | the blockers | its attacks
		{line: "lookup d4 rook", rank: 4, want: "4 0 1 1 0 1 1 1 0 | 0 1 0 0 1 0 0 0 | 0 1 1 0 1 0 0 0"},
		{line: "lookup d4 rook", rank: 7, want: "7 0 0 0 1 0 0 0 0 | 0 0 0 1 0 0 0 0 | 0 0 0 0 0 0 0 0"},
		{line: "lookup d4 rook", rank: 1, want: "1 0 0 0 0 0 0 0 0 | 0 0 0 0 0 0 0 0 | 0 0 0 0 0 0 0 0"},
		{line: "lookup b2 bishop", rank: 3, want: "3 0 0 1 0 0 0 0 0 | 0 0 1 0 0 0 0 0 | 1 0 1 0 0 0 0 0"},
	})
	rows := boardRows(t, run(t, newFakeEngine(), kiwipete+"lookup d4 rook\n"))
	assert.Len(t, rows[0], 1+3*9-1, "rank, three boards and two gaps")
	out := run(t, newFakeEngine(), "lookup d4\nlookup z9 rook\nlookup d4 queen\n")
	assert.Equal(t, `info string lookup: want "lookup <square> rook|bishop", as in "lookup d4 rook"
info string lookup: square "z9": want a file a-h and a rank 1-8
info string lookup: "queen": want rook or bishop
`, out)
}
