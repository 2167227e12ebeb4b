package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
)

// The groups cover every parameter once, in order.
func TestGroupsCoverParams(t *testing.T) {
	next := Param(0)
	for _, g := range Groups() {
		assert.Equal(t, next, g.First, g.Name)
		next += Param(g.Len)
	}
	assert.Equal(t, Param(NumParams), next)
}

func TestParamNames(t *testing.T) {
	tests := []struct {
		p     Param
		want  string
		stage int // the chapter that brings the parameter's name, if a later one than the first
	}{
		{p: PieceValue, want: "PieceValue[P]"},
		{p: PieceValue + 4, want: "PieceValue[Q]"},
		{p: PieceSquare, want: "PieceSquare[P a8]"},
		{p: squareParam(board.White, board.Knight, board.C3), want: "PieceSquare[N c3]"},
		{p: squareParam(board.Black, board.Knight, board.C6), want: "PieceSquare[N c3]"},
		{p: PassedPawn + 6, want: "PassedPawn[6]"},
		{p: mobilityParam(board.Rook), want: "Mobility[R]", stage: 19},
		{p: BishopPair, want: "BishopPair"},
		{p: PawnStorm + 2, want: "PawnStorm[2]"},
		{p: ThreatByPawn + 3, want: "ThreatByPawn[Q]"},
		{p: ThreatByMinor, want: "ThreatByMinor[P]"},
		{p: ThreatByRook + 3, want: "ThreatByRook[R]"},
		{p: PassedSupported + 5, want: "PassedSupported[5]"},
		{p: NumParams, want: "Param(487)"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.p.String())
	}
}

// The hand-set weights are the declared teaching values.
func TestHandWeights(t *testing.T) {
	w := HandWeights()
	assert.Equal(t, Weight{100, 100}, w[valueParam(board.Pawn)])
	assert.Equal(t, Weight{900, 900}, w[valueParam(board.Queen)])
	// Michniewski's knight table gives c3 (rank 3 of the printed board) +10.
	assert.Equal(t, Weight{10, 10}, w[squareParam(board.White, board.Knight, board.C3)])
	// The king's tables differ: g1 is +30 in the middlegame, −30 in the endgame.
	assert.Equal(t, Weight{30, -30}, w[squareParam(board.White, board.King, board.G1)])
}

// The hand-set weights of stage 19's terms are the declared teaching values.
//
//book:stage 19
func TestHandTermWeights(t *testing.T) {
	w := HandWeights()
	assert.Equal(t, isolatedPawn, w[IsolatedPawn])
	assert.Equal(t, passedPawn[5], w[PassedPawn+5])
	assert.Equal(t, mobilityWeight[board.Queen], w[mobilityParam(board.Queen)])
	assert.Equal(t, rookSemiOpenFile, w[RookSemiOpenFile])
	assert.Equal(t, threatByMinor[board.Queen], w[ThreatByMinor+4])
	assert.Equal(t, knightOutpost, w[KnightOutpost])
}

// A trace's score is the evaluation itself, for both weight sets and every
// term setting, on a sample of the suite's positions.
//
//book:stage 20
func TestTraceScoreIsEvaluation(t *testing.T) {
	hw, tw := HandWeights(), TunedWeights()
	for _, p := range samplePositions(t) {
		for _, terms := range termSets {
			tr := TraceTerms(p, terms)
			for _, set := range []struct {
				w     *Weights
				tuned bool
			}{{&hw, false}, {&tw, true}} {
				terms.Tuned = set.tuned
				want := EvaluateTerms(p, terms)
				if p.SideToMove() == board.Black {
					want = -want
				}
				require.Equal(t, want, tr.Score(set.w), "%s %+v", p.FEN(), terms)
			}
		}
	}
}
