package uci

import (
	"fmt"
	"text/tabwriter"

	"cb2026/engine/search"
)

// ttentry writes the fields of a transposition table entry in memory
// order: each one's name, its offset and size in bytes as the compiler laid
// them out, and its Go type; padding is named as a field of its own.
func (s *Server) ttentry() {
	tw := tabwriter.NewWriter(s.out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "field\toffset\tbytes\ttype")
	for _, f := range search.TTEntryLayout() {
		typ := f.Type
		if typ == "" {
			typ = "-"
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\n", f.Name, f.Offset, f.Bytes, typ)
	}
	tw.Flush()
}
