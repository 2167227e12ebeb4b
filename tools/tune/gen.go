package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"cb2026/engine/board"
	"cb2026/engine/search"
	"cb2026/exe"
	"cb2026/stages"
	"cb2026/tools/internal/openings"
	"cb2026/tools/internal/spec"
)

// genOptions are the flags of the gen subcommand.
type genOptions struct {
	engine   string       // the commit whose engine plays; "." the checkout's own
	pieces   []int        // the pieces to make; nil: those of the manifest
	piecesAs string       // -pieces as written ("" if not given)
	manifest string       // the manifest of the pieces
	dir      string       // the pieces' data files
	nodes    uint64       // node limit per move
	stage    stages.Stage // the stage whose techniques play
	workers  int          // games played at once
	filter   filter       // which positions to keep
}

// hashMB is the transposition table of each game's searcher: a node-limited
// search of a few thousand nodes fills little of it.
const hashMB = 2

// defaultGenStage is the stage that plays the self-play games: stage 19,
// whose evaluation terms stage 20 tunes.
const defaultGenStage = 19

// dataEngine is the commit whose stage 19 played the committed pieces. gen
// plays with it unless -engine names another, because the data is the games
// of one engine: a later change may alter a few self-play games without
// moving any bench (chapter 9's mate before the fifty-move rule, 2f563c3,
// changed piece 1 by four positions), and the manifest would then no longer
// be played again.
const dataEngine = "4a173c9"

// The committed data's files.
const (
	defaultManifest = "tools/tune/pieces.tsv"
	defaultDataDir  = "tools/tune/data"
)

// parseGen reads the gen subcommand's flags.
func parseGen(args []string) (genOptions, error) {
	var o genOptions
	o.stage, _ = stages.Get(defaultGenStage)
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.StringVar(&o.engine, "engine", dataEngine, `the commit whose engine plays, checked out under the user cache folder; "." plays with this checkout's`)
	fs.Func("pieces", fmt.Sprintf("the pieces to make, of 1..%d, e.g. 1-13 or 14,15 (default: every piece of the manifest)", pieceCount), func(v string) error {
		var err error
		o.pieces, err = parseRange(v)
		o.piecesAs = v
		return err
	})
	fs.StringVar(&o.manifest, "manifest", defaultManifest, "the pieces' manifest: checked, and a new piece's row added")
	fs.StringVar(&o.dir, "dir", defaultDataDir, "directory of the pieces' data files")
	fs.Uint64Var(&o.nodes, "nodes", 1000, "nodes per move")
	fs.Func("stage", fmt.Sprintf("the stage whose engine plays, 1..%d or main (default %d)", stages.Last, defaultGenStage), func(v string) error {
		var err error
		o.stage, err = stages.Parse(v)
		return err
	})
	fs.IntVar(&o.workers, "workers", 2, "games played at once (does not change the output)")
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

// runGen makes the pieces: each one missing, or whose file does not have
// the manifest's checksum, is played again and must then match its row; a
// piece the manifest does not list yet is played and its row added.
func runGen(args []string) error {
	o, err := parseGen(args)
	if err != nil {
		return err
	}
	if o.engine != "." {
		return o.genAt()
	}
	rows, err := readManifest(o.manifest)
	if err != nil {
		return err
	}
	todo := o.pieces
	if todo == nil {
		for _, r := range rows {
			todo = append(todo, r.n)
		}
	}
	if len(todo) == 0 {
		return fmt.Errorf("gen: %s lists no pieces: name the pieces to play with -pieces", o.manifest)
	}
	if err := os.MkdirAll(o.dir, 0o755); err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	for _, n := range todo {
		if rows, err = o.makePiece(rows, n); err != nil {
			return err
		}
	}
	return nil
}

// genAt runs gen in a checkout of the commit o.engine names (made once, in
// the folder where tools/match makes the revisions it plays), with o's
// flags and the manifest and data folder of this checkout, so that the
// pieces are played by that commit's engine and land here.
func (o genOptions) genAt() error {
	cache, err := spec.CacheDir("")
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	dir, hash, err := exe.Worktree(".", cache, o.engine)
	if err != nil {
		return fmt.Errorf("gen: the engine of %s: %w", o.engine, err)
	}
	args, err := o.atArgs()
	if err != nil {
		return err
	}
	fmt.Printf("gen: playing with the engine of commit %s, checked out in %s\n", hash, dir)
	cmd := exec.Command("go", append([]string{"run", "./tools/tune", "gen"}, args...)...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("gen: with the engine of %s: %w", hash, err)
	}
	return nil
}

// atArgs returns the flags that give gen in another checkout o's options,
// with the manifest and the data folder as absolute paths into this one,
// and without -engine: the other checkout plays with its own engine.
func (o genOptions) atArgs() ([]string, error) {
	manifest, err := filepath.Abs(o.manifest)
	if err != nil {
		return nil, fmt.Errorf("gen: %w", err)
	}
	dir, err := filepath.Abs(o.dir)
	if err != nil {
		return nil, fmt.Errorf("gen: %w", err)
	}
	args := []string{
		"-manifest", manifest, "-dir", dir,
		"-nodes", strconv.FormatUint(o.nodes, 10), "-stage", o.stage.String(),
		"-workers", strconv.Itoa(o.workers), "-skip", strconv.Itoa(o.filter.openingPlies),
		"-cap", strconv.Itoa(o.filter.plyCap), "-cap-margin", strconv.Itoa(o.filter.capMargin),
	}
	if o.piecesAs != "" {
		args = append(args, "-pieces", o.piecesAs)
	}
	return args, nil
}

// makePiece makes piece n unless its file is present with the checksum of
// its row in rows, and returns the rows with the piece's.
func (o genOptions) makePiece(rows []piece, n int) ([]piece, error) {
	i := slices.IndexFunc(rows, func(r piece) bool { return r.n == n })
	path := pieceFile(o.dir, n)
	if i >= 0 && fileSHA256(path) == rows[i].sha256 {
		fmt.Printf("piece %d: present, sha256 %s\n", n, rows[i].sha256)
		return rows, nil
	}
	start := time.Now()
	got, err := o.playPiece(n, path+".tmp")
	if err != nil {
		return nil, err
	}
	if i >= 0 && got != rows[i] {
		os.Remove(path + ".tmp")
		return nil, fmt.Errorf("gen: piece %d differs from %s:\nplayed   %s\nmanifest %s", n, o.manifest, got, rows[i])
	}
	if err := os.Rename(path+".tmp", path); err != nil {
		return nil, fmt.Errorf("gen: %w", err)
	}
	fmt.Printf("piece %d: %d games, %d positions kept, %s, sha256 %s\n",
		n, got.games[0]+got.games[1], got.kept, time.Since(start).Round(time.Second), got.sha256)
	if i >= 0 {
		return rows, nil
	}
	rows = withPiece(rows, got)
	return rows, writeManifest(o.manifest, rows)
}

// playPiece plays piece n's games and writes its data to path.
func (o genOptions) playPiece(n int, path string) (piece, error) {
	starts, from, err := pieceOpenings(".", n)
	if err != nil {
		return piece{}, err
	}
	f, err := os.Create(path)
	if err != nil {
		return piece{}, fmt.Errorf("gen: %w", err)
	}
	defer f.Close()
	hash := sha256.New()
	size := &countingWriter{}
	w := bufio.NewWriter(io.MultiWriter(f, hash, size))
	p := player{techniques: search.DefaultTechniques(o.stage.Number), nodes: o.nodes, cap: o.filter.plyCap}
	var c counts
	err = playAll(starts, p, o.workers, func(_ int, g game) error {
		c.results[g.result]++
		return writeGame(w, g, o.filter, &c)
	})
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Close()
	}
	if err != nil {
		return piece{}, fmt.Errorf("gen: piece %d: %w", n, err)
	}
	return piece{n: n, games: from, results: c.results, positions: c.positions, kept: c.kept,
		bytes: size.n, sha256: fmt.Sprintf("%x", hash.Sum(nil))}, nil
}

// A countingWriter counts the bytes written to it.
type countingWriter struct{ n int64 }

// Write counts b.
func (w *countingWriter) Write(b []byte) (int, error) {
	w.n += int64(len(b))
	return len(b), nil
}

// fileSHA256 returns the sha256 of the file in hex, or "" if it cannot be read.
func fileSHA256(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// everyNth returns the start positions of the EPD file's lines first,
// first+stride, first+2·stride, … (the file is sorted, so a run of
// consecutive lines would all begin alike).
func everyNth(path string, first, stride int) ([]string, error) {
	all, err := openings.Load(path)
	if err != nil {
		return nil, err
	}
	var fens []string
	for i := first; i < len(all); i += stride {
		fen, err := startFEN(all[i])
		if err != nil {
			return nil, err
		}
		fens = append(fens, fen)
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
	results   [3]int // by result: black wins, draws, white wins
	positions int    // positions searched in all games
	inCheck   int    // dropped: the side to move is in check
	noisy     int    // dropped: the move played was a capture or a promotion
	opening   int    // dropped: too close to the opening position
	nearCap   int    // dropped: too close to the ply cap
	kept      int
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
	s := search.NewSearcher(pl.techniques)
	if err := s.SetHashSize(hashMB); err != nil {
		return game{err: err}
	}
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
