//book:stage 3

package main

import (
	"context"
	"io"

	"cb2026/engine/board"
	"cb2026/engine/search"
	"cb2026/engine/uci"
	"cb2026/stages"
)

// The engine's methods that the search, from chapter 3 on, brings.

// startSearcher gives the engine its searcher, with the stage's switches.
func (e *engine) startSearcher() {
	e.searcher = search.NewSearcher(search.DefaultTechniques(stages.Current))
}

// NewGame makes the searcher forget everything it learned.
func (e *engine) NewGame() { e.searcher.NewGame() }

// Search runs the searcher.
func (e *engine) Search(ctx context.Context, p *board.Position, l search.Limits, report func(search.Info)) (board.Move, board.Move) {
	return e.searcher.Search(ctx, p, l, report)
}

// SetHashSize resizes the transposition table.
//
//book:stage 10
func (e *engine) SetHashSize(mb int) error { return e.searcher.SetHashSize(mb) }

// Switches lists every technique with its current value.
func (e *engine) Switches() []uci.Switch {
	live := e.searcher.Techniques()
	var list []uci.Switch
	for _, t := range search.AllTechniques() {
		value, _ := live.Get(t.Option) // cannot fail: the name comes from the table
		list = append(list, uci.Switch{Option: t.Option, Short: t.Short, Chapter: t.Chapter, Doc: t.Doc, Values: t.Values, Value: value})
	}
	return list
}

// SetSwitch sets one technique: a switch on or off, a choice to a value.
func (e *engine) SetSwitch(name, value string) error {
	return e.searcher.Techniques().Set(name, value)
}

// Stats searches one bench position to each of depths with the live
// switches, until ctx is done.
func (e *engine) Stats(ctx context.Context, position int, depths []int) ([]search.Stats, error) {
	return search.MeasureDepths(ctx, *e.searcher.Techniques(), position, depths)
}

// Tree searches p to depth once with the live switches and returns every
// node the search entered, in order, with its score and kind.
//
//book:stage 6
func (e *engine) Tree(ctx context.Context, p *board.Position, depth int) ([]search.TreeNode, error) {
	return search.Tree(ctx, *e.searcher.Techniques(), p, depth)
}

// PickOrder searches bench position number (from 1) to depth with the
// live switches, plays the move found and returns it with the next
// position's moves in the picker's order, each with its stage.
//
//book:stage 7
func (e *engine) PickOrder(ctx context.Context, position, depth int) (board.Move, []search.PickedMove, error) {
	return search.PickOrder(ctx, *e.searcher.Techniques(), position, depth)
}

// MinimalTree counts bench position number (from 1) to depth: negamax's
// tree with the live evaluation, and the minimal tree in it.
//
//book:stage 7
func (e *engine) MinimalTree(ctx context.Context, position, depth int) (search.TreeSizes, error) {
	return search.MinimalTree(ctx, *e.searcher.Techniques(), position, depth)
}

// Eval prints the static evaluation of p term by term, with the terms the
// live switches turn on, as the search sees it.
//
//book:stage 4
func (e *engine) Eval(w io.Writer, p *board.Position) error {
	return e.searcher.Techniques().Explain(p).Write(w)
}
