//book:stage 6

package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// alphaBetaAndNegamax returns stage 6's techniques and the same with the
// alpha-beta switch off, which is stage 5's negamax.
func alphaBetaAndNegamax() (alphaBeta, negamax Techniques) {
	alphaBeta = DefaultTechniques(6)
	negamax = alphaBeta
	negamax.AlphaBeta = false
	return alphaBeta, negamax
}

// Alpha-beta only skips moves that cannot change the result: searched from
// the full window, it finds negamax's best move with negamax's score, and the
// same principal variation, in fewer nodes.
func TestAlphaBetaFindsNegamaxMove(t *testing.T) {
	tests := []struct {
		position int // bench position, from 1
		depth    int
	}{
		{1, 4},  // the start position
		{2, 3},  // Kiwipete
		{4, 3},  // Italian middlegame
		{5, 4},  // pieces en prise
		{9, 3},  // mate in one
		{10, 4}, // rook endgame with minor pieces
		{12, 4}, // CPW perft position 3
		{13, 4}, // rook and pawn endgame
	}
	alphaBeta, negamax := alphaBetaAndNegamax()
	for _, tt := range tests {
		fen := benchPositions[tt.position-1].FEN
		l := Limits{Depth: tt.depth}
		nmMove, nmInfo := searchFEN(t, negamax, fen, l)
		abMove, abInfo := searchFEN(t, alphaBeta, fen, l)
		assert.Equal(t, nmMove, abMove, "bench position %d, depth %d: best move", tt.position, tt.depth)
		assert.Equal(t, nmInfo.Score, abInfo.Score, "bench position %d, depth %d: score", tt.position, tt.depth)
		assert.Equal(t, nmInfo.PV, abInfo.PV, "bench position %d, depth %d: PV", tt.position, tt.depth)
		assert.Less(t, abInfo.Nodes, nmInfo.Nodes, "bench position %d, depth %d: nodes", tt.position, tt.depth)
	}
}

// windowScore runs the node function on bench position number (from 1) with
// the window (alpha, beta), at ply 1 as if a move led there.
func windowScore(t *testing.T, tq Techniques, position, alpha, beta, depth int) int {
	t.Helper()
	s := NewSearcher(tq)
	s.begin(context.Background(), mustFEN(t, benchPositions[position-1].FEN), Limits{}, nil)
	defer s.end()
	return s.search(alpha, beta, depth, 1)
}

// Fail-soft alpha-beta with a window (alpha, beta) returns the exact score v
// when alpha < v < beta; when the search fails low (v <= alpha) the exact
// score is at most v, and when it fails high (v >= beta) at least v. Negamax
// gives the exact score for any window. Fail-hard would return alpha or beta
// themselves; fail-soft's bound is sometimes tighter, and never looser.
func TestFailSoftBounds(t *testing.T) {
	alphaBeta, negamax := alphaBetaAndNegamax()
	const depth = 3
	tighter := 0 // fails whose bound is beyond the window's edge
	for _, position := range []int{1, 2, 5, 10, 13} {
		exact := windowScore(t, negamax, position, -infinity, infinity, depth)
		require.Equal(t, exact, windowScore(t, negamax, position, exact+1, exact+2, depth), "negamax ignores the window")
		windows := []struct {
			name        string
			alpha, beta int
		}{
			{"around", exact - 50, exact + 50},
			{"above", exact + 20, exact + 200},
			{"below", exact - 200, exact - 20},
			{"null above", exact, exact + 1},
			{"null below", exact - 1, exact},
		}
		for _, w := range windows {
			v := windowScore(t, alphaBeta, position, w.alpha, w.beta, depth)
			if v < w.alpha || v > w.beta {
				tighter++
			}
			switch {
			case v <= w.alpha:
				assert.GreaterOrEqual(t, v, exact, "position %d, window %s (%d, %d): a fail low is an upper bound", position, w.name, w.alpha, w.beta)
			case v >= w.beta:
				assert.LessOrEqual(t, v, exact, "position %d, window %s (%d, %d): a fail high is a lower bound", position, w.name, w.alpha, w.beta)
			default:
				assert.Equal(t, exact, v, "position %d, window %s (%d, %d): inside the window, exact", position, w.name, w.alpha, w.beta)
			}
			if w.alpha < exact && exact < w.beta {
				assert.Equal(t, exact, v, "position %d, window %s (%d, %d) holds the score", position, w.name, w.alpha, w.beta)
			}
			if exact <= w.alpha {
				assert.LessOrEqual(t, v, w.alpha, "position %d, window %s (%d, %d): fails low", position, w.name, w.alpha, w.beta)
			}
			if exact >= w.beta {
				assert.GreaterOrEqual(t, v, w.beta, "position %d, window %s (%d, %d): fails high", position, w.name, w.alpha, w.beta)
			}
		}
	}
	assert.Positive(t, tighter, "some fail-soft bound tighter than the window")
}
