//book:stage 4

package uci

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPieceSquareTable(t *testing.T) {
	tests := []struct {
		line string
		rank int    // a rank, 1 to 8
		want string // its row
	}{
		{line: "pst n", rank: 8, want: "8     -50  -40  -30  -30  -30  -30  -40  -50"},
		{line: "pst knight mg", rank: 5, want: "5     -30    5   15   20   20   15    5  -30"},
		{line: "pst p", rank: 2, want: "2       5   10   10  -20  -20   10   10    5"},
		{line: "pst k", rank: 1, want: "1      20   30   10    0    0   10   30   20"},
		{line: "pst king eg", rank: 5, want: "5     -30  -10   30   40   40   30  -10  -30"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			out := run(t, newFakeEngine(), tt.line+"\n")
			lines := strings.Split(strings.TrimSpace(out), "\n")
			require.Len(t, lines, 9, "a header and eight ranks:\n%s", out)
			assert.Equal(t, []string{"rank", "a", "b", "c", "d", "e", "f", "g", "h"}, strings.Fields(lines[0]))
			assert.Equal(t, tt.want, lines[9-tt.rank], "rank 8 is the first row")
		})
	}
}
