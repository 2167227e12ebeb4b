package search

import (
	"context"
	"slices"

	"cb2026/engine/board"
)

// A Problem is one position of a test suite such as Win at Chess: the moves
// that solve it (EPD "bm") or, when Best is empty, the moves that fail it
// ("am").
type Problem struct {
	Position *board.Position
	Best     []board.Move
	Avoid    []board.Move
}

// Solved reports whether move m solves the problem.
func (pr Problem) Solved(m board.Move) bool {
	if len(pr.Best) > 0 {
		return slices.Contains(pr.Best, m)
	}
	return m != board.NoMove && !slices.Contains(pr.Avoid, m)
}

// Solve searches each problem for exactly nodes nodes with the techniques t,
// from a cleared hash table and histories, and returns how many it solved.
// each, if not nil, is called with every problem's index, the move found and
// whether it solves it. The count is deterministic.
func Solve(t Techniques, problems []Problem, nodes uint64, each func(i int, m board.Move, solved bool)) int {
	s := NewSearcher(t, benchHashMB)
	solved := 0
	for i, pr := range problems {
		s.NewGame()
		m, _ := s.Search(context.Background(), pr.Position, Limits{Nodes: nodes}, nil)
		ok := pr.Solved(m)
		if ok {
			solved++
		}
		if each != nil {
			each(i, m, ok)
		}
	}
	return solved
}
