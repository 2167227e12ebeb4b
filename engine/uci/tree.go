//book:stage 6

package uci

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"cb2026/engine/board"
	"cb2026/engine/search"
)

// A Tracer draws a search's tree: what the console's tree command needs.
type Tracer interface {
	// Tree searches p to depth once with the live switches and returns
	// every node the search entered, in order, with its score and kind;
	// it returns promptly, with ctx's error, once ctx is done.
	Tree(ctx context.Context, p *board.Position, depth int) ([]search.TreeNode, error)
}

// maxTreeDepth bounds tree's depth: a tree is for reading, node by node.
const maxTreeDepth = 4

// tree obeys "tree [depth]" (default 2): it searches the current position
// to depth once and writes every node the search entered, in the order it
// entered them: its ply, the move that led to it, its kind (pv, cut, all
// or leaf), its score for its side to move, and how many of its legal
// moves it searched. It runs like a search: "stop" ends it.
func (s *Server) tree(args []string) error {
	tr, ok := s.engine.(Tracer)
	if !ok {
		return fmt.Errorf("tree: this engine does not draw its tree")
	}
	n, err := counts("tree", args, maxTreeDepth, "the depth", 2)
	if err != nil {
		return err
	}
	p := s.pos.Clone() // the search runs on while the reader may set another position
	s.runLong("tree", func(ctx context.Context) error {
		nodes, err := tr.Tree(ctx, p, n[0])
		if err != nil {
			return err
		}
		writeTree(s.out, nodes)
		return nil
	})
	return nil
}

// writeTree writes the nodes as tree describes.
func writeTree(w io.Writer, nodes []search.TreeNode) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ply\tmove\tkind\tscore\tsearched\tmoves")
	for _, n := range nodes {
		move, searched, moves := "-", "-", "-"
		if n.Move != board.NoMove {
			move = n.Move.String()
		}
		if n.Kind != "leaf" {
			searched, moves = strconv.Itoa(n.Searched), strconv.Itoa(n.Moves)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s\t%s\n", n.Ply, move, n.Kind, n.Score, searched, moves)
	}
	tw.Flush()
}
