//book:stage 19

package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Material that cannot win evaluates near zero; material that can keeps its
// score, with the terms on and with each weight set.
func TestDrawnMaterial(t *testing.T) {
	tests := []struct {
		name     string
		fen      string
		min, max int // the side to move's score, both weight sets
	}{
		{"KBK", "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", -10, 10},
		{"KNK", "8/8/8/4k3/8/8/8/2N1K3 b - - 0 1", -10, 10},
		{"KNNK", "8/8/8/4k3/8/8/3N4/2N1K3 w - - 0 1", -10, 10},
		{"KB against a pawn", "8/8/8/4k3/8/4p3/8/2B1K3 w - - 0 1", -10, 10},
		{"KN against KB", "8/8/8/4k3/8/3b4/8/2N1K3 w - - 0 1", -10, 10},
		{"wrong rook pawn, king in the corner", "7k/8/8/8/8/7P/8/3BK3 w - - 0 1", -10, 10},
		{"wrong rook pawns, king beside the corner", "8/6k1/8/8/7P/7P/8/3BK3 w - - 0 1", -10, 10},
		{"KRKB", "8/8/8/4k3/8/3b4/8/2R1K3 w - - 0 1", 1, 50},
		// Material that wins keeps its score.
		{"KBNK", "8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1", 400, 1000},
		{"KRK", "8/8/8/4k3/8/8/8/2R1K3 b - - 0 1", -1000, -400},
		{"right rook pawn", "7k/8/8/8/8/7P/8/2B1K3 w - - 0 1", 300, 1000},
		{"rook pawn, king far from the corner", "8/8/8/1k6/8/7P/8/3BK3 w - - 0 1", 300, 1000},
		{"KQKR", "8/8/8/4k3/8/3r4/8/2Q1K3 w - - 0 1", 250, 1000},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		for _, terms := range weightSets(AllTerms()) {
			got := EvaluateTerms(p, terms)
			assert.True(t, tt.min <= got && got <= tt.max, "%s: EvaluateTerms(%q, %+v) = %d, want %d..%d",
				tt.name, tt.fen, terms, got, tt.min, tt.max)
			assert.Equal(t, got, EvaluateTerms(mustFEN(t, mirror(tt.fen)), terms), "%s: EvaluateTerms(mirror(%q), %+v)",
				tt.name, tt.fen, terms)
		}
	}
}

// Opposite-colored bishops with pawns only shrink the score, not its sign.
func TestOppositeBishopsScale(t *testing.T) {
	p := mustFEN(t, "4k3/5p2/3b4/8/8/2P5/3PB3/4K3 w - - 0 1")
	b := ExplainTerms(p, AllTerms())
	assert.Equal(t, scaleOppositeBish, b.scale, "ExplainTerms(%q).scale", p.FEN())
	full := taper(b.total(mg), b.total(eg), b.Phase)
	assert.Equal(t, full*scaleOppositeBish/scaleNormal, b.White, "ExplainTerms(%q).White", p.FEN())
	assert.Positive(t, b.White)
}

// Without the Pieces term the evaluation counts material only: stage 4's
// evaluation keeps its numbers.
func TestDrawScaleNeedsPieces(t *testing.T) {
	p := mustFEN(t, "8/8/8/4k3/8/8/3N4/2N1K3 w - - 0 1")
	assert.Greater(t, EvaluateTerms(p, Terms{}), 500, "EvaluateTerms(KNNK, Terms{})")
	assert.Greater(t, EvaluateTerms(p, Terms{PawnStructure: true, Mobility: true, KingSafety: true}), 500,
		"EvaluateTerms(KNNK, no Pieces)")
}
