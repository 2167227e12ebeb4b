// Command tune finds the evaluation's weights by Texel's method, from games
// the engine plays against itself. It has two subcommands:
//
//	tune gen  [flags]   play node-limited self-play games at stage 19, piece
//	                    by piece, with the engine of the commit that played
//	                    the recorded data, and write the quiet positions,
//	                    each with its game's result; pieces.tsv records
//	                    each piece
//	tune tune [flags]   fit the sigmoid scale K, then every weight of stages 4
//	                    and 19 to the results of every piece, and write
//	                    engine/eval/tuned.go
//
// Both are deterministic: the same flags give byte-identical output on any
// machine, however many workers play the games. See README.md for the
// commands that made the committed data and weights.
package main

import (
	"fmt"
	"os"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(1)
	}
}

// run dispatches to a subcommand.
func run(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: tune gen|tune [flags]")
	}
	switch args[0] {
	case "gen":
		return runGen(args[1:])
	case "tune":
		return runTune(args[1:])
	}
	return fmt.Errorf("unknown subcommand %q: want gen or tune", args[0])
}
