package site

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"cb2026/book"
)

// The tree's geometry, in SVG units (CSS scales the drawing to the
// column's width): a row per node, each ply indented one step further, the
// scores in a column and how many moves each node searched after them.
const (
	treeWidth  = 460
	treeRow    = 18
	treeTop    = 4
	treeLeft   = 10
	treeIndent = 24
	treeScoreX = 300 // the scores' right edge
)

// treeMarks are the colours of the kinds of node that search moves, as
// plotColour numbers; a leaf is drawn hollow.
var treeMarks = map[string]int{"pv": 0, "cut": 1, "all": 2}

// treeSVG draws a tree as an inline SVG element: a row per node in the
// order the search entered them, each joined to its parent by a line and
// marked by its kind (PV, cut and all nodes in the first three plot
// colours, a leaf hollow), with the move that led to it, its score and,
// for a node that searched moves, how many of its moves it searched.
func treeSVG(p *book.Plot) string {
	nodes := p.Tree.Nodes
	h := treeTop + len(nodes)*treeRow + 4
	var b strings.Builder
	caption := html.EscapeString(p.Caption)
	fmt.Fprintf(&b, `<svg class="plot tree" role="img" aria-label="%s" viewBox="0 0 %d %d" fill="currentColor" style="font-family:var(--sans);font-size:12px;max-width:%dpx;margin:0 auto">`, caption, treeWidth, h, treeWidth*5/4)
	fmt.Fprintf(&b, "<title>%s</title>", caption)
	x := func(ply int) int { return treeLeft + 5 + ply*treeIndent }
	y := func(i int) int { return treeTop + i*treeRow + treeRow/2 }
	var last []int // the row of the last node seen at each ply, under the current parents
	for i, n := range nodes {
		if n.Ply > 0 {
			from := y(last[n.Ply-1]) + 5 // below the parent, or from the sibling before
			if len(last) > n.Ply {
				from = y(last[n.Ply])
			}
			fmt.Fprintf(&b, `<path d="M%d %d V%d H%d" style="fill:none;stroke:currentColor;stroke-opacity:0.4"/>`, x(n.Ply-1), from, y(i), x(n.Ply)-6)
		}
		last = append(last[:n.Ply], i)
		if c, ok := treeMarks[n.Kind]; ok {
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="10" rx="5" style="fill:%s;stroke:none"/>`, x(n.Ply)-5, y(i)-5, plotColour(c))
		} else {
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="6" height="6" rx="3" style="fill:none;stroke:currentColor"/>`, x(n.Ply)-3, y(i)-3)
		}
		move := n.Move
		if n.Ply == 0 {
			move = "root"
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" style="font-family:var(--mono)">%s</text>`, x(n.Ply)+10, y(i)+4, html.EscapeString(move))
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`, treeScoreX, y(i)+4, strconv.FormatFloat(n.Score, 'f', -1, 64))
		if n.Kind != "leaf" {
			note := fmt.Sprintf("%s, %d of %d moves", n.Kind, n.Searched, n.Moves)
			if n.Kind == "cut" && n.Searched < n.Moves {
				note += fmt.Sprintf(", %d cut off", n.Moves-n.Searched)
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" style="font-size:11px">%s</text>`, treeScoreX+12, y(i)+4, note)
		}
	}
	b.WriteString("</svg>")
	return b.String()
}
