package book

import (
	"strings"
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

func TestDiagramJudge(t *testing.T) {
	d, err := ParseDiagram(map[string]string{"position": "startpos", "caption": "c", "moves": "e2e4 e2e5", "illegal": "g1f3 b1b3", "arrows": "e4e5"}, "")
	require.NoError(t, err)
	got := d.judge(legalMoves("e2e4: 1\ng1f3: 1\n\nNodes searched: 2\n"))
	assert.Equal(t, []string{
		"move e2e5 is not legal in " + d.FEN + " (2 legal moves)",
		"move g1f3 is marked illegal but is legal in " + d.FEN,
	}, got)
}

func TestDiagramSVG(t *testing.T) {
	d, err := ParseDiagram(map[string]string{"position": "startpos", "caption": `White <first> & "last"`, "squares": "e4 d4",
		"moves": "e2e4", "illegal": "e2e5", "xrays": "d1d7", "pins": "f8b4", "labels": "index"}, "")
	require.NoError(t, err)
	svg := d.SVG()
	assert.Equal(t, 64, strings.Count(svg, `<rect class="sq-`)-2, "64 squares and 2 marks")
	assert.Equal(t, 2, strings.Count(svg, `class="sq-mark"`))
	assert.Equal(t, 16, strings.Count(svg, `class="piece white"`))
	assert.Equal(t, 16, strings.Count(svg, `class="piece black"`))
	assert.Equal(t, 4, strings.Count(svg, `<g class="arrow `))
	assert.Equal(t, 1, strings.Count(svg, `class="cross"`), "an illegal move is crossed out")
	assert.Contains(t, svg, `>63</text>`, "labels=index numbers h8")
	assert.Contains(t, svg, `aria-label="White &lt;first&gt; &amp; &#34;last&#34;"`)
	assert.NotContains(t, d.HTML(), "<first>")
}

func TestDiagramFlip(t *testing.T) {
	d := &Diagram{}
	x, y := d.corner(0, 0)
	assert.Equal(t, [2]int{coordMargin, 7 * squareSize}, [2]int{x, y}, "a1 at the bottom left")
	d.Flipped = true
	x, y = d.corner(0, 0)
	assert.Equal(t, [2]int{coordMargin + 7*squareSize, 0}, [2]int{x, y}, "a1 at the top right when flipped")
}

func FuzzParseDiagram(f *testing.F) {
	f.Add(namedPositions["kiwipete"], "e5f7 a7a8q", "e5 f7", "h1h8")
	f.Add("8/8/3p4/KPp4r/1R3p1k/8/4P1P1/8 w - c6 0 2", "b5c6", "", "h5a5")
	f.Add("9/8 w", "e2", "i9", "a1a")
	f.Fuzz(func(t *testing.T, fen, moves, squares, pins string) {
		d, err := ParseDiagram(map[string]string{"caption": "c", "moves": moves, "squares": squares, "pins": pins}, fen)
		if err != nil {
			return
		}
		svg := d.SVG()
		if strings.Count(svg, `<rect class="sq-light"`)+strings.Count(svg, `<rect class="sq-dark"`) != 64 {
			t.Fatalf("ParseDiagram(%q) drew a board without 64 squares", fen)
		}
	})
}
