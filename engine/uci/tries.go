package uci

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"cb2026/engine/search"
)

// tries obeys "tries [position [depth]]" (default: bench position 7 to
// depth 5): it searches the bench position as the bench does and writes
// what the last iteration asked of each root move after the first, in
// order: the move's null-window test and, when the test failed high inside
// the window, its re-search with the full window; each with the window,
// the score the search returned and whether that failed low, failed high
// or fell inside. It runs like a search: "stop" ends it.
func (s *Server) tries(args []string) error {
	return s.benchStats("tries", args, 7, 5, func(w io.Writer, st search.Stats) { writeTries(w, st.Tries) })
}

// benchStats obeys a command of the form "name [position [depth]]", with
// the default position and depth given: it searches the bench position to
// the depth as the bench does, as a search runs ("stop" ends it), and
// writes what write makes of the search's stats.
func (s *Server) benchStats(name string, args []string, position, depth int, write func(io.Writer, search.Stats)) error {
	n, err := counts(name, args, maxBenchDepth, "the position and the depth", position, depth)
	if err != nil {
		return err
	}
	s.runLong(name, func(ctx context.Context) error {
		st, err := s.engine.Stats(ctx, n[0], []int{n[1]})
		if err != nil {
			return err
		}
		write(s.out, st[0])
		return nil
	})
	return nil
}

// writeTries writes the last iteration's tries as tries describes.
func writeTries(w io.Writer, tries []search.Try) {
	last := 0
	for _, t := range tries {
		last = max(last, t.Depth)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "move\tsearch\talpha\tbeta\tscore\tresult")
	for _, t := range tries {
		if t.Depth != last {
			continue
		}
		kind := "test"
		if t.Beta-t.Alpha > 1 {
			kind = "re-search"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\n", t.Move, kind, t.Alpha, t.Beta, t.Score, windowResult(t.Alpha, t.Beta, t.Score))
	}
	tw.Flush()
}

// windowResult says where a search's score fell against its window (alpha,
// beta): "low" at alpha or below, "high" at beta or above, else "inside".
func windowResult(alpha, beta, score int) string {
	switch {
	case score <= alpha:
		return "low"
	case score >= beta:
		return "high"
	}
	return "inside"
}
