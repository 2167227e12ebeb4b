//book:stage 20

package eval

import (
	"testing"

	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
)

// The sum a position keeps belongs to one weight set's table: an
// evaluation with the other set recounts it, and every evaluation along a
// line of moves, alternating the sets, equals that of the same position
// read afresh from its FEN.
func TestKeptSumFollowsTheWeightSet(t *testing.T) {
	sets := []Terms{{}, {Tuned: true}, AllTerms(), {PawnStructure: true, Tuned: true}}
	for _, fen := range testFENs {
		p, err := board.ParseFEN(fen)
		require.NoError(t, err)
		for ply := range 12 {
			for _, terms := range sets {
				fresh, err := board.ParseFEN(p.FEN())
				require.NoError(t, err)
				require.Equal(t, EvaluateTerms(fresh, terms), EvaluateTerms(p, terms), "%s, ply %d, %+v", p.FEN(), ply, terms)
			}
			var moves board.MoveList
			p.GenerateMoves(&moves)
			if moves.Len() == 0 {
				break
			}
			p.MakeMove(moves.At(ply * 7 % moves.Len()))
		}
	}
}
