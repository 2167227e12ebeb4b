// Command match plays two UCI engines against each other from an opening
// set, each opening twice with colors swapped, and reports Elo with its 95%
// error from the pair (pentanomial) statistics and, if asked, an SPRT.
//
//	go run ./tools/match -engine "stage=5" -engine "stage=4" -nodes 20000 -games 200
//	go run ./tools/match -engine "stage=main" \
//	    -engine "cmd=/usr/games/stockfish option.UCI_LimitStrength=true option.UCI_Elo=1500" \
//	    -tc 10+0.1 -games 100 -out results/sf1500
//	go run ./tools/match -engine "stage=main name=new" -engine "stage=main option.History=false name=old" \
//	    -nodes 20000 -sprt 0,5 -games 20000
//
// Games are decided by the rules only (mate, stalemate, threefold
// repetition, the fifty-move rule, insufficient material); engine crashes,
// illegal moves, missing answers and time losses lose the game and are
// counted as such. -resign and -draw turn on score adjudication, which the
// output then names. The games go to OUT/games.pgn, the summary to
// OUT/results.json and OUT/results.txt. On a clock, every engine move's
// comment ends with the time left after it as [%clk h:mm:ss.mmm], and the
// summary gives each engine's time left when asked for its moves 20, 40
// and 60.
//
// A match cut off by SIGINT or SIGTERM kills its engines and writes the
// summary of the games it finished, marked "interrupted"; the folder's
// settings.json records the match's settings before its first game. A
// folder that holds anything is refused, unless -resume: then the settings
// must be the same, the finished games of games.pgn are read back and
// counted, and only the others are played (the same games, by the same
// openings' order), their games added to games.pgn.
//
// A match played in pieces (the same engines, limits and openings, each
// piece with its own -seed and -out) is pooled by
//
//	go run ./tools/match combine [-sprt elo0,elo1] DIR...
//
// which adds the pieces' games and pair counts and prints one summary. A
// piece whose folder holds void.txt, one paragraph saying why it does not
// count (played on a loaded machine, say), is left out with its reason;
// its games stay as they were played.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"cb2026/engine/pgn"
	"cb2026/exe"
	"cb2026/internal/results"
	"cb2026/internal/stats"
	"cb2026/tools/internal/driver"
	"cb2026/tools/internal/host"
	"cb2026/tools/internal/openings"
	"cb2026/tools/internal/spec"
)

// options are the command line's settings.
type options struct {
	engines      []string
	tc           TimeControl
	tcText       string
	openings     string
	seed         uint64
	games        int
	concurrency  int
	sprt         string
	sprtModel    string
	alpha, beta  float64
	resign, draw string
	margin       time.Duration
	timeout      time.Duration
	out, cache   string
	event        string
	quiet        bool
	ladder       string
	rev          string
	log          bool
	resume       bool
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "match:", err)
		os.Exit(1)
	}
}

// parseFlags reads the command line.
func parseFlags(args []string) (*options, error) {
	o := &options{}
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.Func("engine", "an engine: \"stage=N|main [rev=R] | cmd=PATH [arg=A] [name=N] [option.NAME=VALUE]\" (twice)",
		func(v string) error { o.engines = append(o.engines, v); return nil })
	fs.Uint64Var(&o.tc.Nodes, "nodes", 0, "nodes per move")
	fs.IntVar(&o.tc.Depth, "depth", 0, "depth per move")
	fs.DurationVar(&o.tc.MoveTime, "movetime", 0, "time per move, e.g. 100ms")
	fs.StringVar(&o.tcText, "tc", "", "clock: base+increment in seconds, e.g. 8+0.08")
	fs.StringVar(&o.openings, "openings", "testdata/2moves_v1.epd", "opening set: .epd, .pgn or .pgn.zip")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the openings' order (0: file order)")
	fs.IntVar(&o.games, "games", 20, "games to play (rounded up to pairs); the most with -sprt")
	fs.IntVar(&o.concurrency, "concurrency", 2, "games played at the same time")
	o.sprtFlags(fs, "SPRT bounds elo0,elo1, e.g. 0,5 (stops when decided)")
	fs.StringVar(&o.resign, "resign", "", "resign adjudication moves=N,score=CP (off by default)")
	fs.StringVar(&o.draw, "draw", "", "draw adjudication movenumber=M,moves=N,score=CP (off by default)")
	fs.DurationVar(&o.margin, "timemargin", 100*time.Millisecond, "how far a clock may run below zero")
	fs.DurationVar(&o.timeout, "timeout", time.Minute, "the longest wait for a node/depth-limited move")
	fs.StringVar(&o.out, "out", "match-results", "folder for games.pgn, results.json and results.txt (new or empty, unless -resume)")
	fs.BoolVar(&o.resume, "resume", false, "play the rest of the match that -out holds (its settings must be these)")
	fs.StringVar(&o.cache, "cache", "", "folder for built engines (default: the user cache folder)")
	fs.StringVar(&o.event, "event", "", "PGN Event tag (default: the engines and limits)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress lines")
	fs.BoolVar(&o.log, "log", false, "write every engine's UCI traffic to OUT/engines.log")
	fs.StringVar(&o.ladder, "ladder", "", "FROM:TO plays each stage FROM..TO (TO may be main) against the one before (instead of -engine)")
	fs.StringVar(&o.rev, "rev", "", "with -ladder: build every stage from this git revision (default: the work tree)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if len(o.engines) != 2 && o.ladder == "" {
		return nil, errors.New("give exactly two -engine flags (or -ladder)")
	}
	if o.games < 1 {
		return nil, fmt.Errorf("-games %d: want at least 1", o.games)
	}
	if o.concurrency < 1 {
		return nil, fmt.Errorf("-concurrency %d: want at least 1", o.concurrency)
	}
	if o.tcText != "" {
		base, inc, err := parseTC(o.tcText)
		if err != nil {
			return nil, err
		}
		o.tc.Base, o.tc.Inc = base, inc
	}
	if o.tc == (TimeControl{}) {
		return nil, errors.New("give a limit: -nodes, -depth, -movetime or -tc")
	}
	return o, nil
}

// parseTC reads "base+inc", each in seconds or as a Go duration.
func parseTC(s string) (base, inc time.Duration, err error) {
	b, i, _ := strings.Cut(s, "+")
	if base, err = seconds(b); err != nil || base <= 0 {
		return 0, 0, fmt.Errorf("-tc %q: bad base time", s)
	}
	if i != "" {
		if inc, err = seconds(i); err != nil {
			return 0, 0, fmt.Errorf("-tc %q: bad increment", s)
		}
	}
	return base, inc, nil
}

// seconds reads "8", "0.08" (seconds) or "80ms".
func seconds(s string) (time.Duration, error) {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return time.Duration(f * float64(time.Second)), nil
	}
	return time.ParseDuration(s)
}

// run is the command.
func run(args []string) error {
	if len(args) > 0 && args[0] == "combine" {
		return combine(args[1:], os.Stdout)
	}
	o, err := parseFlags(args)
	if err != nil {
		return err
	}
	ctx, stop := interruptible()
	defer stop()
	if o.ladder != "" {
		return o.runLadder(ctx, args)
	}
	_, err = o.runOne(ctx, commandLine(args))
	return err
}

// interruption is the cause of a context that a signal cancelled.
type interruption struct{ sig os.Signal }

// Error names the signal, e.g. "terminated".
func (i interruption) Error() string { return i.sig.String() }

// interruptible returns a context that the first SIGINT or SIGTERM cancels,
// with an interruption as its cause, and the function that stops listening.
func interruptible() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case sig := <-sigs:
			cancel(interruption{sig})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		cancel(nil)
	}
}

// commandLine is the command as the results file records it: the match
// it plays, so without -resume, which says only how it was played.
func commandLine(args []string) string {
	words := []string{"match"}
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != "resume" || !strings.HasPrefix(a, "-") {
			words = append(words, a)
		}
	}
	return strings.Join(words, " ")
}

// runOne plays the match the options describe and returns its summary.
func (o *options) runOne(ctx context.Context, command string) (results.Summary, error) {
	m, err := o.match(ctx)
	if err != nil {
		return results.Summary{}, err
	}
	return o.play(ctx, m, command)
}

// match builds the match from the options: engines built and started once
// to see that they run, openings loaded.
func (o *options) match(ctx context.Context) (*Match, error) {
	m := &Match{Concurrency: o.concurrency, Games: o.games + o.games%2,
		Referee: Referee{TC: o.tc, TimeMargin: o.margin, Timeout: o.timeout}}
	if err := o.engineSpecs(m); err != nil {
		return nil, err
	}
	if o.resign != "" {
		if err := m.Referee.Adjudication.ParseResign(o.resign); err != nil {
			return nil, err
		}
	}
	if o.draw != "" {
		if err := m.Referee.Adjudication.ParseDraw(o.draw); err != nil {
			return nil, err
		}
	}
	if o.sprt != "" {
		t, err := o.parseSPRT()
		if err != nil {
			return nil, err
		}
		m.SPRT = &t
	}
	var err error
	if m.Openings, err = openings.Load(exe.FromRoot(o.openings)); err != nil {
		return nil, err
	}
	if len(m.Openings) == 0 {
		return nil, fmt.Errorf("openings %s: empty", o.openings)
	}
	m.Order = openings.Order(len(m.Openings), o.seed)
	if ctx.Err() != nil {
		return nil, fmt.Errorf("interrupted (%v) before the first game", context.Cause(ctx))
	}
	for _, e := range m.Engines {
		if err := startOnce(ctx, e); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// engineSpecs parses and builds the two engines.
func (o *options) engineSpecs(m *Match) error {
	engines, err := spec.Prepare(o.engines, o.cache)
	if err != nil {
		return err
	}
	copy(m.Engines[:], engines)
	return nil
}

// startOnce starts the engine and ends it: an engine that cannot start (a
// missing program, an unknown option, no answer to uci) is an error before
// the first game, not a match of games it lost.
func startOnce(ctx context.Context, e spec.Engine) error {
	d, err := driver.StartContext(ctx, e.Config())
	if err != nil {
		return fmt.Errorf("engine %s cannot start: %w", e.Name, err)
	}
	return d.Close()
}

// sprtFlags defines the SPRT's flags, -sprt described by usage.
func (o *options) sprtFlags(fs *flag.FlagSet, usage string) {
	fs.StringVar(&o.sprt, "sprt", "", usage)
	fs.StringVar(&o.sprtModel, "sprt-model", string(stats.Logistic), "SPRT bounds in logistic or normalized Elo")
	fs.Float64Var(&o.alpha, "alpha", 0.05, "SPRT false positive rate")
	fs.Float64Var(&o.beta, "beta", 0.05, "SPRT false negative rate")
}

// parseSPRT reads "elo0,elo1".
func (o *options) parseSPRT() (stats.SPRT, error) {
	a, b, ok := strings.Cut(o.sprt, ",")
	elo0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	elo1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if !ok || err0 != nil || err1 != nil {
		return stats.SPRT{}, fmt.Errorf("-sprt %q: want elo0,elo1", o.sprt)
	}
	return stats.NewSPRT(elo0, elo1, o.alpha, o.beta, stats.Model(o.sprtModel))
}

// play runs the match and writes the outputs. Interrupted, it writes the
// summary of the games finished and returns an error that says so.
func (o *options) play(ctx context.Context, m *Match, command string) (results.Summary, error) {
	done, held, err := o.openOut(m)
	if err != nil {
		return results.Summary{}, err
	}
	defer held.Close()
	m.Done = done
	pgnPath := filepath.Join(o.out, "games.pgn")
	f, err := os.OpenFile(pgnPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return results.Summary{}, err
	}
	defer f.Close()
	event := o.event
	if event == "" {
		event = fmt.Sprintf("%s vs %s, %s", m.Engines[0].Name, m.Engines[1].Name, m.Referee.TC)
	}
	m.Record = func(p Played) error { return pgn.Write(f, m.pgnGame(p, event)) }
	if o.log {
		lf, err := os.OpenFile(filepath.Join(o.out, "engines.log"), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return results.Summary{}, err
		}
		defer lf.Close()
		m.EngineLog = lf
	}
	if !o.quiet {
		m.Progress = os.Stderr
	}
	s := results.Summary{Command: command, Limits: m.Referee.TC.String(), Openings: o.openings, Seed: o.seed,
		Concurrency: m.Concurrency, Adjudication: m.Referee.Adjudication.String(), GamesPlanned: m.Games,
		Engines: []string{m.Engines[0].String(), m.Engines[1].String()}, Started: time.Now().UTC(), PGN: pgnPath,
		Machine: host.Machine(), LoadStart: host.Load(), Resumed: len(done)}
	t, err := m.Run(ctx)
	if err != nil {
		return s, err
	}
	s.Seconds, s.LoadEnd = time.Since(s.Started).Seconds(), host.Load()
	summarize(&s, t, m.SPRT)
	var stopped interruption
	if errors.As(context.Cause(ctx), &stopped) {
		s.Interrupted = stopped.Error()
	}
	if err := writeOutputs(o.out, s); err != nil {
		return s, err
	}
	if s.Interrupted != "" {
		return s, fmt.Errorf("interrupted (%s) after %d of %d games, written to %s: play the rest with -resume",
			s.Interrupted, s.Games+s.Unfinished, s.GamesPlanned, o.out)
	}
	return s, nil
}

// writeOutputs prints the summary and writes results.txt and results.json.
func writeOutputs(dir string, s results.Summary) error {
	writeText(os.Stdout, s)
	var txt bytes.Buffer
	writeText(&txt, s)
	if err := writeFile(filepath.Join(dir, "results.txt"), txt.Bytes()); err != nil {
		return err
	}
	return writeJSON(filepath.Join(dir, "results.json"), s)
}
