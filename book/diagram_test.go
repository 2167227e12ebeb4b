package book

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseDiagram(t *testing.T) {
	d, err := ParseDiagram(map[string]string{"position": "kiwipete", "squares": "e5 f7", "moves": "e5f7 d5e6",
		"xrays": "f3f7", "pins": "e2e8", "caption": " Kiwipete. ", "labels": "index", "flip": "true"}, "")
	require.NoError(t, err)
	assert.Equal(t, namedPositions["kiwipete"], d.FEN)
	assert.Equal(t, "kiwipete", d.Name)
	assert.Equal(t, "Kiwipete.", d.Caption)
	assert.Equal(t, []string{"e5", "f7"}, d.Squares)
	assert.True(t, d.Flipped)
	assert.Equal(t, []Arrow{{ArrowMove, "e5", "f7", ""}, {ArrowMove, "d5", "e6", ""}, {ArrowXray, "f3", "f7", ""}, {ArrowPin, "e2", "e8", ""}}, d.Arrows)
	assert.Equal(t, byte('N'), d.placement[4][4], "a white knight on e5")
}

func TestParseDiagramErrors(t *testing.T) {
	start := namedPositions["startpos"]
	tests := []struct {
		attrs map[string]string
		body  string
		want  string
	}{
		{map[string]string{"caption": "c"}, "", "board: fen or position is missing"},
		{map[string]string{"fen": start, "caption": "c"}, start + "\n", "board: the FEN is given twice, as the body and as fen"},
		{map[string]string{"position": "startpos", "caption": "c"}, start, "board: give fen or position, not both"},
		{map[string]string{"fen": start, "position": "startpos", "caption": "c"}, "", "board: give fen or position, not both"},
		{map[string]string{"position": "nowhere", "caption": "c"}, "", `board: unknown position "nowhere" (known: cpw3, cpw4, cpw5, cpw6, kiwipete, startpos)`},
		{map[string]string{"fen": "8/8/8 w - -", "caption": "c"}, "", `board: fen "8/8/8 w - -": want 8 ranks separated by '/', got 3`},
		{map[string]string{"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "caption": "c"}, "", `board: fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1": side to move "x": want w or b`},
		{map[string]string{"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "caption": "c"}, "", `board: fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1": rank 1 "RNBQKBNX": unknown piece 'X'`},
		{map[string]string{"fen": "rnbqkbnr w", "caption": "c"}, "", `board: fen "rnbqkbnr w": want 4 to 6 fields, got 2`},
		{map[string]string{"position": "startpos"}, "", "board: caption is missing (one line saying what the diagram shows)"},
		{map[string]string{"position": "startpos", "caption": "c", "squares": "e9"}, "", `board: squares: "e9" is not a square (a1 to h8)`},
		{map[string]string{"position": "startpos", "caption": "c", "moves": "e2e"}, "", `board: moves: "e2e" is not a from-to pair like e2e4`},
		{map[string]string{"position": "startpos", "caption": "c", "moves": "e2e2"}, "", `board: moves: "e2e2" is not a from-to pair like e2e4`},
		{map[string]string{"position": "startpos", "caption": "c", "pins": "e4e8"}, "", "board: pins: e4e8: no piece on e4"},
		{map[string]string{"position": "startpos", "caption": "c", "labels": "all"}, "", `board: labels "all": want index or name`},
		{map[string]string{"position": "startpos", "caption": "c", "flip": "yes"}, "", `board: flip "yes": want true or false`},
		{map[string]string{"position": "startpos", "caption": "c", "arrow": "e2e4"}, "", `board: unknown attribute "arrow"`},
	}
	for _, tt := range tests {
		_, err := ParseDiagram(tt.attrs, tt.body)
		assert.EqualError(t, err, tt.want, "ParseDiagram(%v, %q)", tt.attrs, tt.body)
	}
}

func TestParseDiagramBody(t *testing.T) {
	d, err := ParseDiagram(map[string]string{"caption": "c"}, "  8/8/8/8/8/8/8/K6k  w - - 0 1\n")
	require.NoError(t, err)
	assert.Equal(t, "8/8/8/8/8/8/8/K6k w - - 0 1", d.FEN)
}
