package site

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"cb2026/book"
)

// The heat map's geometry, in SVG units (CSS scales the drawing to the
// column's width): a square cell per value, room for the row names on the
// left, the column names on top and the axis labels.
const (
	heatCell   = 28
	heatLeft   = 52 // the row names and the y label
	heatTop    = 40 // the x label and the column names
	heatBottom = 8
)

// heatMapSVG draws a heat map as an inline SVG element: a grid of cells,
// each labelled with its value and shaded by its size, a positive value in
// the first plot colour and a negative one in the second, as opaque as the
// value is far from 0 (0 is drawn faint, the farthest at most half opaque
// so that its number stays readable); the columns' names on top, the rows'
// on the left, each axis with its label. A gap column is left blank. A
// map of nothing but 0s and 1s is a set of squares (a bitboard): its cells
// are shaded without numbers, a set square fully, an empty one faint.
func heatMapSVG(p *book.Plot) string {
	h := p.Heat
	top, set := 0.0, true
	for _, row := range h.Values {
		for _, v := range row {
			if !math.IsNaN(v) {
				top = math.Max(top, math.Abs(v))
				set = set && (v == 0 || v == 1)
			}
		}
	}
	w := heatLeft + heatCell*len(h.Columns) + heatBottom
	ht := heatTop + heatCell*len(h.Rows) + heatBottom
	var b strings.Builder
	caption := html.EscapeString(p.Caption)
	fmt.Fprintf(&b, `<svg class="plot heatmap" role="img" aria-label="%s" viewBox="0 0 %d %d" fill="currentColor" style="font-family:var(--sans);font-size:11px">`, caption, w, ht)
	fmt.Fprintf(&b, "<title>%s</title>", caption)
	fmt.Fprintf(&b, `<text x="%d" y="12" text-anchor="middle">%s</text>`, heatLeft+heatCell*len(h.Columns)/2, html.EscapeString(p.XLabel))
	fmt.Fprintf(&b, `<text x="12" y="%d" text-anchor="middle" transform="rotate(-90 12 %d)">%s</text>`, heatTop+heatCell*len(h.Rows)/2, heatTop+heatCell*len(h.Rows)/2, html.EscapeString(p.YLabel))
	for c, name := range h.Columns {
		if name == book.HeatGap {
			continue
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`, heatLeft+heatCell*c+heatCell/2, heatTop-6, html.EscapeString(name))
	}
	for r, name := range h.Rows {
		y := heatTop + heatCell*r
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`, heatLeft-6, y+heatCell/2+4, html.EscapeString(name))
		for c, v := range h.Values[r] {
			if math.IsNaN(v) {
				continue // a gap between two grids
			}
			x := heatLeft + heatCell*c
			opacity, fill := 0.06, plotColour(0)
			if top > 0 {
				opacity += 0.44 * math.Abs(v) / top
			}
			switch {
			case v < 0:
				fill = plotColour(1)
			case set && v == 1:
				opacity = 0.85
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" style="fill:%s;fill-opacity:%.2f;stroke:var(--bg,#fff)"/>`, x, y, heatCell, heatCell, fill, opacity)
			if !set {
				fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`, x+heatCell/2, y+heatCell/2+4, strconv.FormatFloat(v, 'f', -1, 64))
			}
		}
	}
	b.WriteString("</svg>")
	return b.String()
}
