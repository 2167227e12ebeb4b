package site

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"cb2026/book"
)

// The windows' geometry, in SVG units (CSS scales the drawing to the
// column's width): room for the rows' names on the left, a row per search
// and the score axis under them.
const (
	winWidth  = 560
	winLeft   = 76
	winRight  = 14
	winTop    = 6
	winRow    = 22
	winBottom = 34 // the axis: its ticks, their labels and its name
)

// windowsSVG draws windows as an inline SVG element: a row per search from
// the top down, its window a bar from alpha to beta and its score a mark:
// a dot inside the window, a triangle pointing the way it failed outside
// it (the second plot colour). The score axis spans the scores with a
// margin; a window reaching past it is cut at the edge and left open.
func windowsSVG(p *book.Plot) string {
	ws := p.Windows.Searches
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range ws {
		lo, hi = math.Min(lo, s.Score), math.Max(hi, s.Score)
	}
	for _, s := range ws { // a window's edges count while they stay near the scores
		margin := math.Max(50, hi-lo)
		for _, v := range []float64{s.Alpha, s.Beta} {
			if v >= lo-margin && v <= hi+margin {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	step := tickStep(hi - lo)
	lo, hi = math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	if hi == lo {
		hi = lo + step
	}
	x := func(v float64) float64 {
		v = math.Min(math.Max(v, lo), hi)
		return winLeft + (v-lo)/(hi-lo)*(winWidth-winLeft-winRight)
	}
	h := winTop + len(ws)*winRow + winBottom
	var b strings.Builder
	caption := html.EscapeString(p.Caption)
	fmt.Fprintf(&b, `<svg class="plot windows" role="img" aria-label="%s" viewBox="0 0 %d %d" fill="currentColor" style="font-family:var(--sans);font-size:11px">`, caption, winWidth, h)
	fmt.Fprintf(&b, "<title>%s</title>", caption)
	axis := winTop + len(ws)*winRow
	for v := lo; v <= hi+step/2; v += step {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" style="stroke:currentColor;stroke-opacity:0.15"/>`, x(v), winTop, x(v), axis)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`, x(v), axis+14, strconv.FormatFloat(v, 'f', -1, 64))
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" style="stroke:currentColor"/>`, winLeft, axis, winWidth-winRight, axis)
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`, (winLeft+winWidth-winRight)/2, axis+30, html.EscapeString(windowsXLabel(p)))
	for i, s := range ws {
		y := float64(winTop + i*winRow + winRow/2)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`, winLeft-8, y+4, html.EscapeString(s.Name))
		x0, x1 := x(s.Alpha), x(s.Beta)
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="8" style="fill:%s;fill-opacity:0.3;stroke:%s"/>`, x0, y-4, x1-x0, plotColour(0), plotColour(0))
		for _, open := range []struct {
			cut bool
			x   float64
			dir float64
		}{{s.Alpha < lo, x0, -1}, {s.Beta > hi, x1, 1}} {
			if open.cut { // the window goes on past the axis
				fmt.Fprintf(&b, `<path d="M%.1f %.1f l%.1f 5 l%.1f 5" style="fill:none;stroke:%s"/>`, open.x, y-5, 6*open.dir, -6*open.dir, plotColour(0))
			}
		}
		sx := x(s.Score)
		switch {
		case s.Score <= s.Alpha:
			fmt.Fprintf(&b, `<path d="M%.1f %.1f l7 -5 v10 z" style="fill:%s"/>`, sx-3.5, y, plotColour(1))
		case s.Score >= s.Beta:
			fmt.Fprintf(&b, `<path d="M%.1f %.1f l-7 -5 v10 z" style="fill:%s"/>`, sx+3.5, y, plotColour(1))
		default:
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" style="fill:%s"/>`, sx, y, plotColour(2))
		}
	}
	b.WriteString("</svg>")
	return b.String()
}

// windowsXLabel is the score axis's name: the plot's xlabel, or "score".
func windowsXLabel(p *book.Plot) string {
	if p.XLabel != "" {
		return p.XLabel
	}
	return "score"
}

// tickStep returns a round step (1, 2, 2.5 or 5 times a power of ten) for
// about five ticks over a span.
func tickStep(span float64) float64 {
	if !(span > 0) {
		return 1
	}
	raw := span / 5
	pow := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5} {
		if raw <= m*pow {
			return m * pow
		}
	}
	return 10 * pow
}
