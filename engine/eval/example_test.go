package eval_test

import (
	"fmt"

	"cb2026/engine/board"
	"cb2026/engine/eval"
)

// After 1. e4 the pawn stands better on e4 than on e2; Black, to move, sees
// the score from its side. Stage 4's evaluation gives 40 centipawns to White.
func ExampleEvaluate() {
	p := board.NewPosition()
	m, _ := p.ParseMove("e2e4")
	p.MakeMove(m)
	fmt.Println(eval.Evaluate(p))
	// Output:
	// -40
}

// With every term of stage 19 the same position is 62 centipawns for White,
// not 40: mobility adds 28 (the bishop and the queen see more squares) and
// king safety takes 6 (the e-pawn has left the king's shield).
//
//book:stage 19
func ExampleEvaluateTerms() {
	p := board.NewPosition()
	m, _ := p.ParseMove("e2e4")
	p.MakeMove(m)
	fmt.Println(eval.EvaluateTerms(p, eval.AllTerms()))
	// Output:
	// -62
}
