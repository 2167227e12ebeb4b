package book

import (
	"fmt"
	"math"
	"strings"
)

// A Layout is a table drawn as the bytes of a value in memory: a box per
// field, as wide as its bytes, eight bytes (a 64-bit word) to a row. The
// table names the fields in its first column and has a column headed
// offset and one headed bytes; a plot block of kind layout draws it.
type Layout struct {
	Fields []LayoutField
	Size   int // the bytes of the whole value: the end of its last field
}

// A LayoutField is one field of a Layout, Offset and Bytes in bytes.
type LayoutField struct {
	Name          string
	Offset, Bytes int
}

// LayoutWord is the number of bytes a Layout draws on a row.
const LayoutWord = 8

// layoutMax is the most bytes a Layout draws: a drawing is of a value,
// not of memory at large.
const layoutMax = 1024

// readLayout reads the table as a layout: the fields in order, each
// starting where the one before it ends.
func (p *Plot) readLayout(table [][]TableCell) error {
	col := map[string]int{}
	for c, cell := range table[0] {
		col[strings.ToLower(cell.text)] = c
	}
	off, okOff := col["offset"]
	size, okSize := col["bytes"]
	if !okOff || !okSize || off == 0 || size == 0 {
		return fmt.Errorf("plot: layout: the header needs a column named offset and one named bytes, after the fields' names")
	}
	l := &Layout{}
	for r, row := range table[1:] {
		f := LayoutField{Name: row[0].text}
		for _, c := range []struct {
			col int
			to  *int
		}{{off, &f.Offset}, {size, &f.Bytes}} {
			pt, ok, err := p.cellPoint(row, c.col, 0)
			if err == nil && (!ok || pt.Y != math.Trunc(pt.Y) || pt.Y < 0 || pt.Y > layoutMax) {
				err = fmt.Errorf("want a whole number of bytes, at most %d", layoutMax)
			}
			if err != nil {
				return fmt.Errorf("plot: layout: row %d (%s), column %d (%s): %v", r+1, f.Name, c.col+1, table[0][c.col].text, err)
			}
			*c.to = int(pt.Y)
		}
		if f.Offset+f.Bytes > layoutMax {
			return fmt.Errorf("plot: layout: row %d (%s) ends past byte %d: a layout draws a value of at most %d bytes", r+1, f.Name, layoutMax, layoutMax)
		}
		if f.Offset != l.Size || f.Bytes == 0 {
			return fmt.Errorf("plot: layout: row %d (%s) covers bytes %d to %d: the fields must follow each other from byte 0, each at least a byte long (name any gap as padding)", r+1, f.Name, f.Offset, f.Offset+f.Bytes-1)
		}
		l.Fields = append(l.Fields, f)
		l.Size += f.Bytes
	}
	p.Layout = l
	return nil
}
