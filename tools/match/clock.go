package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"cb2026/internal/results"
)

// clockMoves are the move numbers at which a clock match reports how much
// time each engine had left: early middlegame, the end of a classical time
// control's first session, and a long endgame.
var clockMoves = [...]int{20, 40, 60}

// clkComment formats a clock for a PGN move comment, in the [%clk] form
// that chess GUIs read: hours, minutes and seconds to the millisecond.
func clkComment(left time.Duration) string {
	if left < 0 {
		left = 0
	}
	ms := left.Milliseconds()
	return fmt.Sprintf("[%%clk %d:%02d:%02d.%03d]", ms/3600000, ms/60000%60, ms/1000%60, ms%1000)
}

// clockTally gathers, per engine, the time left when it was asked for its
// move at each of clockMoves.
type clockTally struct {
	sum   [2][len(clockMoves)]int64
	min   [2][len(clockMoves)]int64
	games [2][len(clockMoves)]int
}

// add counts one game's clocks; engine e of the match played White when
// p.White == e.
func (c *clockTally) add(p Played) {
	for _, a := range p.Asked {
		for k, move := range clockMoves {
			if a.Move != move {
				continue
			}
			e := p.White
			if a.Side != 0 {
				e = 1 - p.White
			}
			ms := a.Left.Milliseconds()
			if c.games[e][k] == 0 || ms < c.min[e][k] {
				c.min[e][k] = ms
			}
			c.sum[e][k] += ms
			c.games[e][k]++
		}
	}
}

// marks returns engine e's clock marks, for the moves some game reached.
func (c *clockTally) marks(e int) []results.ClockMark {
	var out []results.ClockMark
	for k, move := range clockMoves {
		if n := c.games[e][k]; n > 0 {
			out = append(out, results.ClockMark{Move: move, Games: n, Mean: float64(c.sum[e][k]) / float64(n), Min: c.min[e][k]})
		}
	}
	return out
}

// writeClocks prints each engine's clock marks, one line an engine.
func writeClocks(w io.Writer, names []string, clocks [][]results.ClockMark) {
	for e, marks := range clocks {
		parts := make([]string, len(marks))
		for i, m := range marks {
			parts[i] = fmt.Sprintf("move %d: %.0f ms (min %d, %d games)", m.Move, m.Mean, m.Min, m.Games)
		}
		fmt.Fprintf(w, "clock left when asked to move, %s: %s\n", names[e], strings.Join(parts, "; "))
	}
}
