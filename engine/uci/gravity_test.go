//book:stage 11

package uci

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGravityTable(t *testing.T) {
	tests := []struct {
		line        string
		rows        int
		first, last string // the first and the last row
	}{
		{line: "gravity", rows: 21,
			first: "0             0       0       0       0",
			last:  "400       14215    7201       0   -7099"},
		// At the largest bonus a score jumps from bound to bound and never
		// passes one.
		{line: "gravity 16384 3", rows: 4,
			first: "0             0       0       0       0",
			last:  "3         16384   16384  -16384  -16384"},
		{line: "gravity 10 5", rows: 6, first: "0             0       0       0       0", last: "5            50      10     -10     -30"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			out := run(t, newFakeEngine(), tt.line+"\n")
			lines := strings.Split(strings.TrimSpace(out), "\n")
			require.Len(t, lines, tt.rows+1, "a header and the rows:\n%s", out)
			assert.Equal(t, []string{"update", "100%", "75%", "50%", "25%"}, strings.Fields(lines[0]))
			assert.Equal(t, tt.first, lines[1])
			assert.Equal(t, tt.last, lines[tt.rows])
		})
	}
}
