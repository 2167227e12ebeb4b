package book

import (
	"fmt"
	"strings"
)

// A Flow is a table drawn as steps taken one after the other: a box per
// row, in order, joined by arrows, each with its name (the first column),
// a count (the second, drawn also as a bar against the largest) and a
// note (the other columns' text). A plot block of kind flow draws it.
type Flow struct {
	Unit  string // the second column's header: what is counted
	Steps []FlowStep
}

// A FlowStep is one box of a Flow.
type FlowStep struct {
	Name  string
	Count float64
	Note  string
}

// readFlow reads the table as a flow: a step per row.
func (p *Plot) readFlow(table [][]TableCell) error {
	f := &Flow{Unit: table[0][1].text}
	for r, row := range table[1:] {
		pt, ok, err := p.cellPoint(row, 1, 0)
		if err == nil && !ok {
			err = fmt.Errorf("empty: each step has a count")
		}
		if err == nil && pt.Y < 0 {
			err = fmt.Errorf("a count cannot be negative")
		}
		if err != nil {
			return fmt.Errorf("plot: flow: row %d (%s), column 2 (%s): %v", r+1, row[0].text, f.Unit, err)
		}
		var note []string
		for _, c := range row[2:] {
			note = append(note, c.text)
		}
		f.Steps = append(f.Steps, FlowStep{Name: row[0].text, Count: pt.Y, Note: strings.Join(note, " ")})
	}
	p.Flow = f
	return nil
}
