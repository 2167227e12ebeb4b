//book:stage 2

package bench

import (
	"io"

	"cb2026/engine/board"
)

// Attacks is the bench of stage 2, which has attack sets and no moves: for
// each bench position it counts, over all 64 squares, the pieces of either
// color that attack the square, and names the pieces giving check. It ends
// with "N nodes M nps", N being the attacks counted.
func Attacks(w io.Writer) (uint64, error) {
	return run(w, "attacks", func(p *board.Position) (uint64, string, error) {
		var n uint64
		for sq := board.A1; sq <= board.H8; sq++ {
			n += uint64(p.AttackersTo(sq, p.Occupied()).Count())
		}
		checkers := "-"
		if b := p.Checkers(); b != 0 {
			checkers = ""
			for b != 0 {
				checkers += b.PopLSB().String()
			}
		}
		return n, "checkers " + checkers, nil
	})
}
