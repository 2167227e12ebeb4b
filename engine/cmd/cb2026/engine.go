package main

import (
	"context"
	"io"

	"cb2026/engine/bench"
	"cb2026/engine/search"
	"cb2026/stages"
)

// engine plugs the search and the evaluation into the UCI server.
type engine struct {
	searcher   *search.Searcher
	benchDepth int // the stage's bench depth
}

// newEngine returns the engine of this build's stage, with its default
// switches and hash size.
func newEngine() *engine {
	e := &engine{benchDepth: stages.Selected().BenchDepth}
	e.startSearcher()
	return e
}

// Name names the engine and the stage it was built as.
func (e *engine) Name() string {
	return "cb2026 " + stages.Selected().Name()
}

// BenchDepth is the stage's bench depth.
func (e *engine) BenchDepth() int { return e.benchDepth }

// Bench runs the stage's bench. Stages 1 and 2 have no search, and their
// benches no depth: they count what the board and the attack sets see.
// From stage 3 on the search's bench runs to depth with the live switches,
// until ctx is done.
func (e *engine) Bench(ctx context.Context, w io.Writer, depth int) (err error) {
	switch {
	case stages.Current == 1:
		_, err = bench.Board(w)
	case stages.Current == 2:
		_, err = bench.Attacks(w)
	default:
		_, err = search.Bench(ctx, w, *e.searcher.Techniques(), depth)
	}
	return err
}
