package search_test

import (
	"context"
	"fmt"

	"cb2026/engine/board"
	"cb2026/engine/search"
	"cb2026/stages"
)

// A searcher finds the scholar's mate.
func ExampleSearcher_Search() {
	p, _ := board.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
	s := search.NewSearcher(search.DefaultTechniques(stages.Main))
	var last search.Info
	best, _ := s.Search(context.Background(), p, search.Limits{Depth: 3}, func(i search.Info) { last = i })
	fmt.Println(best, "mate in", last.Mate)
	// Output: h5f7 mate in 1
}

// SEE works out the exchange a capture starts.
func ExampleSEE() {
	p, _ := board.ParseFEN("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1")
	m, _ := p.ParseMove("d3e5")
	fmt.Println(search.SEE(p, m))
	// Output: -220
}

// Techniques switch on chapter by chapter.
func ExampleDefaultTechniques() {
	t := search.DefaultTechniques(6)
	fmt.Println(t.Negamax, t.AlphaBeta, t.MVVLVA)
	// Output: true true false
}
