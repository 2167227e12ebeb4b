package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"cb2026/engine/board"
	"cb2026/engine/search"
	"cb2026/stages"
	"cb2026/tools/internal/openings"
)

// genOptions are the flags of the gen subcommand.
type genOptions struct {
	openings string       // opening sets: EPD files, each with its number of games
	nodes    uint64       // node limit per move
	stage    stages.Stage // the stage whose techniques play
	workers  int          // games played at once
	out      string       // the data file
	want     string       // the data's expected sha256 in hex; "" checks nothing
	filter   filter       // which positions to keep
}

// hashMB is the transposition table of each game's searcher: a node-limited
// search of a few thousand nodes fills little of it.
const hashMB = 2

// defaultGenStage is the stage that plays the self-play games: stage 19,
// whose evaluation terms stage 20 tunes.
const defaultGenStage = 19

// parseGen reads the gen subcommand's flags.
func parseGen(args []string) (genOptions, error) {
	var o genOptions
	o.stage, _ = stages.Get(defaultGenStage)
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.StringVar(&o.openings, "openings", defaultOpenings,
		"opening sets, comma-separated, each an EPD file and the number of games to play from it (file:games): one game per opening, spread evenly over the file")
	fs.Uint64Var(&o.nodes, "nodes", 1000, "nodes per move")
	fs.Func("stage", fmt.Sprintf("the stage whose engine plays, 1..%d or main (default %d)", stages.Last, defaultGenStage), func(v string) error {
		var err error
		o.stage, err = stages.Parse(v)
		return err
	})
	fs.IntVar(&o.workers, "workers", 2, "games played at once (does not change the output)")
	fs.StringVar(&o.out, "out", "tools/tune/data/selfplay.txt", "output file")
	fs.StringVar(&o.want, "want", "", "fail unless the output's sha256 is this (hex)")
	fs.IntVar(&o.filter.openingPlies, "skip", 8, "plies dropped after the opening position")
	fs.IntVar(&o.filter.plyCap, "cap", 400, "plies after which a game is a draw")
	fs.IntVar(&o.filter.capMargin, "cap-margin", 100, "plies before the cap whose positions are dropped")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if o.nodes < 1 || o.workers < 1 {
		return o, fmt.Errorf("gen: nodes and workers must be positive")
	}
	return o, nil
}

// runGen plays the games and writes the data file.
func runGen(args []string) error {
	o, err := parseGen(args)
	if err != nil {
		return err
	}
	starts, err := openingSets(o.openings)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(o.out), 0o755); err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	f, err := os.Create(o.out)
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	defer f.Close()
	hash := sha256.New()
	w := bufio.NewWriter(io.MultiWriter(f, hash))
	start := time.Now()
	p := player{techniques: search.DefaultTechniques(o.stage.Number), nodes: o.nodes, cap: o.filter.plyCap}
	var c counts
	err = playAll(starts, p, o.workers, func(i int, g game) error {
		c.games++
		c.results[g.result]++
		if (i+1)%100 == 0 {
			fmt.Fprintf(os.Stderr, "%d games, %s\n", i+1, time.Since(start).Round(time.Second))
		}
		return writeGame(w, g, o.filter, &c)
	})
	if err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	c.print(os.Stdout)
	sum := fmt.Sprintf("%x", hash.Sum(nil))
	fmt.Printf("time %s\nsha256 %s  %s\n", time.Since(start).Round(time.Second), sum, o.out)
	if err := f.Close(); err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	if o.want != "" && sum != o.want {
		return fmt.Errorf("gen: %s has sha256 %s, want %s", o.out, sum, o.want)
	}
	return nil
}

// defaultOpenings are the games of the committed data (README.md): 320
// from Stockfish's two-move book, then 700 from its "noob" book.
const defaultOpenings = "testdata/2moves_v1.epd:320,testdata/noob_2moves.epd:700"

// openingSets returns the start positions of every set of the -openings flag,
// set after set.
func openingSets(sets string) ([]string, error) {
	var starts []string
	for _, set := range strings.Split(sets, ",") {
		path, count, ok := strings.Cut(set, ":")
		n, err := strconv.Atoi(count)
		if !ok || err != nil || n < 1 {
			return nil, fmt.Errorf("gen: opening set %q: want file:games", set)
		}
		fens, err := pickOpenings(path, n)
		if err != nil {
			return nil, err
		}
		starts = append(starts, fens...)
	}
	return starts, nil
}

// pickOpenings returns n positions of the EPD file, spread evenly over it (the
// file is sorted, so its first n lines would all begin alike).
func pickOpenings(path string, n int) ([]string, error) {
	all, err := openings.Load(path)
	if err != nil {
		return nil, err
	}
	if n > len(all) {
		return nil, fmt.Errorf("gen: %d games but %s has %d openings", n, path, len(all))
	}
	fens := make([]string, n)
	for i := range fens {
		if fens[i], err = startFEN(all[i*len(all)/n]); err != nil {
			return nil, err
		}
	}
	return fens, nil
}

// startFEN returns the position an opening leaves: its FEN, after its moves
// if it has any (a PGN opening).
func startFEN(o openings.Opening) (string, error) {
	if err := o.Resolve(); err != nil {
		return "", err
	}
	p, err := board.ParseFEN(o.FEN)
	if err != nil {
		return "", err
	}
	for _, s := range o.Moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return "", fmt.Errorf("gen: opening %s: %w", o.Name, err)
		}
		p.MakeMove(m)
	}
	return p.FEN(), nil
}

// playAll plays one game from each start position with the given number of
// workers, and hands the games to each in index order, whatever order they
// finish in.
func playAll(starts []string, p player, workers int, each func(i int, g game) error) error {
	done := make([]chan game, len(starts))
	for i := range done {
		done[i] = make(chan game, 1)
	}
	jobs := make(chan int)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range workers {
		go func() {
			for i := range jobs {
				done[i] <- p.play(starts[i])
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range starts {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	for i := range starts {
		g := <-done[i]
		if g.err != nil {
			return fmt.Errorf("gen: game %d: %w", i, g.err)
		}
		if err := each(i, g); err != nil {
			return err
		}
	}
	return nil
}

// counts are the statistics of a gen run.
type counts struct {
	games     int
	results   [3]int // by result: black wins, draws, white wins
	positions int    // positions searched in all games
	inCheck   int    // dropped: the side to move is in check
	noisy     int    // dropped: the move played was a capture or a promotion
	opening   int    // dropped: too close to the opening position
	nearCap   int    // dropped: too close to the ply cap
	kept      int
}

// print writes the counts, one a line.
func (c counts) print(w io.Writer) {
	fmt.Fprintf(w, "games %d (white wins %d, draws %d, black wins %d)\n",
		c.games, c.results[whiteWins], c.results[draw], c.results[blackWins])
	fmt.Fprintf(w, "positions %d\n", c.positions)
	fmt.Fprintf(w, "dropped in check %d\n", c.inCheck)
	fmt.Fprintf(w, "dropped capture or promotion played %d\n", c.noisy)
	fmt.Fprintf(w, "dropped opening plies %d\n", c.opening)
	fmt.Fprintf(w, "dropped near the ply cap %d\n", c.nearCap)
	fmt.Fprintf(w, "kept %d\n", c.kept)
}

// writeGame writes the positions of g that pass the filter, one a line:
// the FEN, a semicolon and the game's result from White's point of view
// (1.0, 0.5 or 0.0).
func writeGame(w io.Writer, g game, f filter, c *counts) error {
	for _, r := range g.plies {
		c.positions++
		switch f.reason(r) {
		case dropInCheck:
			c.inCheck++
		case dropNoisy:
			c.noisy++
		case dropOpening:
			c.opening++
		case dropNearCap:
			c.nearCap++
		default:
			c.kept++
			if _, err := fmt.Fprintf(w, "%s;%s\n", r.fen, resultText[g.result]); err != nil {
				return fmt.Errorf("gen: %w", err)
			}
		}
	}
	return nil
}

// A filter says which positions of a game make good tuning data: quiet ones
// (the static evaluation of a position in the middle of a capture sequence
// or in check says little about it), away from the opening (every game
// starts alike) and from the ply cap (a game stopped there was not decided).
type filter struct {
	openingPlies int // plies after the opening position that are dropped
	plyCap       int // plies after which the game is scored a draw
	capMargin    int // plies before the cap that are dropped
}

// Reasons a position is dropped.
const (
	keep = iota
	dropInCheck
	dropNoisy
	dropOpening
	dropNearCap
)

// reason returns why the filter drops r, or keep; the first reason that
// applies counts.
func (f filter) reason(r record) int {
	switch {
	case r.inCheck:
		return dropInCheck
	case r.noisy:
		return dropNoisy
	case r.ply < f.openingPlies:
		return dropOpening
	case r.ply >= f.plyCap-f.capMargin:
		return dropNearCap
	}
	return keep
}

// The results of a game, indexing counts.results and resultText.
const (
	blackWins = 0
	draw      = 1
	whiteWins = 2
)

// resultText is each result as a score for White, as the data file gives it.
var resultText = [3]string{blackWins: "0.0", draw: "0.5", whiteWins: "1.0"}

// A record is one position of a game, before the move the engine played.
type record struct {
	fen     string
	ply     int  // plies played since the opening position
	inCheck bool // the side to move is in check
	noisy   bool // the move played was a capture or a promotion
}

// A game is the positions of one game and its result.
type game struct {
	plies  []record
	result int
	err    error
}

// A player plays self-play games: the same techniques on both sides, a fixed
// number of nodes a move, and a fresh searcher for each game, so a game
// depends on nothing but its start position.
type player struct {
	techniques search.Techniques
	nodes      uint64
	cap        int // plies after which the game is scored a draw
}

// play plays one game from the position fen to its end by the rules, or to
// the ply cap (scored a draw).
func (pl player) play(fen string) game {
	p, err := board.ParseFEN(fen)
	if err != nil {
		return game{err: err}
	}
	s := search.NewSearcher(pl.techniques, hashMB)
	var g game
	for ply := 0; ; ply++ {
		if result, over := ruleResult(p); over {
			g.result = result
			return g
		}
		if ply >= pl.cap {
			g.result = draw
			return g
		}
		m, _ := s.Search(context.Background(), p, search.Limits{Nodes: pl.nodes}, nil)
		g.plies = append(g.plies, record{
			fen:     p.FEN(),
			ply:     ply,
			inCheck: p.InCheck(),
			noisy:   p.IsCapture(m) || m.IsPromotion(),
		})
		p.MakeMove(m)
	}
}

// ruleResult returns the result the rules give p, if the game is over
// (board's Position.Ending: checkmate, stalemate, insufficient material, the
// fifty-move rule, or a threefold repetition of the positions since the
// opening position).
func ruleResult(p *board.Position) (int, bool) {
	result, _ := p.Ending()
	switch result {
	case board.Ongoing:
		return 0, false
	case board.WhiteWins:
		return whiteWins, true
	case board.BlackWins:
		return blackWins, true
	}
	return draw, true
}
