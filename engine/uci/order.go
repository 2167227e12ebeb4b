//book:stage 7

package uci

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"cb2026/engine/board"
	"cb2026/engine/search"
)

// An Orderer shows the move picker at work: what the console's order
// command needs.
type Orderer interface {
	// PickOrder searches bench position number (from 1) to depth as the
	// bench does, plays the move found, and returns it with the moves of
	// the position after it in the order the picker hands them out, each
	// with its stage; it returns promptly, with ctx's error, once ctx is
	// done.
	PickOrder(ctx context.Context, position, depth int) (board.Move, []search.PickedMove, error)
}

// orderFirst is how many of a stage's moves order lists.
const orderFirst = 4

// order obeys "order [position [depth]]" (default: bench position 2 to
// depth 6): it searches the bench position, plays the move found and
// writes the picker's stages at the node after it, in the order they hand
// out moves: each stage's name, how many moves it handed out and the first
// of them. It runs like a search: "stop" ends it.
func (s *Server) order(args []string) error {
	o, ok := s.engine.(Orderer)
	if !ok {
		return fmt.Errorf("order: this engine does not show its move order")
	}
	n, err := counts("order", args, maxBenchDepth, "the position and the depth", 2, 6)
	if err != nil {
		return err
	}
	s.runLong("order", func(ctx context.Context) error {
		_, moves, err := o.PickOrder(ctx, n[0], n[1])
		if err != nil {
			return err
		}
		writeOrder(s.out, moves)
		return nil
	})
	return nil
}

// writeOrder writes the picked moves stage by stage, as order describes.
func writeOrder(w io.Writer, moves []search.PickedMove) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "stage\tmoves\tfirst")
	for i := 0; i < len(moves); {
		j := i
		for j < len(moves) && moves[j].Stage == moves[i].Stage {
			j++
		}
		var first []string
		for _, m := range moves[i:min(j, i+orderFirst)] {
			first = append(first, m.Move.String())
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\n", moves[i].Stage, j-i, strings.Join(first, ","))
		i = j
	}
	tw.Flush()
}
