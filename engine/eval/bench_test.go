package eval_test

import (
	"testing"

	"cb2026/engine/bench"
	"cb2026/engine/board"
	"cb2026/engine/eval"
)

// BenchmarkEvaluate times one evaluation of each bench position, with the
// terms and weights of each row: material and piece-square tables alone
// (chapter 4's evaluation), then each row's terms and weights on top.
// Compare: go test -run - -bench Evaluate ./engine/eval
func BenchmarkEvaluate(b *testing.B) {
	var positions []*board.Position
	for _, bp := range bench.Positions() {
		p, err := board.ParseFEN(bp.FEN)
		if err != nil {
			b.Fatal(err)
		}
		positions = append(positions, p)
	}
	for _, bc := range []struct {
		name     string
		evaluate func(p *board.Position) int
		stage    int // the chapter that brings the terms, if a later one than the first
	}{
		{name: "stage18", evaluate: eval.Evaluate},
		{name: "stage19", evaluate: func(p *board.Position) int { return eval.EvaluateTerms(p, eval.AllTerms()) }, stage: 19},
		{name: "stage20", evaluate: func(p *board.Position) int { return eval.EvaluateTerms(p, tuned()) }, stage: 20},
	} {
		b.Run(bc.name, func(b *testing.B) {
			sum := 0
			for i := 0; b.Loop(); i++ {
				sum += bc.evaluate(positions[i%len(positions)])
			}
			_ = sum
		})
	}
}

// tuned returns every term with stage 20's weights.
//
//book:stage 20
func tuned() eval.Terms {
	t := eval.AllTerms()
	t.Tuned = true
	return t
}
