//book:stage 19

package uci

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestKingZoneCountsTheAttacksOnEachSquare(t *testing.T) {
	assertBoardRows(t, kiwipete, []boardRow{ // the zone | the attacks on it
		{line: "kingzone black", rank: 7, want: "7 0 0 0 1 1 1 0 0 | 0 0 0 1 0 1 0 0"}, // the knight on e5
		{line: "kingzone black", rank: 6, want: "6 0 0 0 1 1 1 0 0 | 0 0 0 0 0 1 0 0"}, // the queen on f3
		{line: "kingzone", rank: 2, want: "2 0 0 0 1 1 1 0 0 | 0 0 0 0 1 0 0 0"},       // White's king: the bishop on a6
		{line: "kingzone white", rank: 4, want: "4 0 0 0 0 0 0 0 0 | 0 0 0 0 0 0 0 0"}, // the zone reaches rank 3 only
	})
	assert.Equal(t, "info string kingzone: want \"kingzone [white|black]\"\n", run(t, newFakeEngine(), "kingzone red\n"))
}
