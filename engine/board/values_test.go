package board

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The sum a position keeps is the sum counted afresh, after every move and
// every take-back of a walk three plies deep from the Chess Programming
// Wiki's positions: castling both ways, en passant, promotions and captures
// of promotions.
func TestKeptValuesFollowTheMoves(t *testing.T) {
	var v SquareValues
	rng := rand.New(rand.NewPCG(4, 4))
	for pc := range v {
		for sq := range v[pc] {
			v[pc][sq] = [2]int{rng.IntN(2001) - 1000, rng.IntN(2001) - 1000}
		}
	}
	for _, c := range cpwPositions {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err)
		_, ok := p.ValueSum(&v)
		require.False(t, ok, "%s: a sum kept before KeepValues", c.name)
		p.KeepValues(&v)
		nodes := 0
		var walk func(depth int)
		walk = func(depth int) {
			nodes++
			got, ok := p.ValueSum(&v)
			require.True(t, ok)
			require.Equal(t, p.Clone().KeepValues(&v), got, "%s after %v", c.name, p.history)
			if depth == 0 {
				return
			}
			var moves MoveList
			p.GenerateMoves(&moves)
			for i := range moves.Len() {
				p.MakeMove(moves.At(i))
				walk(depth - 1)
				p.UnmakeMove()
			}
		}
		walk(3)
		require.Equal(t, 1+c.counts[0].nodes+c.counts[1].nodes+c.counts[2].nodes, uint64(nodes), c.name)
	}
}
