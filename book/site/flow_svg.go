package site

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"cb2026/book"
)

// The flow's geometry, in SVG units (CSS scales the drawing to the
// column's width, no wider than it is drawn): a box per step, one under
// the other, an arrow between two.
const (
	flowWidth = 360
	flowBox   = 58
	flowArrow = 22
	flowPad   = 10 // inside a box
)

// flowSVG draws a flow as an inline SVG element: a box per step from the
// top down, joined by arrows, each with the step's name and count on its
// first line and its note on the second, and under them a bar as long
// against the box as the count against the largest.
func flowSVG(p *book.Plot) string {
	f := p.Flow
	top := 0.0
	for _, s := range f.Steps {
		top = max(top, s.Count)
	}
	h := len(f.Steps)*(flowBox+flowArrow) - flowArrow + 2
	var b strings.Builder
	caption := html.EscapeString(p.Caption)
	fmt.Fprintf(&b, `<svg class="plot flow" role="img" aria-label="%s" viewBox="0 0 %d %d" fill="currentColor" style="font-family:var(--sans);font-size:13px;max-width:%dpx;margin:0 auto">`, caption, flowWidth, h, flowWidth*5/4)
	fmt.Fprintf(&b, "<title>%s</title>", caption)
	for i, s := range f.Steps {
		y := 1 + i*(flowBox+flowArrow)
		if i > 0 {
			x, y0 := flowWidth/2, y-flowArrow
			fmt.Fprintf(&b, `<path d="M%d %d V%d M%d %d L%d %d L%d %d" style="fill:none;stroke:currentColor"/>`, x, y0, y-1, x-5, y-7, x, y-1, x+5, y-7)
		}
		fmt.Fprintf(&b, `<rect x="1" y="%d" width="%d" height="%d" rx="6" style="fill:none;stroke:currentColor"/>`, y, flowWidth-2, flowBox)
		bar := 0.0
		if top > 0 {
			bar = float64(flowWidth-2-2*flowPad) * s.Count / top
		}
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="6" style="fill:%s;fill-opacity:0.6"/>`, 1+flowPad, y+flowBox-flowPad-6, bar, plotColour(0))
		fmt.Fprintf(&b, `<text x="%d" y="%d" style="font-weight:600">%s</text>`, 1+flowPad, y+flowPad+10, html.EscapeString(s.Name))
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s %s</text>`, flowWidth-1-flowPad, y+flowPad+10, strconv.FormatFloat(s.Count, 'f', -1, 64), html.EscapeString(f.Unit))
		if s.Note != "" {
			fmt.Fprintf(&b, `<text x="%d" y="%d" style="font-size:11px;font-family:var(--mono)">%s</text>`, 1+flowPad, y+flowPad+25, html.EscapeString(s.Note))
		}
	}
	b.WriteString("</svg>")
	return b.String()
}
