//book:stage 7

package uci

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"cb2026/engine/search"
)

// minimalEngine is the fake engine whose trees have these sizes: negamax
// ten times the position's number to the depth, the minimal tree the
// position's number times the depth.
type minimalEngine struct {
	*fakeEngine
}

func (e *minimalEngine) MinimalTree(ctx context.Context, position, depth int) (search.TreeSizes, error) {
	negamax := uint64(1)
	for range depth {
		negamax *= uint64(10 * position)
	}
	return search.TreeSizes{Negamax: negamax, Minimal: uint64(position * depth)}, nil
}

func TestMinimalWritesEachPositionAndTheTotal(t *testing.T) {
	out := run(t, &minimalEngine{newFakeEngine()}, "minimal 1,2 1-2\nwait\n")
	assert.Equal(t, `position depth      negamax      minimal
1            1           10            1
2            1           20            2
total        1           30            3
1            2          100            2
2            2          400            4
total        2          500            6
`, out)
}

func TestMinimalAnswersBadInput(t *testing.T) {
	tests := []struct {
		line string
		want string
	}{
		{line: "minimal 1 5\n", want: "info string minimal: depth 5: want at most 4\n"},
		{line: "minimal 0\n", want: "info string minimal: positions: \"0\": want a positive number\n"},
		{line: "minimal 1 2 3\n", want: "info string minimal: 3 arguments: want at most positions and depths\n"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, run(t, &minimalEngine{newFakeEngine()}, tt.line), tt.line)
	}
	assert.Equal(t, "info string minimal: this engine does not count its trees\n", run(t, newFakeEngine(), "minimal\n"))
}
