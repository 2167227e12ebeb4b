// Command perftspeed measures cb2026's perft speed as a ratio to Stockfish's,
// side by side in one run: the two engines take turns on the same positions,
// round after round, and the report gives the median ratio of their nodes per
// second with a 95% interval. A single absolute speed means little on a
// machine whose speed drifts between runs; a ratio measured in alternation does.
//
// Usage:
//
//	go run ./tools/perftspeed [-rounds 7] [-stockfish /usr/games/stockfish] [-engine path]
//
// Without -engine it builds cb2026 (main) into a temporary folder first.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"cb2026/exe"
	"cb2026/internal/stats"
	"cb2026/stages"
)

// A perftCase is one position and depth both engines count.
type perftCase struct {
	name  string
	fen   string // "" for the initial position
	depth int
	nodes uint64 // the published count, checked on every run
}

// cases are the two positions the book quotes: the initial position at depth
// 6 and Kiwipete, the Chess Programming Wiki's position 2, at depth 5.
var cases = []perftCase{
	{"startpos", "", 6, 119060324},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690},
}

func main() {
	rounds := flag.Int("rounds", 7, "rounds; each runs every case on both engines")
	stockfish := flag.String("stockfish", "/usr/games/stockfish", "Stockfish binary")
	engine := flag.String("engine", "", "cb2026 binary (default: build main)")
	flag.Parse()
	if err := run(*engine, *stockfish, *rounds); err != nil {
		fmt.Fprintln(os.Stderr, "perftspeed:", err)
		os.Exit(1)
	}
}

// run builds the engine if needed, measures and prints the report.
func run(engine, stockfish string, rounds int) error {
	if engine == "" {
		dir, err := os.MkdirTemp("", "perftspeed")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		root, err := exe.ModuleRoot()
		if err != nil {
			return err
		}
		mainStage, _ := stages.Get(stages.Main)
		if engine, err = exe.Stage(root, dir, mainStage); err != nil {
			return fmt.Errorf("building cb2026: %w", err)
		}
	}
	for _, c := range cases {
		ratios, ours, theirs, err := measure(c, engine, stockfish, rounds)
		if err != nil {
			return err
		}
		lo, mid, hi := stats.MedianInterval(ratios)
		fmt.Printf("%-9s depth %d: cb2026 %6.1f Mnps, stockfish %6.1f Mnps (medians of %d); ratio %.3f, 95%% interval [%.3f, %.3f]\n",
			c.name, c.depth, stats.Median(ours)/1e6, stats.Median(theirs)/1e6, rounds, mid, lo, hi)
	}
	return nil
}

// measure runs one case rounds times on each engine, alternating which goes
// first, and returns the per-round ratios and each engine's nodes per second.
func measure(c perftCase, engine, stockfish string, rounds int) (ratios, ours, theirs []float64, err error) {
	for r := range rounds {
		var a, b float64
		if r%2 == 0 {
			if a, err = timePerft(c, engine); err == nil {
				b, err = timePerft(c, stockfish)
			}
		} else {
			if b, err = timePerft(c, stockfish); err == nil {
				a, err = timePerft(c, engine)
			}
		}
		if err != nil {
			return nil, nil, nil, err
		}
		ours, theirs, ratios = append(ours, a), append(theirs, b), append(ratios, a/b)
		fmt.Fprintf(os.Stderr, "%s round %d: ratio %.3f\n", c.name, r+1, a/b)
	}
	return ratios, ours, theirs, nil
}

// timePerft runs one perft in a fresh process and returns its nodes per
// second. The clock starts once the engine has answered "isready", so start-up
// work (Stockfish loads its network) is not counted, and stops at the
// "Nodes searched" line. Both engines read the same UCI lines.
func timePerft(c perftCase, binary string) (float64, error) {
	cmd := exec.Command(binary)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return 0, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	if err := cmd.Start(); err != nil {
		return 0, fmt.Errorf("%s: %w", binary, err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	lines := bufio.NewScanner(stdout)
	fmt.Fprintf(stdin, "%s\nisready\n", positionCommand(c))
	if err := waitFor(lines, "readyok"); err != nil {
		return 0, fmt.Errorf("%s: %w", binary, err)
	}
	start := time.Now()
	fmt.Fprintf(stdin, "go perft %d\n", c.depth)
	nodes, err := nodesSearched(lines)
	elapsed := time.Since(start)
	fmt.Fprintln(stdin, "quit")
	if err != nil {
		return 0, fmt.Errorf("%s on %s: %w", binary, c.name, err)
	}
	if nodes != c.nodes {
		return 0, fmt.Errorf("%s on %s: %d nodes, want %d", binary, c.name, nodes, c.nodes)
	}
	return float64(nodes) / elapsed.Seconds(), nil
}

// positionCommand is the UCI "position" line for c.
func positionCommand(c perftCase) string {
	if c.fen == "" {
		return "position startpos"
	}
	return "position fen " + c.fen
}

// waitFor reads lines until one equals want.
func waitFor(lines *bufio.Scanner, want string) error {
	for lines.Scan() {
		if strings.TrimSpace(lines.Text()) == want {
			return nil
		}
	}
	return fmt.Errorf("no %q line", want)
}

// nodesSearched reads perft output up to its total, the line "Nodes
// searched: N" (see exe.PerftLine), and returns the total.
func nodesSearched(lines *bufio.Scanner) (uint64, error) {
	for lines.Scan() {
		if n, ok := exe.PerftLine(lines.Text()); ok {
			return n, nil
		}
	}
	return 0, fmt.Errorf("no \"Nodes searched\" line")
}
