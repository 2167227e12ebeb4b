// Package uci speaks the Universal Chess Interface, the text protocol between a
// chess engine and a GUI or match runner, and the console commands a reader
// types at the same prompt (d, perft, eval, bench, set, techniques, stats).
//
// The package knows the protocol and nothing of how the engine searches: it
// declares the small Engine interface it needs, and engine/cmd/cb2026 plugs the
// real search into it. Every input line is answered without panicking; a line
// that cannot be obeyed gets one "info string" line saying why, and the engine
// carries on with its state unchanged.
package uci

import (
	"context"
	"io"

	"cb2026/engine/board"
	"cb2026/engine/search"
)

// Engine is what the protocol needs from a chess engine.
type Engine interface {
	// Name is the engine's name and build, for "id name".
	Name() string
	// NewGame forgets everything learned in earlier games.
	NewGame()
	// Search finds a move in p within l, calling report for each info line.
	// It returns promptly once ctx is done, and never returns board.NoMove
	// when p has a legal move.
	Search(ctx context.Context, p *board.Position, l search.Limits, report func(search.Info)) (best, ponder board.Move)
	// SetHashSize resizes the transposition table to mb mebibytes.
	SetHashSize(mb int) error
	// Switches lists the technique switches with their current values.
	Switches() []Switch
	// SetSwitch turns the switch named by its option or short name on or off.
	SetSwitch(name string, on bool) error
	// BenchDepth is the depth of the bench of the stage built.
	BenchDepth() int
	// Bench runs the bench to depth, writing its report to w.
	Bench(w io.Writer, depth int) error
	// Stats searches bench position number (from 1) to depth as the bench
	// does and returns the search's counters.
	Stats(position, depth int) (search.Stats, error)
	// Eval writes the static evaluation of p and its terms to w.
	Eval(w io.Writer, p *board.Position) error
}

// A Switch is one technique the search can turn on or off.
type Switch struct {
	Option string // UCI option name, e.g. "AlphaBeta"
	Short  string // console name, e.g. "ab"
	Stage  int    // the stage whose chapter introduces it
	Doc    string // one line for the console listing
	On     bool   // its current value
}

// Hash size bounds, in mebibytes, as the "Hash" option advertises them; its
// default is the search's, search.DefaultHashMB.
const (
	minHashMB = 1
	maxHashMB = 4096
)
