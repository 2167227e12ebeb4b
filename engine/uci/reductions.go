package uci

import (
	"fmt"

	"cb2026/engine/search"
)

// reductions obeys "reductions [depths [moves]]": it writes the late move
// reductions the search reads from its table, one row per depth from 1 to
// depths (default 12) and one column per move index from 1 to moves
// (default 16), each at most 63, the table's last. The search caps a reduction at depth − 2 and takes one ply
// off at a PV node; the table is what it starts from.
func (s *Server) reductions(args []string) error {
	sizes, err := counts("reductions", args, 63, "depths and moves", 12, 16)
	if err != nil {
		return err
	}
	table := search.LMRTable(sizes[0], sizes[1])
	fmt.Fprintf(s.out, "%-5s", "depth")
	for i := range table[0] {
		fmt.Fprintf(s.out, " %3d", i+1)
	}
	fmt.Fprintln(s.out)
	for d, row := range table {
		fmt.Fprintf(s.out, "%-5d", d+1)
		for _, r := range row {
			fmt.Fprintf(s.out, " %3d", r)
		}
		fmt.Fprintln(s.out)
	}
	return nil
}
