//book:stage 14

package uci

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReductionsTable(t *testing.T) {
	tests := []struct {
		line        string
		rows, cols  int
		first, last string // the first and the last row
	}{
		{line: "reductions", rows: 12, cols: 16,
			first: "1       0   0   0   0   0   0   0   0   0   0   0   0   0   0   0   0",
			last:  "12      0   1   1   2   2   2   2   3   3   3   3   3   3   3   3   3"},
		{line: "reductions 3 4", rows: 3, cols: 4, first: "1       0   0   0   0", last: "3       0   1   1   1"},
		{line: "reductions 63 1", rows: 63, cols: 1, first: "1       0", last: "63      0"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			out := run(t, newFakeEngine(), tt.line+"\n")
			lines := strings.Split(strings.TrimSpace(out), "\n")
			require.Len(t, lines, tt.rows+1, "a header and a row per depth:\n%s", out)
			assert.Len(t, strings.Fields(lines[0]), tt.cols+1, "depth and a column per move index: %q", lines[0])
			assert.Equal(t, tt.first, lines[1])
			assert.Equal(t, tt.last, lines[tt.rows])
		})
	}
}
