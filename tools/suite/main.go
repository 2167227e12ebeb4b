// Command suite runs an engine on an EPD test suite at a fixed budget per
// position and counts what it solves: for bm/am suites (WAC, Arasan, ECM,
// Bratko–Kopec) a position is solved when the engine's move is one of the
// bm moves and none of the am moves; for STS the points of the move from
// the c0 field are added up (10 for the best move). Each position is
// searched from a new game (cleared hash), so at fixed nodes the result is
// the same on every run.
//
//	go run ./tools/suite -engine "stage=main" -suite testdata/wacnew.epd -nodes 100000
//	go run ./tools/suite -engine "cmd=/usr/games/stockfish" -suite testdata/STS1-STS15_LAN_v3.epd -movetime 100ms
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"cb2026/exe"
	"cb2026/tools/internal/driver"
	"cb2026/tools/internal/epd"
	"cb2026/tools/internal/host"
	"cb2026/tools/internal/spec"
)

// sortStrings sorts in place (deterministic reports).
func sortStrings(s []string) { slices.Sort(s) }

// options are the command line's settings.
type options struct {
	engine      string
	suite       string
	limits      driver.Limits
	concurrency int
	first       int
	timeout     time.Duration
	cache       string
	out         string
	verbose     bool
}

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "suite:", err)
		os.Exit(1)
	}
}

// parseFlags reads the command line.
func parseFlags(args []string) (*options, error) {
	o := &options{}
	fs := flag.NewFlagSet("suite", flag.ContinueOnError)
	fs.StringVar(&o.engine, "engine", "stage=main", "the engine (a spec as for tools/match)")
	fs.StringVar(&o.suite, "suite", "testdata/wacnew.epd", "the EPD suite")
	fs.Uint64Var(&o.limits.Nodes, "nodes", 0, "nodes per position")
	fs.IntVar(&o.limits.Depth, "depth", 0, "depth per position")
	fs.DurationVar(&o.limits.MoveTime, "movetime", 0, "time per position")
	fs.IntVar(&o.concurrency, "concurrency", 2, "positions searched at the same time")
	fs.IntVar(&o.first, "first", 0, "only the first N positions (0: all)")
	fs.DurationVar(&o.timeout, "timeout", time.Minute, "the longest wait for a node/depth-limited answer")
	fs.StringVar(&o.cache, "cache", "", "folder for built engines (default: the user cache folder)")
	fs.StringVar(&o.out, "out", "", "write the per-position report and summary to this file")
	fs.BoolVar(&o.verbose, "v", false, "print every position's line")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if o.limits == (driver.Limits{}) {
		return nil, errors.New("give a budget: -nodes, -depth or -movetime")
	}
	return o, nil
}

// run is the command.
func run(args []string, stdout, stderr io.Writer) error {
	o, err := parseFlags(args)
	if err != nil {
		return err
	}
	problems, err := loadSuite(exe.FromRoot(o.suite), o.first)
	if err != nil {
		return err
	}
	e, err := o.buildEngine()
	if err != nil {
		return err
	}
	s := &Suite{Engine: e, Limits: o.limits, Concurrency: o.concurrency, Timeout: o.timeout}
	if o.verbose {
		s.Progress = stderr
	}
	run := Run{Command: strings.Join(append([]string{"suite"}, args...), " "), Started: time.Now(),
		Machine: host.Machine(), LoadStart: host.Load()}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	answers := s.Run(ctx, problems)
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted: the engines are stopped and no report is written")
	}
	run.Elapsed, run.LoadEnd = time.Since(run.Started), host.Load()
	rep := NewReport(o.suite, e, o.limits, problems, answers)
	rep.Run = run
	rep.Summary(stdout)
	if o.out == "" {
		return nil
	}
	f, err := os.Create(o.out)
	if err != nil {
		return err
	}
	defer f.Close()
	rep.Lines(f)
	rep.Summary(f)
	rep.Record(f)
	return nil
}

// buildEngine parses the spec and builds a stage.
func (o *options) buildEngine() (spec.Engine, error) {
	engines, err := spec.Prepare([]string{o.engine}, o.cache)
	if err != nil {
		return spec.Engine{}, err
	}
	return engines[0], nil
}

// loadSuite reads the suite's problems (the first n if n > 0).
func loadSuite(path string, n int) ([]*Problem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := epd.Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: no EPD records", path)
	}
	if n > 0 && n < len(recs) {
		recs = recs[:n]
	}
	problems := make([]*Problem, 0, len(recs))
	for _, r := range recs {
		p, err := NewProblem(r)
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, r.Line, err)
		}
		problems = append(problems, p)
	}
	return problems, nil
}
