//book:stage 7

package uci

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"cb2026/engine/search"
)

// A Prover counts a position's negamax tree and the minimal tree in it:
// what the console's minimal command needs.
type Prover interface {
	// MinimalTree searches bench position number (from 1) to depth by
	// negamax with the live evaluation and returns the size of its tree and
	// of the minimal tree, alpha-beta's best case; it returns promptly, with
	// ctx's error, once ctx is done.
	MinimalTree(ctx context.Context, position, depth int) (search.TreeSizes, error)
}

// maxMinimalDepth bounds minimal's depth: negamax's tree grows by the
// number of moves at every ply, some forty times.
const maxMinimalDepth = 4

// minimal obeys "minimal [POSITIONS [DEPTHS]]", read as stats reads them
// (default: every bench position to depth 4): it writes one line per
// position and depth, and a total per depth, with the nodes of negamax's
// tree and of the minimal tree. It runs like a search: "stop" ends it.
func (s *Server) minimal(args []string) error {
	pr, ok := s.engine.(Prover)
	if !ok {
		return fmt.Errorf("minimal: this engine does not count its trees")
	}
	positions, depths, err := s.statsArgs("minimal", args, maxMinimalDepth, maxMinimalDepth)
	if err != nil {
		return err
	}
	s.runLong("minimal", func(ctx context.Context) error {
		fmt.Fprintf(s.out, "%-8s %5s %12s %12s\n", "position", "depth", "negamax", "minimal")
		for _, d := range depths {
			var total search.TreeSizes
			for _, pos := range positions {
				sizes, err := pr.MinimalTree(ctx, pos, d)
				if err != nil {
					return fmt.Errorf("minimal: %w", err)
				}
				writeTreeSizes(s.out, strconv.Itoa(pos), d, sizes)
				total.Negamax += sizes.Negamax
				total.Minimal += sizes.Minimal
			}
			writeTreeSizes(s.out, "total", d, total)
		}
		return nil
	})
	return nil
}

// writeTreeSizes writes one line of the minimal table.
func writeTreeSizes(w io.Writer, name string, depth int, sizes search.TreeSizes) {
	fmt.Fprintf(w, "%-8s %5d %12d %12d\n", name, depth, sizes.Negamax, sizes.Minimal)
}
