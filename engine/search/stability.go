//book:stage main

package search

import "time"

// stabilityPercent returns the soft limit, in percent of the one the budget
// planned, after a best move has stayed the same for stable iterations in a
// row. A best move that has just changed is the search's own doubt: the
// next iteration may change it again, so the move gets half as much time
// again. One that has held through four iterations will most likely hold
// through the fifth, so its time is saved for the moves that need it.
func stabilityPercent(stable int) int {
	switch stable {
	case 0:
		return 150
	case 1:
		return 125
	case 2:
		return 105
	case 3:
		return 90
	}
	return 75
}

// stretch sets the soft limit after an iteration: kept says whether its
// best move is the previous iteration's. Only a budgeted clock stretches;
// a fixed move time (planned zero) stays as it is. The hard limit still
// bounds the move.
func (c *clock) stretch(kept bool) {
	if kept {
		c.stable++
	} else {
		c.stable = 0
	}
	if c.planned == 0 {
		return
	}
	c.soft = min(c.planned*time.Duration(stabilityPercent(c.stable))/100, c.hard)
}
