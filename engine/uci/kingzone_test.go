//book:stage 19

package uci

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestKingZoneCountsTheAttacksOnEachSquare(t *testing.T) {
	kiwipete := "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\n"
	tests := []struct {
		line string
		rank int    // a rank, 1 to 8
		want string // its row: the zone | the attacks on it
	}{
		{line: "kingzone black", rank: 7, want: "7 0 0 0 1 1 1 0 0 | 0 0 0 1 0 1 0 0"}, // the knight on e5
		{line: "kingzone black", rank: 6, want: "6 0 0 0 1 1 1 0 0 | 0 0 0 0 0 1 0 0"}, // the queen on f3
		{line: "kingzone", rank: 2, want: "2 0 0 0 1 1 1 0 0 | 0 0 0 0 1 0 0 0"},       // White's king: the bishop on a6
		{line: "kingzone white", rank: 4, want: "4 0 0 0 0 0 0 0 0 | 0 0 0 0 0 0 0 0"}, // the zone reaches rank 3 only
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			rows := boardRows(t, run(t, newFakeEngine(), kiwipete+tt.line+"\n"))
			assert.Equal(t, tt.want, strings.Join(rows[9-tt.rank], " "))
		})
	}
	assert.Equal(t, "info string kingzone: want \"kingzone [white|black]\"\n", run(t, newFakeEngine(), "kingzone red\n"))
}
