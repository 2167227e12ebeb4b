package check

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/book"
)

func TestDiagramJudge(t *testing.T) {
	d, err := book.ParseDiagram(map[string]string{"position": "startpos", "caption": "c", "moves": "e2e4 e2e5", "illegal": "g1f3 b1b3", "arrows": "e4e5"}, "")
	require.NoError(t, err)
	got := d.Judge(legalMoves("e2e4: 1\ng1f3: 1\n\nNodes searched: 2\n"))
	assert.Equal(t, []string{
		"move e2e5 is not legal in " + d.FEN + " (2 legal moves)",
		"move g1f3 is marked illegal but is legal in " + d.FEN,
	}, got)
}
