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
// The build tag chooses the stage: go build -tags stageN gives the engine as
// chapter N leaves it, and no tag gives main.
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

// commandLines turns command-line arguments into console input: the line
// of the first form that fits them (see forms).
func commandLines(args []string) (string, error) {
	for _, f := range forms() {
		if f.Name == args[0] || f.Name == "" {
			return f.Lines(args)
		}
	}
	return "", fmt.Errorf("no form of the command line fits %q", args[0]) // the last form fits any
}

// A form is a row of the ways to write a command on the command line: the
// command it is for ("" for any), the chapter that brings it, and the
// console input that its arguments stand for.
type form struct {
	Name  string
	Stage int // the chapter that brings it, if a later one than the first
	Lines func(args []string) (string, error)
}

// forms are the command line's forms; the first that fits applies, and the
// last fits any command.
func forms() []form {
	return []form{
		{Name: "perft", Stage: 3, Lines: perftLines},
		{Lines: oneLine},
	}
}

// oneLine is the console line of a command's words.
func oneLine(args []string) (string, error) {
	return strings.Join(args, " ") + "\n", nil
}

// perftLines turns "perft DEPTH FEN..." into a "position fen" line and a
// "perft" line, so that the FEN may come as one quoted argument or as six.
func perftLines(args []string) (string, error) {
	if len(args) <= 2 {
		return oneLine(args)
	}
	fen := strings.Join(args[2:], " ")
	if _, err := board.ParseFEN(fen); err != nil {
		return "", fmt.Errorf("perft: %w", err)
	}
	return "position fen " + fen + "\nperft " + args[1] + "\n", nil
}
