//book:stage 19

package uci

import (
	"fmt"
	"strconv"

	"cb2026/engine/eval"
)

// kingdanger obeys "kingdanger [units]": it writes what the evaluation
// charges a king for an attack of 0 to units danger units (default 60),
// every fifth, in the middlegame and the endgame.
func (s *Server) kingdanger(args []string) error {
	top := 60
	if len(args) > 1 {
		return fmt.Errorf("kingdanger: %d arguments: want at most the units", len(args))
	}
	if len(args) == 1 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 0 || n > 1000 {
			return fmt.Errorf("kingdanger: %q: want a number from 0 to 1000", args[0])
		}
		top = n
	}
	fmt.Fprintf(s.out, "%-6s %10s %8s\n", "units", "middlegame", "endgame")
	for u := 0; u <= top; u += 5 {
		c := eval.KingDangerCost(u)
		fmt.Fprintf(s.out, "%-6d %10d %8d\n", u, c[0], c[1])
	}
	return nil
}
