package book

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// PlotLang is the fence language of a plot.
const PlotLang = "plot"

// DiagramLang is the fence language of a board diagram.
const DiagramLang = "board"

// A Plot draws a table of the chapter as a chart: the table just above the
// plot block, whose plotted cells are figures, so that the chart shows the
// numbers make check measures and nothing typed by hand. A chapter writes
// it as a fenced block whose language is plot and whose body is empty (see
// the package documentation).
type Plot struct {
	Caption        string
	Log            bool // the y axis on a log scale
	XLabel, YLabel string
	Series         []PlotSeries
	Heat           *HeatMap // kind="heatmap": the table drawn as a grid of cells, not as lines
	Layout         *Layout  // kind="layout": the table drawn as the bytes of a value in memory
	Flow           *Flow    // kind="flow": the table's rows drawn as steps one after the other
	Windows        *Windows // kind="windows": the table's rows drawn as search windows on a line of scores
	Tree           *Tree    // kind="tree": the table's rows drawn as a search tree's nodes
}

// A HeatMap is a table drawn as a grid: a cell per value, shaded by its
// size and labelled with it. Rows run down (the table's first column names
// them), columns across (the header names them). A column headed HeatGap
// holds HeatGap in every row and parts the grid into grids side by side,
// as the console prints boards beside each other.
type HeatMap struct {
	Rows, Columns []string
	Values        [][]float64 // Values[row][column]; NaN in a gap
}

// HeatGap heads and fills a heat map's column that parts two grids.
const HeatGap = "|"

// A PlotSeries is one line of a plot: a column of the table (or a row, with
// by="rows").
type PlotSeries struct {
	Name   string
	Points []PlotPoint
}

// A PlotPoint is one measured value and where it is drawn.
type PlotPoint struct {
	X, Y float64
	Err  float64 // half the width of the error bar (0: none)
}

// plotAttrs are the attributes a plot block may have.
var plotAttrs = map[string]bool{"caption": true, "scale": true, "by": true, "columns": true, "xlabel": true, "ylabel": true, "kind": true}

// A TableCell is one cell of a Markdown table as a plot reads it.
type TableCell struct {
	text   string // the cell's text; a figure's is its stated value
	figure bool   // the cell is one figure (and nothing else but a unit)
}

// readTable returns a Markdown table's cells, the header row first. It reads
// figures as ParseChapter leaves them (links) and as the site does
// (figureNodes).
func readTable(t *east.Table, src []byte) [][]TableCell {
	var rows [][]TableCell
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		var row []TableCell
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			cell := TableCell{text: strings.TrimSpace(PlainText(c, src))}
			figures, other := 0, false
			for n := c.FirstChild(); n != nil; n = n.NextSibling() {
				switch n := n.(type) {
				case *FigureNode:
					figures++
				case *ast.Link:
					if kind, _, ok := strings.Cut(string(n.Destination), ":"); ok && IsFigureKind(kind) {
						figures++
					} else {
						other = true
					}
				case *ast.Text:
					if unit := strings.TrimSpace(string(n.Segment.Value(src))); unit != "" && unit != "%" {
						other = true
					}
				default:
					other = true
				}
			}
			cell.figure = figures == 1 && !other
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	return rows
}

// tableAbove returns the table just before a plot block, or nil.
func tableAbove(n ast.Node) *east.Table {
	t, _ := n.PreviousSibling().(*east.Table)
	return t
}

// TranscriptAbove returns the transcript just before a plot block, whose
// output the plot draws, or nil.
func TranscriptAbove(n ast.Node, src []byte) *ast.FencedCodeBlock {
	f, ok := n.PreviousSibling().(*ast.FencedCodeBlock)
	if !ok || BlockAttrs(f, src)["run"] == "" {
		return nil
	}
	return f
}

// PlotTable returns what a plot block draws: the Markdown table just before
// it, or the output of the transcript just before it, read as a table
// (columns split at spaces, the first line the header). A transcript's cells
// count as figures: the check runs the transcript again and compares its
// whole output. Nil if the block follows neither.
func PlotTable(n ast.Node, src []byte) [][]TableCell {
	if t := tableAbove(n); t != nil {
		return readTable(t, src)
	}
	f := TranscriptAbove(n, src)
	if f == nil {
		return nil
	}
	var rows [][]TableCell
	for _, line := range strings.Split(strings.TrimSpace(string(f.Lines().Value(src))), "\n") {
		var row []TableCell
		for _, w := range strings.Fields(line) {
			row = append(row, TableCell{text: w, figure: true})
		}
		if row != nil {
			rows = append(rows, row)
		}
	}
	return rows
}

// ParsePlot reads a plot block's attributes and body and the table above it
// (nil if there is none), and returns the plot or what is wrong, with the fix.
func ParsePlot(attrs map[string]string, body string, table [][]TableCell) (*Plot, error) {
	for _, k := range sortedAttrNames(attrs) {
		if !plotAttrs[k] {
			return nil, fmt.Errorf("plot: unknown attribute %q (known: by, caption, columns, kind, scale, xlabel, ylabel)", k)
		}
	}
	p := &Plot{Caption: strings.TrimSpace(attrs["caption"]), XLabel: attrs["xlabel"], YLabel: attrs["ylabel"]}
	switch {
	case strings.TrimSpace(body) != "":
		return nil, fmt.Errorf("plot: the body must be empty: a plot draws the table just above it")
	case p.Caption == "":
		return nil, fmt.Errorf("plot: caption is missing (one line saying what the plot shows)")
	case len(table) < 2 || len(table[0]) < 2:
		return nil, fmt.Errorf("plot: no table just above the block: put the plot block right after the table it draws (a header, at least one row and two columns)")
	}
	switch attrs["scale"] {
	case "", "linear":
	case "log":
		p.Log = true
	default:
		return nil, fmt.Errorf("plot: scale %q: want linear or log", attrs["scale"])
	}
	switch attrs["kind"] {
	case "", "lines":
	case "heatmap":
		return p, p.readHeatMap(table)
	case "layout":
		return p, p.readLayout(table)
	case "flow":
		return p, p.readFlow(table)
	case "windows":
		return p, p.readWindows(table)
	case "tree":
		return p, p.readTree(table)
	default:
		return nil, fmt.Errorf("plot: kind %q: want lines, heatmap, layout, flow, windows or tree", attrs["kind"])
	}
	byRows := false
	switch attrs["by"] {
	case "", "columns":
	case "rows":
		byRows = true
	default:
		return nil, fmt.Errorf("plot: by %q: want columns (each column a line) or rows (each row a line)", attrs["by"])
	}
	cols, err := plotColumns(attrs["columns"], len(table[0]))
	if err != nil {
		return nil, err
	}
	if byRows {
		err = p.readRows(table, cols)
	} else {
		err = p.readColumns(table, cols)
	}
	return p, err
}

// plotColumns reads the columns attribute: the table's columns to plot,
// numbered from 1 (the first column gives x or the line's name). The default
// is every column after the first.
func plotColumns(list string, n int) ([]int, error) {
	var cols []int
	for _, w := range strings.Fields(list) {
		c, err := strconv.Atoi(w)
		if err != nil || c < 2 || c > n {
			return nil, fmt.Errorf("plot: columns: %q is not a column from 2 to %d (column 1 gives x or the line's name)", w, n)
		}
		cols = append(cols, c-1)
	}
	if len(cols) == 0 {
		for c := 1; c < n; c++ {
			cols = append(cols, c)
		}
	}
	return cols, nil
}

// readColumns reads each plotted column as a line; x is the first column.
func (p *Plot) readColumns(table [][]TableCell, cols []int) error {
	if p.XLabel == "" {
		p.XLabel = table[0][0].text
	}
	xs := make([]float64, len(table))
	for r := 1; r < len(table); r++ {
		x, err := plotNumber(table[r][0].text)
		if err != nil {
			return fmt.Errorf("plot: row %d: x %q is not a number (the first column gives x; or use by=\"rows\")", r, table[r][0].text)
		}
		xs[r] = x
	}
	for _, c := range cols {
		s := PlotSeries{Name: table[0][c].text}
		for r := 1; r < len(table); r++ {
			pt, ok, err := p.cellPoint(table[r], c, xs[r])
			if err != nil {
				return fmt.Errorf("plot: row %d (%s), column %d (%s): %v", r, table[r][0].text, c+1, s.Name, err)
			}
			if ok {
				s.Points = append(s.Points, pt)
			}
		}
		p.Series = append(p.Series, s)
	}
	return p.checkSeries()
}

// headerNumber finds the number in a column header ("depth 8" is 8).
var headerNumber = regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?`)

// readRows reads each row as a line; x is the number in each plotted
// column's header.
func (p *Plot) readRows(table [][]TableCell, cols []int) error {
	xs := map[int]float64{}
	for _, c := range cols {
		m := headerNumber.FindString(table[0][c].text)
		if m == "" {
			return fmt.Errorf("plot: column %d's header %q has no number to use as x (by=\"rows\" reads x from the headers)", c+1, table[0][c].text)
		}
		xs[c], _ = strconv.ParseFloat(m, 64)
	}
	for r := 1; r < len(table); r++ {
		s := PlotSeries{Name: table[r][0].text}
		for _, c := range cols {
			pt, ok, err := p.cellPoint(table[r], c, xs[c])
			if err != nil {
				return fmt.Errorf("plot: row %d (%s), column %d (%s): %v", r, s.Name, c+1, table[0][c].text, err)
			}
			if ok {
				s.Points = append(s.Points, pt)
			}
		}
		p.Series = append(p.Series, s)
	}
	return p.checkSeries()
}

// cellPoint reads one plotted cell: empty (no point), or a figure.
func (p *Plot) cellPoint(row []TableCell, c int, x float64) (PlotPoint, bool, error) {
	if c >= len(row) || row[c].text == "" {
		return PlotPoint{}, false, nil
	}
	cell := row[c]
	if !cell.figure {
		return PlotPoint{}, false, fmt.Errorf("%q is not a figure: a plot draws only measured numbers, written as [N](bench:…), [N](perft:…) or [N](<cmd:…>)", cell.text)
	}
	y, err := plotNumber(cell.text)
	if err != nil {
		return PlotPoint{}, false, fmt.Errorf("%q is not a number", cell.text)
	}
	if p.Log && y <= 0 {
		return PlotPoint{}, false, fmt.Errorf("%q cannot be drawn on a log scale (want a value above 0)", cell.text)
	}
	return PlotPoint{X: x, Y: y}, true, nil
}

// readHeatMap reads the whole table as a heat map: the header names the
// columns (its first cell names the rows, the y label unless ylabel says
// otherwise), the first column the rows, and every other cell is a figure.
func (p *Plot) readHeatMap(table [][]TableCell) error {
	if p.YLabel == "" {
		p.YLabel = table[0][0].text
	}
	h := &HeatMap{} // ParsePlot saw a header of two cells and a row at least
	for _, c := range table[0][1:] {
		h.Columns = append(h.Columns, c.text)
	}
	for r, row := range table[1:] {
		if len(row) != len(table[0]) {
			return fmt.Errorf("plot: heatmap: row %d (%s) has %d cells, the header %d", r+1, row[0].text, len(row), len(table[0]))
		}
		h.Rows = append(h.Rows, row[0].text)
		values := make([]float64, len(h.Columns))
		for c := range values {
			if h.Columns[c] == HeatGap {
				if row[c+1].text != HeatGap {
					return fmt.Errorf("plot: heatmap: row %d (%s), column %d: %q under a %q column: a gap parts the grids in every row", r+1, row[0].text, c+2, row[c+1].text, HeatGap)
				}
				values[c] = math.NaN()
				continue
			}
			pt, ok, err := p.cellPoint(row, c+1, 0)
			if !ok && err == nil {
				err = fmt.Errorf("empty: a heat map has a value in every cell")
			}
			if err != nil {
				return fmt.Errorf("plot: heatmap: row %d (%s), column %d (%s): %v", r+1, row[0].text, c+2, h.Columns[c], err)
			}
			values[c] = pt.Y
		}
		h.Values = append(h.Values, values)
	}
	p.Heat = h
	return nil
}

// checkSeries requires a point in every line.
func (p *Plot) checkSeries() error {
	for _, s := range p.Series {
		if len(s.Points) == 0 {
			return fmt.Errorf("plot: line %q has no values", s.Name)
		}
	}
	return nil
}

// plotNumber reads a cell's number: digit-group commas, a trailing % and a
// Unicode minus allowed.
func plotNumber(s string) (float64, error) {
	s = strings.TrimSuffix(strings.TrimSpace(s), "%")
	s = strings.ReplaceAll(NormalizeNumber(s), "\u2212", "-")
	v, err := strconv.ParseFloat(s, 64)
	if err == nil && (math.IsInf(v, 0) || math.IsNaN(v)) {
		return 0, fmt.Errorf("not a finite number")
	}
	return v, err
}
