//book:stage 17

package uci

import (
	"fmt"
	"io"
	"text/tabwriter"

	"cb2026/engine/search"
)

// windows obeys "windows [position [depth]]" (default: bench position 3 to
// depth 10): it searches the bench position as the bench does and writes
// each search of the root with an aspiration window, in order: the
// iteration's depth, the window, the score the search returned and whether
// that failed low, failed high or fell inside. It runs like a search:
// "stop" ends it.
func (s *Server) windows(args []string) error {
	return s.benchStats("windows", args, 3, 10, func(w io.Writer, st search.Stats) { writeWindows(w, st.Windows) })
}

// writeWindows writes the aspiration searches as windows describes.
func writeWindows(w io.Writer, windows []search.Window) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "search\tdepth\talpha\tbeta\tscore\tresult")
	for i, win := range windows {
		fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t%s\n", i+1, win.Depth, win.Alpha, win.Beta, win.Score, windowResult(win.Alpha, win.Beta, win.Score))
	}
	tw.Flush()
}
