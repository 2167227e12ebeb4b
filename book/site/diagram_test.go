package site

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/book"
)

func TestDiagramSVG(t *testing.T) {
	d, err := book.ParseDiagram(map[string]string{"position": "startpos", "caption": `White <first> & "last"`, "squares": "e4 d4",
		"moves": "e2e4", "illegal": "e2e5", "xrays": "d1d7", "pins": "f8b4", "labels": "index"}, "")
	require.NoError(t, err)
	svg := board{d}.SVG()
	assert.Equal(t, 64, strings.Count(svg, `<rect class="sq-`)-2, "64 squares and 2 marks")
	assert.Equal(t, 2, strings.Count(svg, `class="sq-mark"`))
	assert.Equal(t, 16, strings.Count(svg, `class="piece white"`))
	assert.Equal(t, 16, strings.Count(svg, `class="piece black"`))
	assert.Equal(t, 4, strings.Count(svg, `<g class="arrow `))
	assert.Equal(t, 1, strings.Count(svg, `class="cross"`), "an illegal move is crossed out")
	assert.Contains(t, svg, `>63</text>`, "labels=index numbers h8")
	assert.Contains(t, svg, `aria-label="White &lt;first&gt; &amp; &#34;last&#34;"`)
	assert.NotContains(t, board{d}.HTML(), "<first>")
}

func TestDiagramFlip(t *testing.T) {
	d := board{&book.Diagram{}}
	x, y := d.corner(0, 0)
	assert.Equal(t, [2]int{coordMargin, 7 * squareSize}, [2]int{x, y}, "a1 at the bottom left")
	d.Flipped = true
	x, y = d.corner(0, 0)
	assert.Equal(t, [2]int{coordMargin + 7*squareSize, 0}, [2]int{x, y}, "a1 at the top right when flipped")
}

func FuzzParseDiagram(f *testing.F) {
	f.Add("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e5f7 a7a8q", "e5 f7", "h1h8")
	f.Add("8/8/3p4/KPp4r/1R3p1k/8/4P1P1/8 w - c6 0 2", "b5c6", "", "h5a5")
	f.Add("9/8 w", "e2", "i9", "a1a")
	f.Fuzz(func(t *testing.T, fen, moves, squares, pins string) {
		d, err := book.ParseDiagram(map[string]string{"caption": "c", "moves": moves, "squares": squares, "pins": pins}, fen)
		if err != nil {
			return
		}
		svg := board{d}.SVG()
		if strings.Count(svg, `<rect class="sq-light"`)+strings.Count(svg, `<rect class="sq-dark"`) != 64 {
			t.Fatalf("book.ParseDiagram(%q) drew a board without 64 squares", fen)
		}
	})
}
