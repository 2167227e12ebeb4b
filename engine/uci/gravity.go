package uci

import (
	"fmt"
	"strconv"

	"cb2026/engine/search"
)

// gravityRates are the shares of cutoffs the gravity command follows, one
// column each.
var gravityRates = []float64{1, 0.75, 0.5, 0.25}

// gravity obeys "gravity [bonus [updates]]": it updates a history score
// from 0 updates times (default 400) with bonuses of bonus (default 81, a
// cutoff at depth 9) and penalties of the same size, as the search updates
// a move that cuts off in a given share of its tries, and writes the score
// every twentieth of the way, a column for each share in gravityRates.
func (s *Server) gravity(args []string) error {
	sizes, err := counts("gravity", args, 100000, "bonus and updates", 81, 400)
	if err != nil {
		return err
	}
	bonus, updates := sizes[0], sizes[1]
	runs := make([][]int, len(gravityRates))
	fmt.Fprintf(s.out, "%-7s", "update")
	for i, r := range gravityRates {
		runs[i] = search.GravityRun(bonus, updates, r)
		fmt.Fprintf(s.out, " %7s", strconv.Itoa(int(r*100))+"%")
	}
	fmt.Fprintln(s.out)
	step := max(1, updates/20)
	for n := 0; n <= updates; n += step {
		fmt.Fprintf(s.out, "%-7d", n)
		for _, run := range runs {
			v := 0
			if n > 0 {
				v = run[n-1]
			}
			fmt.Fprintf(s.out, " %7d", v)
		}
		fmt.Fprintln(s.out)
	}
	return nil
}
