package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"cb2026/engine/board"
	"cb2026/engine/pgn"
	"cb2026/internal/results"
)

// A match's folder is written by one match only: a new match wants it new
// or empty, and -resume goes on with the match it holds, the same settings
// asked for again. The finished games are read back from games.pgn, which
// holds every game the match finished, in the order they were recorded.

// Settings are what makes a match the one it is; a resumed match must ask
// for the same. OUT/settings.json holds them from before the first game.
type Settings struct {
	Engines      []string `json:"engines"`
	Limits       string   `json:"limits"`
	Openings     string   `json:"openings"`
	Seed         uint64   `json:"seed"`
	GamesPlanned int      `json:"games_planned"`
	Adjudication string   `json:"adjudication"`
	SPRT         string   `json:"sprt"` // bounds, model, alpha and beta; "" for no test
	TimeMargin   string   `json:"time_margin"`
	Timeout      string   `json:"timeout"`
}

// settings returns the match's settings.
func (o *options) settings(m *Match) Settings {
	s := Settings{Engines: []string{m.Engines[0].String(), m.Engines[1].String()}, Limits: m.Referee.TC.String(),
		Openings: o.openings, Seed: o.seed, GamesPlanned: m.Games, Adjudication: m.Referee.Adjudication.String(),
		TimeMargin: m.Referee.TimeMargin.String(), Timeout: m.Referee.Timeout.String()}
	if m.SPRT != nil {
		s.SPRT = fmt.Sprintf("[%g, %g] %s alpha %g beta %g", m.SPRT.Elo0, m.SPRT.Elo1, m.SPRT.Model, m.SPRT.Alpha, m.SPRT.Beta)
	}
	return s
}

// differences lists the settings in which b differs from a.
func (a Settings) differences(b Settings) []string {
	pairs := [][3]string{
		{"engines", strings.Join(a.Engines, " | "), strings.Join(b.Engines, " | ")},
		{"limits", a.Limits, b.Limits},
		{"openings", a.Openings, b.Openings},
		{"seed", strconv.FormatUint(a.Seed, 10), strconv.FormatUint(b.Seed, 10)},
		{"games", strconv.Itoa(a.GamesPlanned), strconv.Itoa(b.GamesPlanned)},
		{"adjudication", a.Adjudication, b.Adjudication},
		{"sprt", a.SPRT, b.SPRT},
		{"timemargin", a.TimeMargin, b.TimeMargin},
		{"timeout", a.Timeout, b.Timeout},
	}
	var diffs []string
	for _, p := range pairs {
		if p[1] != p[2] {
			diffs = append(diffs, fmt.Sprintf("%s %q, now %q", p[0], p[1], p[2]))
		}
	}
	return diffs
}

// openOut readies the output folder and returns the games finished before,
// and the folder held (holdFolder) until the caller closes it. A new match
// needs the folder missing or empty, and records its settings there. With
// -resume, a folder with a match in it must hold the same settings and a
// match not finished; its finished games are read back.
func (o *options) openOut(m *Match) ([]Played, *os.File, error) {
	set := o.settings(m)
	entries, err := os.ReadDir(o.out)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, nil, err
	}
	if len(entries) > 0 && !o.resume {
		return nil, nil, fmt.Errorf("-out %s is not empty (it holds %s): name a new folder, or give -resume to play the rest of its match",
			o.out, entries[0].Name())
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return nil, nil, err
	}
	held, err := holdFolder(o.out)
	if err != nil {
		return nil, nil, err
	}
	done, err := o.readyOut(m, set, len(entries) == 0)
	if err != nil {
		held.Close()
		return nil, nil, err
	}
	return done, held, nil
}

// readyOut records a new match's settings in the held folder, or checks a
// resumed one's and reads back its finished games.
func (o *options) readyOut(m *Match, set Settings, empty bool) ([]Played, error) {
	if empty {
		b, err := json.MarshalIndent(set, "", "  ")
		if err != nil {
			return nil, err
		}
		return nil, writeFile(filepath.Join(o.out, "settings.json"), append(b, '\n'))
	}
	if err := o.sameMatch(set); err != nil {
		return nil, err
	}
	return o.finishedGames(m)
}

// sameMatch reports an error unless the folder holds an unfinished match
// with the settings set.
func (o *options) sameMatch(set Settings) error {
	b, err := os.ReadFile(filepath.Join(o.out, "settings.json"))
	if err != nil {
		return fmt.Errorf("-resume: %w (a folder of an older match, or of none, cannot be resumed)", err)
	}
	var was Settings
	if err := json.Unmarshal(b, &was); err != nil {
		return fmt.Errorf("-resume: %s: %w", filepath.Join(o.out, "settings.json"), err)
	}
	if diffs := was.differences(set); len(diffs) > 0 {
		return fmt.Errorf("-resume: %s holds another match: %s", o.out, strings.Join(diffs, "; "))
	}
	if s, err := results.ReadDir(o.out); err == nil && s.Interrupted == "" {
		return fmt.Errorf("-resume: %s holds a finished match (%d games): nothing to play", o.out, s.Games+s.Unfinished)
	}
	return nil
}

// finishedGames reads back the games of the folder's games.pgn.
func (o *options) finishedGames(m *Match) ([]Played, error) {
	path := filepath.Join(o.out, "games.pgn")
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	games, err := pgn.ReadAll(f)
	if err != nil {
		return nil, fmt.Errorf("-resume: %s: %w", path, err)
	}
	var done []Played
	seen := map[int]bool{}
	for _, g := range games {
		p, err := m.readPlayed(g)
		if err == nil && seen[p.Index] {
			err = fmt.Errorf("game %d played twice", p.Index)
		}
		if err != nil {
			return nil, fmt.Errorf("-resume: %s line %d: %w", path, g.Line, err)
		}
		seen[p.Index] = true
		done = append(done, p)
	}
	slices.SortFunc(done, func(a, b Played) int { return a.Index - b.Index })
	return done, nil
}

// readPlayed reads back a game that pgnGame wrote: its number, colors and
// ending and, with a clock, each side's time when asked to move.
func (m *Match) readPlayed(g *pgn.Game) (Played, error) {
	var p Played
	round, _ := g.Tag("Round")
	pair, half, _ := strings.Cut(round, ".")
	k, err1 := strconv.Atoi(pair)
	j, err2 := strconv.Atoi(half)
	if err1 != nil || err2 != nil || k < 1 || j < 1 || j > 2 || 2*(k-1)+j-1 >= m.Games {
		return p, fmt.Errorf("round %q: not a game of this match's %d", round, m.Games)
	}
	p.Index = 2*(k-1) + j - 1
	white, _ := g.Tag("White")
	black, _ := g.Tag("Black")
	p.White = slices.Index([]string{m.Engines[0].Name, m.Engines[1].Name}, white)
	if p.White != p.Index%2 || black != m.Engines[1-p.White].Name {
		return p, fmt.Errorf("round %s: %s vs %s, want %s as White", round, white, black, m.Engines[p.Index%2].Name)
	}
	if n, _ := g.Tag("PlyCount"); n != strconv.Itoa(len(g.Moves)) {
		return p, fmt.Errorf("round %s: %d plies, its PlyCount says %s: a game cut off as it was written (remove it to resume)",
			round, len(g.Moves), n)
	}
	p.Plies, p.Ending.Result = g.Moves, g.Result
	p.Ending.Termination, _ = g.Tag("Termination")
	if g.Result == pgn.Unfinished && p.Ending.Termination != termAbandoned {
		return p, fmt.Errorf("round %s: no result: a game cut off as it was written (remove it to resume)", round)
	}
	p.Ending.Reason, _ = g.Tag("Ending")
	if err := readFailure(g, &p.Ending); err != nil {
		return p, fmt.Errorf("round %s: %w", round, err)
	}
	if m.Referee.TC.Base > 0 {
		asked, err := m.readAsked(g, p.Ending)
		if err != nil {
			return p, fmt.Errorf("round %s: %w", round, err)
		}
		p.Asked = asked
	}
	return p, nil
}

// readFailure reads the Failure tag, "white crash", into the ending.
func readFailure(g *pgn.Game, e *Ending) error {
	tag, ok := g.Tag("Failure")
	if !ok {
		if e.Termination != termNormal && e.Termination != termAdjudicated && e.Result != pgn.Unfinished {
			return fmt.Errorf("termination %q without a Failure tag", e.Termination)
		}
		return nil
	}
	color, kind, _ := strings.Cut(tag, " ")
	switch color {
	case board.White.String():
		e.Culprit = board.White
	case board.Black.String():
		e.Culprit = board.Black
	default:
		return fmt.Errorf("failure %q: want white or black and its kind", tag)
	}
	e.Failure = kind
	return nil
}

// clkPattern finds the [%clk h:mm:ss.mmm] of a move's comment.
var clkPattern = regexp.MustCompile(`\[%clk (\d+):(\d\d):(\d\d)\.(\d\d\d)\]`)

// readAsked rebuilds a clock game's record of the time each side had when
// asked to move: its base time at its first move, then the time left after
// its move before (the [%clk] of that move's comment), and, when the game
// ended by the fault of the side to move, once more at the end.
func (m *Match) readAsked(g *pgn.Game, end Ending) ([]Asked, error) {
	fen, ok := g.Tag("FEN")
	if !ok {
		fen = board.StartFEN
	}
	start, err := board.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	side, move := start.SideToMove(), start.FullmoveNumber()
	clock := [2]time.Duration{m.Referee.TC.Base, m.Referee.TC.Base}
	var asked []Asked
	for _, ply := range g.Moves {
		if c := clkPattern.FindStringSubmatch(ply.Comment); c != nil {
			asked = append(asked, Asked{Side: side, Move: move, Left: clock[side]})
			clock[side] = clkDuration(c[1:])
		}
		if side == board.Black {
			move++
		}
		side = side.Other()
	}
	if end.Failure != "" && end.Culprit == side && !strings.Contains(end.Reason, "could not start") {
		asked = append(asked, Asked{Side: side, Move: move, Left: clock[side]})
	}
	return asked, nil
}

// clkDuration reads the hours, minutes, seconds and milliseconds of a [%clk].
func clkDuration(f []string) time.Duration {
	var n [4]int
	for i, s := range f {
		n[i], _ = strconv.Atoi(s)
	}
	return time.Duration(n[0])*time.Hour + time.Duration(n[1])*time.Minute +
		time.Duration(n[2])*time.Second + time.Duration(n[3])*time.Millisecond
}
