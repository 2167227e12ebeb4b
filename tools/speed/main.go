// Command speed compares the speed of two engines by their bench: it runs
// both many times, alternating which goes first, and reports the median
// ratio of their nodes per second with a 95% interval and a verdict against
// a threshold. It also reports each side's bench node count, so that a
// change of the search (different nodes) is told apart from a change of
// speed (same nodes, different time). With -valgrind it adds each side's
// instructions per node from cachegrind, which repeat to the instruction.
//
//	go run ./tools/speed -a "stage=main" -b "stage=main set.history=off" -rounds 10
//	go run ./tools/speed -a "stage=main rev=HEAD~1" -b "stage=main" -depth 8 -valgrind
//
// With -movetime it compares engines that have no bench, or whose benches
// differ, on the same positions and time per move: both run as UCI
// processes, and each searches every bench position with "go movetime T",
// alternately; the speed is read from each search's last info line.
//
//	go run ./tools/speed -a "stage=main option.Hash=16" -b "cmd=/usr/games/ethereal-chess option.Hash=16" -movetime 1s
//
// Engines are specs as for tools/match (stage=, rev=, cmd=, option., set.).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"cb2026/tools/internal/host"
	"cb2026/tools/internal/spec"
)

// options are the command line's settings.
type options struct {
	a, b      string
	depth     int
	rounds    int
	threshold float64 // percent
	valgrind  bool
	cpu       bool          // nodes per second of CPU time instead of wall-clock time
	movetime  time.Duration // > 0: the fixed-time comparison instead of the bench
	timeout   time.Duration
	cache     string
	out       string
}

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "speed:", err)
		os.Exit(1)
	}
}

// run is the command.
func run(args []string, stdout, progress io.Writer) error {
	o := &options{}
	fs := flag.NewFlagSet("speed", flag.ContinueOnError)
	fs.StringVar(&o.a, "a", "stage=main", "the base engine (a spec as for tools/match)")
	fs.StringVar(&o.b, "b", "", "the engine compared with it")
	fs.IntVar(&o.depth, "depth", 0, "bench depth (0: the engine's default)")
	fs.IntVar(&o.rounds, "rounds", 10, "rounds; each runs both engines once")
	fs.Float64Var(&o.threshold, "threshold", 1, "percent: a smaller difference counts as the same speed")
	fs.BoolVar(&o.cpu, "cpu", false, "measure nodes per second of the bench process's CPU time, not of wall-clock time (for a loaded machine)")
	fs.BoolVar(&o.valgrind, "valgrind", false, "also count instructions per node with cachegrind")
	fs.DurationVar(&o.movetime, "movetime", 0, "search each bench position for this long (go movetime) instead of running the bench")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Minute, "the longest one bench may take")
	fs.StringVar(&o.cache, "cache", "", "folder for built engines (default: the user cache folder)")
	fs.StringVar(&o.out, "out", "", "also write the report to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if o.b == "" {
		return fmt.Errorf("give -b, the engine to compare with -a")
	}
	engines, err := o.engines()
	if err != nil {
		return err
	}
	measureWith := measure
	if o.movetime > 0 {
		measureWith = measureMoveTime
	}
	started, loadStart := time.Now().UTC(), host.Load()
	r, err := measureWith(engines, o, progress)
	if err != nil {
		return err
	}
	r.Command = strings.Join(append([]string{"speed"}, args...), " ")
	r.Host = "started " + started.Format("2006-01-02 15:04 UTC") + ", " + host.Describe(host.Machine(), loadStart, host.Load())
	return o.report(r, stdout)
}

// engines parses and builds the two specs.
func (o *options) engines() ([2]spec.Engine, error) {
	var out [2]spec.Engine
	engines, err := spec.Prepare([]string{o.a, o.b}, o.cache)
	if err != nil {
		return out, err
	}
	copy(out[:], engines)
	return out, nil
}

// report writes the result to stdout and, if asked, to a file.
func (o *options) report(r Result, stdout io.Writer) error {
	r.Write(stdout, o.threshold/100)
	if o.out == "" {
		return nil
	}
	f, err := os.Create(o.out)
	if err != nil {
		return err
	}
	defer f.Close()
	r.Write(f, o.threshold/100)
	return nil
}

// Result is a speed comparison's data.
type Result struct {
	Command   string // the command line, for the report
	Host      string // date, machine and load, for the report
	Engines   [2]spec.Engine
	Depth     int
	MoveTime  time.Duration // > 0: the fixed-time comparison
	CPU       bool          // NPS are nodes per second of CPU time
	NPS       [2][]float64
	Nodes     [2][]uint64
	Ratios    []float64 // b / a, one per round
	Instr     [2]uint64 // cachegrind instructions, 0 if not measured
	InstrNode [2]uint64 // the node counts of the cachegrind runs
}

// measure runs the rounds, alternating which engine goes first.
func measure(e [2]spec.Engine, o *options, progress io.Writer) (Result, error) {
	r := Result{Engines: e, Depth: o.depth, CPU: o.cpu}
	for round := range o.rounds {
		order := []int{0, 1}
		if round%2 == 1 {
			order = []int{1, 0}
		}
		for _, i := range order {
			b, err := runBench(e[i], o.depth, o.timeout)
			if err != nil {
				return r, err
			}
			nps := b.NPS
			if o.cpu {
				nps = b.CPUNPS()
			}
			r.NPS[i] = append(r.NPS[i], nps)
			r.Nodes[i] = append(r.Nodes[i], b.Nodes)
		}
		r.Ratios = append(r.Ratios, r.NPS[1][round]/r.NPS[0][round])
		fmt.Fprintf(progress, "round %d/%d: %s %.0f nps, %s %.0f nps, ratio %.4f\n", round+1, o.rounds,
			e[0].Name, r.NPS[0][round], e[1].Name, r.NPS[1][round], r.Ratios[round])
	}
	if o.valgrind {
		for i := range e {
			n, nodes, err := instructions(e[i], o.depth, o.timeout*20)
			if err != nil {
				return r, err
			}
			r.Instr[i], r.InstrNode[i] = n, nodes
		}
	}
	return r, nil
}
