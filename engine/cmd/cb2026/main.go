// Command cb2026 is the engine of the book "cb2026": a UCI chess engine that a
// GUI or match runner starts and talks to on standard input and output, and a
// console for the reader, who types the same commands by hand.
//
// Usage:
//
//	cb2026                   read UCI and console commands from standard input
//	cb2026 bench [depth]     search the bench positions; the last line is "N nodes M nps"
//	cb2026 perft DEPTH [FEN] count the move paths to DEPTH, move by move
//	cb2026 <command...>      run one console command (see "help") and exit
//
// The build tag chooses the stage: go build -tags stage7 gives the engine as
// chapter 7 leaves it, and no tag gives main.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"cb2026/engine/board"
	"cb2026/engine/uci"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "cb2026:", err)
		os.Exit(1)
	}
}

// run serves standard input, or runs the command its arguments spell.
func run(args []string, in io.Reader, out io.Writer) error {
	s := uci.NewServer(newEngine(), out)
	if len(args) == 0 {
		return s.Run(in)
	}
	lines, err := commandLines(args)
	if err != nil {
		return err
	}
	return s.Run(strings.NewReader(lines))
}

// commandLines turns command-line arguments into console input.
// "perft DEPTH FEN..." becomes a "position fen" line and a "perft" line,
// so that the FEN may come as one quoted argument or as six.
func commandLines(args []string) (string, error) {
	//book:stage 3
	if args[0] == "perft" && len(args) > 2 {
		fen := strings.Join(args[2:], " ")
		if _, err := board.ParseFEN(fen); err != nil {
			return "", fmt.Errorf("perft: %w", err)
		}
		return "position fen " + fen + "\nperft " + args[1] + "\n", nil
	}
	return strings.Join(args, " ") + "\n", nil
}
