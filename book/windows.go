package book

import (
	"fmt"
	"strings"
)

// Windows are a table drawn as the windows of searches on a line of
// scores: a row per search, in order, its window a bar from alpha to beta
// and its score a dot, inside or beyond the bar. The table has columns
// headed alpha, beta and score, and names each row by a column headed
// depth if it has one (chapter 17's windows), else by the columns before
// alpha (chapter 12's tries: the move and which search of it). A plot
// block of kind windows draws it.
type Windows struct {
	Searches []WindowSearch
}

// A WindowSearch is one row of Windows.
type WindowSearch struct {
	Name               string
	Alpha, Beta, Score float64
}

// readWindows reads the table as windows.
func (p *Plot) readWindows(table [][]TableCell) error {
	col := map[string]int{}
	for c, cell := range table[0] {
		col[strings.ToLower(cell.text)] = c
	}
	depth, hasDepth := col["depth"]
	var need []int
	for _, h := range []string{"alpha", "beta", "score"} {
		c, ok := col[h]
		if !ok {
			return fmt.Errorf("plot: windows: the header needs columns named alpha, beta and score")
		}
		need = append(need, c)
	}
	w := &Windows{}
	for r, row := range table[1:] {
		var v [3]float64
		for i, c := range need {
			pt, ok, err := p.cellPoint(row, c, 0)
			if err == nil && !ok {
				err = fmt.Errorf("empty: each search has a window and a score")
			}
			if err != nil {
				return fmt.Errorf("plot: windows: row %d, column %d (%s): %v", r+1, c+1, table[0][c].text, err)
			}
			v[i] = pt.Y
		}
		if v[0] >= v[1] {
			return fmt.Errorf("plot: windows: row %d: alpha %v is not below beta %v", r+1, v[0], v[1])
		}
		var label string
		if hasDepth {
			label = "depth " + row[depth].text
		} else {
			var names []string
			for _, cell := range row[:need[0]] {
				names = append(names, cell.text)
			}
			label = strings.Join(names, " ")
		}
		w.Searches = append(w.Searches, WindowSearch{Name: label, Alpha: v[0], Beta: v[1], Score: v[2]})
	}
	p.Windows = w
	return nil
}
