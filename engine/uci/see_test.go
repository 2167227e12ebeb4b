//book:stage 15

package uci

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSeeWritesTheSwapList(t *testing.T) {
	cpw := "position fen 1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1\n"
	assert.Equal(t, `capture  move    takes   gain  result
0        Nd3xe5  pawn    100   -220
1        Nd7xe5  knight  220   220
2        Re2xe5  knight  100   -400
3        Bf6xe5  rook    400   400
4        Qe1xe5  bishop  -70   -970
5        Qh8xe5  queen   970   970
`, run(t, newFakeEngine(), cpw+"see d3e5\n"), "the Chess Programming Wiki's exchange: Nxe5 loses 220")
	assert.Equal(t, "capture  move   takes  gain  result\n0        e4xd5  pawn   100   100\n",
		run(t, newFakeEngine(), "position fen 4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1\nsee e4d5\n"), "a pawn nobody takes back")
	assert.Equal(t, `info string see: want one capture, as in "see d3e5"
info string see: a2a3 captures nothing
info string see: move "e2e5": not a legal move in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
`, run(t, newFakeEngine(), "see\nsee a2a3\nsee e2e5\n"))
}
