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
	"fmt"
	"io"
	"strings"

	"cb2026/engine/board"
	"cb2026/engine/search"
)

// Engine is what the protocol needs from a chess engine.
type Engine interface {
	// Name is the engine's name and build, for "id name".
	Name() string
	// BenchDepth is the depth of the bench of the stage built.
	BenchDepth() int
	// Bench runs the bench to depth, writing its report to w; it returns
	// promptly, with ctx's error, once ctx is done.
	Bench(ctx context.Context, w io.Writer, depth int) error
	Player
	Lab
	Evaluator
	HashSizer
}

// A Player plays games: what ucinewgame and go need.
//
//book:stage 3
type Player interface {
	// NewGame forgets everything learned in earlier games.
	NewGame()
	// Search finds a move in p within l, calling report for each info line.
	// It returns promptly once ctx is done, and never returns board.NoMove
	// when p has a legal move.
	Search(ctx context.Context, p *board.Position, l search.Limits, report func(search.Info)) (best, ponder board.Move)
}

// A Lab is what the console's experiments need: the techniques' switches
// and the search's counters.
//
//book:stage 3
type Lab interface {
	// Switches lists the techniques with their current values.
	Switches() []Switch
	// SetSwitch sets the technique named by its option or short name: a
	// check switch to "on" or "off", a combo to one of its Values.
	SetSwitch(name, value string) error
	// Stats searches bench position number (from 1) to each of depths as
	// the bench does and returns the search's counters at each; it returns
	// promptly, with ctx's error, once ctx is done.
	Stats(ctx context.Context, position int, depths []int) ([]search.Stats, error)
}

// An Evaluator explains its evaluation: what the eval command needs.
//
//book:stage 4
type Evaluator interface {
	// Eval writes the static evaluation of p and its terms to w.
	Eval(w io.Writer, p *board.Position) error
}

// A HashSizer has a transposition table whose size the Hash option sets.
//
//book:stage 10
type HashSizer interface {
	// SetHashSize resizes the transposition table to mb mebibytes.
	SetHashSize(mb int) error
}

// A Switch is one technique of the search: a check option, on or off, or a
// combo option, one of named values.
type Switch struct {
	Option  string   // UCI option name
	Short   string   // shorter name for the console
	Chapter string   // the chapter or section of the book that teaches it: "7", "10.1"
	Doc     string   // one line for the console listing
	Values  []string // a combo's values; nil for a check option
	Value   string   // its current value: "on" or "off" for a check option
}

// choice returns the combo's value that v names, in any case.
func (sw Switch) choice(v string) (string, error) {
	for _, x := range sw.Values {
		if strings.EqualFold(v, x) {
			return x, nil
		}
	}
	return "", fmt.Errorf("value %q: want one of %s", v, strings.Join(sw.Values, ", "))
}

// Hash size bounds, in mebibytes, as the "Hash" option advertises them; its
// default is the search's, search.DefaultHashMB.
const (
	minHashMB = 1
	maxHashMB = 4096
)
