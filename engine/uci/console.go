package uci

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"cb2026/engine/board"
	"cb2026/engine/search"
)

// Depth bounds of the console's long commands. Deep ones take hours (perft
// 9 from the initial position, bench 20), so they run like a search: "stop"
// ends them, and the engine reads on while they run.
const (
	maxPerftDepth  = 12
	slowPerftDepth = 8  // from here perft may take hours, and says so
	maxBenchDepth  = 64 // bench and stats
)

// display prints the board with its FEN, Zobrist key and checkers.
func (s *Server) display() {
	fmt.Fprint(s.out, s.pos.String())
}

// magics prints, for every square, the number of bits in the rook's and the
// bishop's relevant occupancy masks and the entries of their attack tables
// (2 to that power), then the table sizes summed over the board.
func (s *Server) magics() {
	tw := tabwriter.NewWriter(s.out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "square\trook bits\tentries\tbishop bits\tentries")
	var rooks, bishops int
	for sq := board.A1; sq <= board.H8; sq++ {
		r, b := board.RookMask(sq).Count(), board.BishopMask(sq).Count()
		rooks += 1 << r
		bishops += 1 << b
		fmt.Fprintf(tw, "%v\t%d\t%d\t%d\t%d\n", sq, r, 1<<r, b, 1<<b)
	}
	fmt.Fprintf(tw, "total\t\t%d\t\t%d\n", rooks, bishops)
	tw.Flush()
}

// perft prints the move-path count of every legal move to the given depth
// and their sum, in Stockfish's format so the two can be compared line by line.
func (s *Server) perft(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("perft: want one depth, as in \"perft 5\"")
	}
	depth, err := strconv.Atoi(args[0])
	if err != nil || depth < 1 || depth > maxPerftDepth {
		return fmt.Errorf("perft: depth %q: want a whole number from 1 to %d", args[0], maxPerftDepth)
	}
	if depth >= slowPerftDepth {
		s.infoString("perft %d may take hours: stop ends it", depth)
	}
	p := s.pos.Clone()
	s.runLong("perft", func(ctx context.Context) error {
		return writePerft(ctx, s.out, p, depth)
	})
	return nil
}

// writePerft writes a divide line ("e2e4: 20") for each legal move of p as
// soon as it is counted, then a blank line and "Nodes searched: N", for p
// at depth (at least 1), as Stockfish's "go perft" does. Once ctx is done
// it stops, with ctx's error.
func writePerft(ctx context.Context, w io.Writer, p *board.Position, depth int) error {
	var moves board.MoveList
	p.GenerateMoves(&moves)
	var total uint64
	for _, m := range moves.Moves() {
		p.MakeMove(m)
		nodes, err := board.PerftContext(ctx, p, depth-1)
		p.UnmakeMove()
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%s: %d\n", m, nodes)
		total += nodes
	}
	fmt.Fprintf(w, "\nNodes searched: %d\n\n", total)
	return nil
}

// runLong runs the work of the long console command name like a search
// (see Server.start): the engine reads on while it runs, and "stop" ends it.
// An error, and the stop, are answered with an "info string".
func (s *Server) runLong(name string, work func(ctx context.Context) error) {
	s.start(false, func(ctx context.Context) {
		err := work(ctx)
		if errors.Is(err, context.Canceled) {
			err = fmt.Errorf("%s: stopped", name)
		}
		if err != nil {
			s.infoString("%v", err)
		}
	})
}

// eval writes the static evaluation of the current position and its terms.
func (s *Server) eval(_ []string) error {
	return s.engine.Eval(s.out, s.pos)
}

// bench runs the bench at the stage's depth, or at the depth given.
func (s *Server) bench(args []string) error {
	depth := s.engine.BenchDepth()
	if len(args) > 1 {
		return fmt.Errorf("bench: want at most one depth")
	}
	if len(args) == 1 && depth == 0 {
		return fmt.Errorf("bench: this stage's bench searches nothing, so it takes no depth")
	}
	if len(args) == 1 {
		d, err := strconv.Atoi(args[0])
		if err != nil || d < 1 || d > maxBenchDepth {
			return fmt.Errorf("bench: depth %q: want a whole number from 1 to %d", args[0], maxBenchDepth)
		}
		depth = d
	}
	s.runLong("bench", func(ctx context.Context) error {
		return s.engine.Bench(ctx, s.out, depth)
	})
	return nil
}

// budget obeys "budget <go limits>": it prints the soft and hard time limits
// that "go" with the same words would set for the side to move, without
// searching, as in "budget wtime 10000 btime 10000 winc 100 binc 100".
func (s *Server) budget(args []string) error {
	us := s.pos.SideToMove()
	l, problems := parseLimits(args, us)
	for _, problem := range problems {
		s.infoString("budget: %s", problem)
	}
	soft, hard := search.Budget(l, us)
	if hard == 0 {
		fmt.Fprintf(s.out, "budget %s: no time limit\n", strings.Join(args, " "))
		return nil
	}
	fmt.Fprintf(s.out, "budget %s: soft %.1f ms, hard %.1f ms\n", strings.Join(args, " "), milliseconds(soft), milliseconds(hard))
	return nil
}

// milliseconds returns d in milliseconds, fractions included.
func milliseconds(d time.Duration) float64 {
	return float64(d) / float64(time.Millisecond)
}

// set obeys "set <short> <value>", the console form of a technique's option:
// on or off for a switch, one of its values for a choice.
func (s *Server) set(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("set: want \"set <technique> on|off\" or \"set <technique> <value>\" (see techniques)")
	}
	for _, sw := range s.engine.Switches() {
		if sw.Short != args[0] && sw.Option != args[0] {
			continue
		}
		value := args[1]
		switch {
		case sw.Values != nil:
			v, err := sw.choice(value)
			if err != nil {
				return fmt.Errorf("set %s: %w", args[0], err)
			}
			value = v
		case value != "on" && value != "off":
			return fmt.Errorf("set %s: %q: want on or off", args[0], value)
		}
		return s.engine.SetSwitch(sw.Option, value)
	}
	return fmt.Errorf("set: no technique %q (see techniques)", args[0])
}

// techniques lists every switch with the chapter or section that teaches it
// and its current value.
func (s *Server) techniques() {
	tw := tabwriter.NewWriter(s.out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "chapter\tshort\toption\tvalue\twhat")
	for _, sw := range s.engine.Switches() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", sw.Chapter, sw.Short, sw.Option, sw.Value, sw.Doc)
	}
	tw.Flush()
}

// counts reads a console command's optional whole-number arguments, each
// from 1 to most, into a copy of defaults, one per argument it may have;
// what names them for the error ("bonus and updates").
func counts(cmd string, args []string, most int, what string, defaults ...int) ([]int, error) {
	if len(args) > len(defaults) {
		return nil, fmt.Errorf("%s: %d arguments: want at most %s", cmd, len(args), what)
	}
	out := slices.Clone(defaults)
	for i, a := range args {
		n, err := strconv.Atoi(a)
		if err != nil || n < 1 || n > most {
			return nil, fmt.Errorf("%s: %q: want a number from 1 to %d", cmd, a, most)
		}
		out[i] = n
	}
	return out, nil
}
