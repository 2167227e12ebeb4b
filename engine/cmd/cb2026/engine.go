package main

import (
	"context"
	"io"

	"cb2026/engine/bench"
	"cb2026/engine/board"
	"cb2026/engine/eval"
	"cb2026/engine/search"
	"cb2026/engine/uci"
	"cb2026/stages"
)

// engine plugs the search and the evaluation into the UCI server.
type engine struct {
	//book:stage 3
	searcher   *search.Searcher
	benchDepth int // the stage's bench depth
}

// newEngine returns the engine of this build's stage, with its default
// switches and hash size. It is the one place that reads the stage.
func newEngine() *engine {
	return &engine{
		searcher:   search.NewSearcher(search.DefaultTechniques(stages.Current), search.DefaultHashMB),
		benchDepth: stages.Selected().BenchDepth,
	}
}

// Name names the engine and the stage it was built as.
func (e *engine) Name() string {
	return "cb2026 " + stages.Selected().Name()
}

// NewGame clears the hash table and the histories.
//
//book:stage 3
func (e *engine) NewGame() { e.searcher.NewGame() }

// Search runs the searcher.
//
//book:stage 3
func (e *engine) Search(ctx context.Context, p *board.Position, l search.Limits, report func(search.Info)) (board.Move, board.Move) {
	return e.searcher.Search(ctx, p, l, report)
}

// SetHashSize resizes the transposition table.
//
//book:stage 10
func (e *engine) SetHashSize(mb int) error { return e.searcher.SetHashSize(mb) }

// Switches lists every technique with its current value.
//
//book:stage 3
func (e *engine) Switches() []uci.Switch {
	live := e.searcher.Techniques()
	var list []uci.Switch
	for _, t := range search.AllTechniques() {
		value, _ := live.Get(t.Option) // cannot fail: the name comes from the table
		list = append(list, uci.Switch{Option: t.Option, Short: t.Short, Stage: t.Stage, Doc: t.Doc, Values: t.Values, Value: value})
	}
	return list
}

// SetSwitch sets one technique: a switch on or off, a choice to a value.
//
//book:stage 3
func (e *engine) SetSwitch(name, value string) error {
	return e.searcher.Techniques().Set(name, value)
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

// Stats searches one bench position to depth with the live switches,
// until ctx is done.
//
//book:stage 3
func (e *engine) Stats(ctx context.Context, position, depth int) (search.Stats, error) {
	return search.Measure(ctx, *e.searcher.Techniques(), position, depth)
}

// Eval prints the static evaluation of p term by term, with the terms the
// live switches turn on, as the search sees it.
//
//book:stage 4
func (e *engine) Eval(w io.Writer, p *board.Position) error {
	return eval.ExplainTerms(p, e.searcher.Techniques().EvalTerms()).Write(w)
}
