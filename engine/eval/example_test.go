package eval_test

import (
	"fmt"

	"cb2026/engine/board"
	"cb2026/engine/eval"
)

// After 1. e4 the pawn stands better on e4 than on e2; Black, to move, sees
// the score from its side.
func ExampleEvaluate() {
	p := board.NewPosition()
	m, _ := p.ParseMove("e2e4")
	p.MakeMove(m)
	fmt.Println(eval.Evaluate(p))
	// Output: -40
}
