package site

import (
	"fmt"
	"html"
	"strings"

	"cb2026/book"
)

// The layout's geometry, in SVG units (CSS scales the drawing to the
// column's width): a byte's width, a row's height, room on the left for
// the rows' byte ranges and on top for the bytes' numbers.
const (
	layoutByte = 56
	layoutRow  = 56
	layoutLeft = 72
	layoutTop  = 18
	layoutGap  = 10 // between two rows
)

// layoutSVG draws a layout as an inline SVG element: the value's bytes in
// rows of book.LayoutWord, each field a box as wide as its bytes (split
// where it runs on to the next row) with its name and size, thin lines
// between its bytes, a field named padding dashed and unfilled; each byte
// numbered above the first row, each row's byte range on its left.
func layoutSVG(p *book.Plot) string {
	l := p.Layout
	rows := (l.Size + book.LayoutWord - 1) / book.LayoutWord
	w := layoutLeft + layoutByte*book.LayoutWord + 4
	h := layoutTop + rows*(layoutRow+layoutGap)
	var b strings.Builder
	caption := html.EscapeString(p.Caption)
	fmt.Fprintf(&b, `<svg class="plot layout" role="img" aria-label="%s" viewBox="0 0 %d %d" fill="currentColor" style="font-family:var(--sans);font-size:12px">`, caption, w, h)
	fmt.Fprintf(&b, "<title>%s</title>", caption)
	for i := range book.LayoutWord {
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" style="font-size:10px">+%d</text>`, layoutLeft+layoutByte*i+layoutByte/2, layoutTop-6, i)
	}
	rowY := func(r int) int { return layoutTop + r*(layoutRow+layoutGap) }
	for r := range rows {
		last := min((r+1)*book.LayoutWord, l.Size) - 1
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end" style="font-size:10px">bytes %d–%d</text>`, layoutLeft-8, rowY(r)+layoutRow/2+4, r*book.LayoutWord, last)
	}
	for i, f := range l.Fields {
		for start := f.Offset; start < f.Offset+f.Bytes; {
			r := start / book.LayoutWord
			end := min(f.Offset+f.Bytes, (r+1)*book.LayoutWord) // this row's part
			x, y, width := layoutLeft+layoutByte*(start%book.LayoutWord), rowY(r), layoutByte*(end-start)
			style := "fill:" + plotColour(i%4) + ";fill-opacity:0.18;stroke:currentColor"
			if f.Name == "padding" {
				style = "fill:none;stroke:currentColor;stroke-dasharray:4 3"
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" style="%s"/>`, x, y, width, layoutRow, style)
			for k := 1; k < end-start; k++ {
				fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" style="stroke:currentColor;stroke-opacity:0.25"/>`, x+layoutByte*k, y+layoutRow-8, x+layoutByte*k, y+layoutRow)
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`, x+width/2, y+layoutRow/2-2, html.EscapeString(f.Name))
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" style="font-size:10px">%d bits</text>`, x+width/2, y+layoutRow/2+12, 8*(end-start))
			start = end
		}
	}
	b.WriteString("</svg>")
	return b.String()
}
