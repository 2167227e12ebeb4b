//book:stage 14

package uci

import (
	"fmt"
	"strconv"

	"cb2026/engine/search"
)

// reductions obeys "reductions [depths [moves]]": it writes the late move
// reductions the search reads from its table, one row per depth from 1 to
// depths (default 12) and one column per move index from 1 to moves
// (default 16). The search caps a reduction at depth − 2 and takes one ply
// off at a PV node; the table is what it starts from.
func (s *Server) reductions(args []string) error {
	sizes := []int{12, 16}
	if len(args) > len(sizes) {
		return fmt.Errorf("reductions: %d arguments: want at most depths and moves", len(args))
	}
	for i, a := range args {
		n, err := strconv.Atoi(a)
		if err != nil || n < 1 {
			return fmt.Errorf("reductions: %q: want a positive number", a)
		}
		sizes[i] = n
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
