//book:stage main

package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
	"cb2026/stages"
)

// An entry moves toward the errors it is taught, faster from deeper
// searches, and never beyond correctionLimit.
func TestCorrectionHistoryUpdate(t *testing.T) {
	for _, tc := range []struct {
		err, depth, times int
		want              int
	}{
		{err: 40, depth: 1, times: 1, want: 0},     // 40 × 2/256: under a centipawn
		{err: 40, depth: 15, times: 1, want: 2},    // 40 × 16/256 = 2.5
		{err: 40, depth: 15, times: 100, want: 39}, // converges to the error
		{err: -40, depth: 15, times: 100, want: -39},
		{err: 1000, depth: 30, times: 200, want: correctionLimit - 1},
		{err: -1000, depth: 30, times: 200, want: -correctionLimit + 1},
	} {
		var h correctionHistory
		for range tc.times {
			h.update(board.White, 7, tc.err, tc.depth)
		}
		assert.Equal(t, tc.want, h.get(board.White, 7), "update(err %d, depth %d) × %d, then get", tc.err, tc.depth, tc.times)
		assert.Equal(t, 0, h.get(board.Black, 7), "the other side's entry after update(err %d) × %d", tc.err, tc.times)
	}
}

// Positions with the same pawns share a slot whatever the pieces; moving a
// pawn moves the slot.
func TestPawnIndex(t *testing.T) {
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	for _, tc := range []struct {
		fen  string
		same bool
	}{
		{"r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3", true},
		{"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 b - - 0 1", true},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false},
		{"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2", false},
		{"rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1", false},
	} {
		got := pawnIndex(mustFEN(t, tc.fen)) == pawnIndex(mustFEN(t, start))
		assert.Equal(t, tc.same, got, "pawnIndex(%q) == pawnIndex(start)", tc.fen)
	}
}

// learnCorrection learns only from results that say something about the
// static evaluation: the node's window is (alpha 0, beta 100), its
// (corrected) static eval 50.
func TestLearnCorrection(t *testing.T) {
	p := mustFEN(t, "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4")
	quiet, capture := mustMove(t, p, "a2a3"), mustMove(t, p, "f3e5")
	for _, tc := range []struct {
		name     string
		best     int
		bestMove board.Move
		inCheck  bool
		excluded board.Move
		learns   bool
	}{
		{"exact, quiet best move", 80, quiet, false, board.NoMove, true},
		{"exact, capture best move", 80, capture, false, board.NoMove, false},
		{"fail high above the eval", 300, quiet, false, board.NoMove, true},
		{"fail high by a capture", 300, capture, false, board.NoMove, false},
		{"fail low (a capture searched first)", -200, capture, false, board.NoMove, true},
		{"in check", 80, quiet, true, board.NoMove, false},
		{"singular search", 80, quiet, false, capture, false},
		{"mate", mateScore - 3, quiet, false, board.NoMove, false},
	} {
		n := node{alpha: 0, startAlpha: 0, beta: 100, depth: 15, eval: 50, rawEval: 50, inCheck: tc.inCheck, excluded: tc.excluded, bestMove: tc.bestMove}
		learned := learnsCorrection(p, n, tc.best)
		assert.Equal(t, tc.learns, learned, "%s: learnCorrection(best %d, %s) learned", tc.name, tc.best, tc.bestMove)
	}
}

// learnsCorrection reports whether a fresh main searcher at p, after a node
// n (White to move) ends with best, learns a correction.
func learnsCorrection(p *board.Position, n node, best int) bool {
	s := NewSearcher(DefaultTechniques(stages.Main))
	s.begin(context.Background(), p, Limits{}, nil)
	defer s.end()
	s.learnCorrection(&n, best)
	return s.correction[board.White][pawnIndex(p)] != 0
}

// A fail high or fail low on the wrong side of the eval bounds the error on
// the wrong side: nothing is learned.
func TestLearnCorrectionBounds(t *testing.T) {
	p := mustFEN(t, "4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1")
	for _, tc := range []struct {
		best, alpha, beta int
		learns            bool
	}{
		{best: 120, alpha: 0, beta: 100, learns: false}, // at least 120: eval 150 may be right
		{best: 200, alpha: 0, beta: 100, learns: true},
		{best: -10, alpha: 0, beta: 100, learns: true}, // at most −10: below 150
		{best: 160, alpha: 170, beta: 171, learns: false},
	} {
		n := node{alpha: tc.alpha, startAlpha: tc.alpha, beta: tc.beta, depth: 15, eval: 150, rawEval: 150}
		learned := learnsCorrection(p, n, tc.best)
		assert.Equal(t, tc.learns, learned, "learnCorrection(best %d, window (%d, %d), eval 150) learned", tc.best, tc.alpha, tc.beta)
	}
}

// correctEval adds the learned correction to the static eval and keeps the
// raw one.
func TestCorrectEval(t *testing.T) {
	p := mustFEN(t, "4k3/pppp4/8/8/8/8/4PPPP/4K3 b - - 0 1")
	s := NewSearcher(DefaultTechniques(stages.Main))
	s.begin(context.Background(), p, Limits{}, nil)
	defer s.end()
	for range 200 {
		s.correction.update(board.Black, pawnIndex(p), -60, 20)
	}
	n := node{eval: 30}
	s.correctEval(&n)
	require.Equal(t, 30, n.rawEval, "correctEval: raw eval")
	assert.Equal(t, 30-59, n.eval, "correctEval(30) after learning −60")
}
