package book

import (
	"fmt"
	"strings"
)

// A Tree is a table drawn as a search tree, node by node in the order the
// search entered them: a row per node, with columns headed ply, move, kind
// (pv, cut, all or leaf), score, searched and moves. A plot block of kind
// tree draws it as an outline, each node under its parent, marked by its
// kind, with the moves a cut node left unsearched.
type Tree struct {
	Nodes []TreeNode
}

// A TreeNode is one row of a Tree.
type TreeNode struct {
	Ply             int
	Move, Kind      string
	Score           float64
	Searched, Moves int // 0 for a leaf
}

// treeKinds are the kinds a tree's node may have.
var treeKinds = map[string]bool{"pv": true, "cut": true, "all": true, "leaf": true}

// readTree reads the table as a tree.
func (p *Plot) readTree(table [][]TableCell) error {
	col := map[string]int{}
	for c, cell := range table[0] {
		col[strings.ToLower(cell.text)] = c
	}
	for _, h := range []string{"ply", "move", "kind", "score", "searched", "moves"} {
		if _, ok := col[h]; !ok {
			return fmt.Errorf("plot: tree: the header needs columns named ply, move, kind, score, searched and moves")
		}
	}
	t := &Tree{}
	for r, row := range table[1:] {
		cell := func(h string) string {
			if c := col[h]; c < len(row) {
				return row[c].text
			}
			return ""
		}
		n := TreeNode{Move: cell("move"), Kind: cell("kind")}
		if !treeKinds[n.Kind] {
			return fmt.Errorf("plot: tree: row %d: kind %q: want pv, cut, all or leaf", r+1, n.Kind)
		}
		for _, f := range []struct {
			head string
			to   func(float64)
		}{
			{"ply", func(v float64) { n.Ply = int(v) }},
			{"score", func(v float64) { n.Score = v }},
			{"searched", func(v float64) { n.Searched = int(v) }},
			{"moves", func(v float64) { n.Moves = int(v) }},
		} {
			if n.Kind == "leaf" && (f.head == "searched" || f.head == "moves") {
				continue // a leaf searches nothing: "-"
			}
			pt, ok, err := p.cellPoint(row, col[f.head], 0)
			if err == nil && !ok {
				err = fmt.Errorf("empty")
			}
			if err != nil {
				return fmt.Errorf("plot: tree: row %d, column %d (%s): %v", r+1, col[f.head]+1, f.head, err)
			}
			f.to(pt.Y)
		}
		want := 0 // the root's ply, then at most one deeper than the row before
		if r > 0 {
			want = t.Nodes[r-1].Ply + 1
		}
		if n.Ply < 0 || n.Ply > want || (r == 0) != (n.Ply == 0) {
			return fmt.Errorf("plot: tree: row %d: ply %d: a tree starts at its root, ply 0, and each node is at most one ply below the row before it", r+1, n.Ply)
		}
		t.Nodes = append(t.Nodes, n)
	}
	p.Tree = t
	return nil
}
