package uci

import (
	"fmt"

	"cb2026/engine/eval"
)

// kingdanger obeys "kingdanger [units]": it writes what the evaluation
// charges a king for an attack of 0 to units danger units (default 60),
// every fifth, in the middlegame and the endgame.
func (s *Server) kingdanger(args []string) error {
	top, err := counts("kingdanger", args, 1000, "the units", 60)
	if err != nil {
		return err
	}
	fmt.Fprintf(s.out, "%-6s %10s %8s\n", "units", "middlegame", "endgame")
	for u := 0; u <= top[0]; u += 5 {
		c := eval.KingDangerCost(u)
		fmt.Fprintf(s.out, "%-6d %10d %8d\n", u, c[0], c[1])
	}
	return nil
}
