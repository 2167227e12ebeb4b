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
// A match played in pieces (the same engines, limits and openings, each
// piece with its own -seed and -out) is pooled by
//
//	go run ./tools/match combine [-sprt elo0,elo1] DIR...
//
// which adds the pieces' games and pair counts and prints one summary.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"cb2026/engine/pgn"
	"cb2026/exe"
	"cb2026/internal/stats"
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
	fs.StringVar(&o.out, "out", "match-results", "folder for games.pgn, results.json and results.txt")
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
	if o.ladder != "" {
		return o.runLadder(args)
	}
	_, err = o.runOne(commandLine(args))
	return err
}

// commandLine is the command as the results file records it.
func commandLine(args []string) string {
	return strings.Join(append([]string{"match"}, args...), " ")
}

// runOne plays the match the options describe and returns its summary.
func (o *options) runOne(command string) (Summary, error) {
	m, err := o.match()
	if err != nil {
		return Summary{}, err
	}
	return o.play(m, command)
}

// match builds the match from the options: engines built, openings loaded.
func (o *options) match() (*Match, error) {
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

// play runs the match and writes the outputs.
func (o *options) play(m *Match, command string) (Summary, error) {
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return Summary{}, err
	}
	pgnPath := filepath.Join(o.out, "games.pgn")
	f, err := os.Create(pgnPath)
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	event := o.event
	if event == "" {
		event = fmt.Sprintf("%s vs %s, %s", m.Engines[0].Name, m.Engines[1].Name, m.Referee.TC)
	}
	m.Record = func(p Played) error { return pgn.Write(f, m.pgnGame(p, event)) }
	if o.log {
		lf, err := os.Create(filepath.Join(o.out, "engines.log"))
		if err != nil {
			return Summary{}, err
		}
		defer lf.Close()
		m.EngineLog = lf
	}
	if !o.quiet {
		m.Progress = os.Stderr
	}
	s := Summary{Command: command, Limits: m.Referee.TC.String(), Openings: o.openings, Seed: o.seed,
		Concurrency: m.Concurrency, Adjudication: m.Referee.Adjudication.String(), GamesPlanned: m.Games,
		Engines: []string{m.Engines[0].String(), m.Engines[1].String()}, Started: time.Now().UTC(), PGN: pgnPath,
		Machine: host.Machine(), LoadStart: host.Load()}
	t, err := m.Run()
	if err != nil {
		return s, err
	}
	s.Seconds, s.LoadEnd = time.Since(s.Started).Seconds(), host.Load()
	summarize(&s, t, m.SPRT)
	writeText(os.Stdout, s)
	txt, err := os.Create(filepath.Join(o.out, "results.txt"))
	if err != nil {
		return s, err
	}
	defer txt.Close()
	writeText(txt, s)
	return s, writeJSON(filepath.Join(o.out, "results.json"), s)
}
