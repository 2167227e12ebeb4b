package site

import (
	"fmt"
	"html"
	"math"
	"strings"

	"cb2026/book"

	"github.com/yuin/goldmark/ast"
)

// The diagram's geometry, in SVG user units.
const (
	squareSize  = 40                         // one square
	coordMargin = 14                         // room for the file letters and rank digits
	boardSize   = 8 * squareSize             // the board without its coordinates
	viewSize    = boardSize + coordMargin    // the whole drawing, square
	pieceSize   = 34                         // font size of a piece glyph
	labelSize   = 9                          // font size of a square's number or name
	arrowWidth  = 7.0                        // stroke of a move arrow
	headLength  = 16.0                       // an arrowhead's length
	headWidth   = 18.0                       // an arrowhead's width
	arrowInset  = 0.30 * float64(squareSize) // an arrow stops this short of the square's centre
)

// The board's default colours; style.css may override them (dark mode).
const (
	lightSquare = "#f0d9b5"
	darkSquare  = "#b58863"
)

// arrowColours are each arrow kind's default colour; style.css may override them.
var arrowColours = map[book.ArrowKind]string{book.ArrowMove: "#15803d", book.ArrowIllegal: "#c62828", book.ArrowXray: "#1d4ed8", book.ArrowPin: "#c2410c", book.ArrowPlain: "#6b21a8"}

// arrowDashes tell the kinds apart without colour: an x-ray is dashed, a
// pin ray dotted.
var arrowDashes = map[book.ArrowKind]string{book.ArrowXray: ` stroke-dasharray="12 8"`, book.ArrowPin: ` stroke-dasharray="1 11"`}

// pieceGlyphs are the Unicode chess symbols: the filled form of each kind,
// and the outlined form drawn over it for White.
var pieceGlyphs = map[byte][2]string{
	'k': {"\u265a", "\u2654"}, 'q': {"\u265b", "\u2655"}, 'r': {"\u265c", "\u2656"},
	'b': {"\u265d", "\u2657"}, 'n': {"\u265e", "\u2658"}, 'p': {"\u265f\ufe0e", "\u2659\ufe0e"},
}

// A board draws a diagram.
type board struct{ *book.Diagram }

// arrowKinds lists the kinds in drawing order.
var arrowKinds = []book.ArrowKind{book.ArrowPin, book.ArrowXray, book.ArrowPlain, book.ArrowIllegal, book.ArrowMove}

// SVG draws the diagram as an inline SVG element: squares, coordinates,
// highlighted squares, pieces as Unicode glyphs, then the arrows.
func (d board) SVG() string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="board" viewBox="0 0 %d %d" role="img" aria-label="%s">`, viewSize, viewSize, html.EscapeString(d.Caption))
	fmt.Fprintf(&b, `<title>%s</title>`, html.EscapeString(d.FEN))
	d.drawSquares(&b)
	d.drawCoordinates(&b)
	d.drawPieces(&b)
	for _, k := range arrowKinds {
		for _, a := range d.Arrows {
			if a.Kind == k {
				d.drawArrow(&b, a)
			}
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// corner returns the top-left corner of a square on the drawing.
func (d board) corner(file, rank int) (x, y int) {
	col, row := file, 7-rank
	if d.Flipped {
		col, row = 7-file, rank
	}
	return coordMargin + col*squareSize, row * squareSize
}

// centre returns the middle of a named square on the drawing.
func (d board) centre(sq string) (x, y float64) {
	f, r, _ := book.SquareCoords(sq)
	cx, cy := d.corner(f, r)
	return float64(cx) + squareSize/2, float64(cy) + squareSize/2
}

// drawSquares draws the 64 squares, the highlighted ones and the labels.
func (d board) drawSquares(b *strings.Builder) {
	marked := map[string]bool{}
	for _, sq := range d.Squares {
		marked[sq] = true
	}
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			x, y := d.corner(f, r)
			class, fill := "sq-dark", darkSquare
			if (f+r)%2 == 1 {
				class, fill = "sq-light", lightSquare
			}
			name := string(rune('a'+f)) + string(rune('1'+r))
			fmt.Fprintf(b, `<rect class="%s" x="%d" y="%d" width="%d" height="%d" fill="%s"/>`, class, x, y, squareSize, squareSize, fill)
			if marked[name] {
				fmt.Fprintf(b, `<rect class="sq-mark" data-square="%s" x="%d" y="%d" width="%d" height="%d" fill="#f7d44c" fill-opacity="0.7"/>`, name, x, y, squareSize, squareSize)
			}
			if label := d.label(f, r, name); label != "" {
				fmt.Fprintf(b, `<text class="sq-label" x="%d" y="%d" font-size="%d" fill="#3a2a1a">%s</text>`, x+2, y+labelSize, labelSize, label)
			}
		}
	}
}

// label returns what labels asks to write on a square.
func (d board) label(file, rank int, name string) string {
	switch d.Labels {
	case "index":
		return fmt.Sprint(rank*8 + file)
	case "name":
		return name
	}
	return ""
}

// drawCoordinates writes the files under the board and the ranks beside it,
// in the text's colour so they read on a light or dark page.
func (d board) drawCoordinates(b *strings.Builder) {
	for i := 0; i < 8; i++ {
		x, _ := d.corner(i, 0)
		_, y := d.corner(0, i)
		fmt.Fprintf(b, `<text class="coord" x="%d" y="%d" font-size="11" text-anchor="middle" fill="currentColor">%c</text>`, x+squareSize/2, boardSize+coordMargin-3, 'a'+i)
		fmt.Fprintf(b, `<text class="coord" x="%d" y="%d" font-size="11" text-anchor="middle" fill="currentColor">%c</text>`, coordMargin/2, y+squareSize/2+4, '1'+i)
	}
}

// drawPieces draws each piece as its glyph: Black's filled in black, White's
// filled in white with the outlined glyph over it.
func (d board) drawPieces(b *strings.Builder) {
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			pc := d.Piece(f, r)
			if pc == 0 {
				continue
			}
			x, y := d.corner(f, r)
			g := pieceGlyphs[pc|0x20]
			at := fmt.Sprintf(`x="%d" y="%d" font-size="%d" text-anchor="middle" dominant-baseline="central"`, x+squareSize/2, y+squareSize/2+2, pieceSize)
			if pc >= 'a' {
				fmt.Fprintf(b, `<text class="piece black" data-piece="%c" %s fill="#000">%s</text>`, pc, at, g[0])
				continue
			}
			fmt.Fprintf(b, `<g class="piece white" data-piece="%c"><text %s fill="#fff">%s</text><text %s fill="#000">%s</text></g>`, pc, at, g[0], at, g[1])
		}
	}
}

// drawArrow draws one arrow from square to square: a shaft and a head, or for
// an illegal move a cross at its middle as well.
func (d board) drawArrow(b *strings.Builder, a book.Arrow) {
	x1, y1 := d.centre(a.From)
	x2, y2 := d.centre(a.To)
	dx, dy := x2-x1, y2-y1
	n := math.Hypot(dx, dy)
	ux, uy := dx/n, dy/n
	tipX, tipY := x2-ux*arrowInset, y2-uy*arrowInset
	baseX, baseY := tipX-ux*headLength, tipY-uy*headLength
	col := arrowColours[a.Kind]
	fmt.Fprintf(b, `<g class="arrow arrow-%s" data-arrow="%s" stroke="%s" fill="%s" opacity="0.7">`, a.Kind, a.UCI(), col, col)
	fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke-width="%.1f" stroke-linecap="round"%s/>`, x1, y1, baseX, baseY, arrowWidth, arrowDashes[a.Kind])
	px, py := -uy*headWidth/2, ux*headWidth/2
	fmt.Fprintf(b, `<polygon points="%.1f,%.1f %.1f,%.1f %.1f,%.1f"/>`, tipX, tipY, baseX+px, baseY+py, baseX-px, baseY-py)
	if a.Kind == book.ArrowIllegal {
		mx, my := (x1+baseX)/2, (y1+baseY)/2
		const c = 7.0
		fmt.Fprintf(b, `<path class="cross" d="M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f"/>`, mx-c, my-c, mx+c, my+c, mx-c, my+c, mx+c, my-c)
	}
	b.WriteString(`</g>`)
}

// HTML returns the diagram as the site shows it: the drawing and its caption,
// with the FEN to copy.
func (d board) HTML() string {
	return fmt.Sprintf(`<figure class="diagram">%s<figcaption>%s <code class="fen">%s</code></figcaption></figure>`+"\n",
		d.SVG(), html.EscapeString(d.Caption), html.EscapeString(d.FEN))
}

// diagrams draws board blocks as SVG on the site.
var diagrams = drawnBlocks{lang: book.DiagramLang, kind: ast.NewNodeKind("Diagram"), draw: diagramBlockHTML}

// diagramBlockHTML draws a board block, or says what is wrong with it (the
// check reports it too).
func diagramBlockHTML(f *ast.FencedCodeBlock, src []byte) string {
	d, err := book.ParseDiagram(book.BlockAttrs(f, src), string(f.Lines().Value(src)))
	if err != nil {
		return `<p class="diagram-error">` + html.EscapeString(fmt.Sprint(err)) + `</p>`
	}
	return board{d}.HTML()
}
