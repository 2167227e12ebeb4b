package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"cb2026/engine/board"
	"cb2026/engine/pgn"
	"cb2026/internal/results"
	"cb2026/internal/stats"
	"cb2026/tools/internal/host"
)

// pgnGame builds the PGN record of a played game, with the match settings
// in its headers.
func (m *Match) pgnGame(p Played, event string) *pgn.Game {
	g := &pgn.Game{Result: p.Ending.Result, Moves: p.Plies}
	white, black := m.Engines[p.White], m.Engines[1-p.White]
	g.SetTag("Event", event)
	g.SetTag("Site", "cb2026 tools/match")
	g.SetTag("Date", p.Start.UTC().Format("2006.01.02"))
	g.SetTag("Round", fmt.Sprintf("%d.%d", p.Index/2+1, p.Index%2+1))
	g.SetTag("White", white.Name)
	g.SetTag("Black", black.Name)
	if p.Opening.FEN != board.StartFEN {
		g.SetTag("SetUp", "1")
		g.SetTag("FEN", p.Opening.FEN)
	}
	g.SetTag("Opening", p.Opening.Name)
	g.SetTag("PlyCount", strconv.Itoa(len(p.Plies)))
	g.SetTag("Termination", p.Ending.Termination)
	g.SetTag("Ending", p.Ending.Reason)
	if p.Ending.Failure != "" {
		g.SetTag("Failure", p.Ending.Culprit.String()+" "+p.Ending.Failure)
	}
	g.SetTag("Limits", m.Referee.TC.String())
	if m.Referee.TC.Base > 0 {
		g.SetTag("TimeControl", fmt.Sprintf("%g+%g", m.Referee.TC.Base.Seconds(), m.Referee.TC.Inc.Seconds()))
	}
	g.SetTag("Adjudication", m.Referee.Adjudication.String())
	g.SetTag("WhiteEngine", white.String())
	g.SetTag("BlackEngine", black.String())
	return g
}

// summarize fills the numbers of a summary from the tally.
func summarize(s *results.Summary, t *Tally, test *stats.SPRT) {
	s.Games, s.Wins, s.Draws, s.Losses, s.Unfinished = t.Games(), t.Wins, t.Draws, t.Losses, t.Unfinished
	s.Pentanomial = t.Penta
	s.Estimate()
	s.Failures, s.Endings = t.Failures, t.Endings
	if c := [][]results.ClockMark{t.clocks.marks(0), t.clocks.marks(1)}; len(c[0])+len(c[1]) > 0 {
		s.Clocks = c
	}
	if test != nil {
		s.SPRT = sprtSummary(*test, t.Penta)
		if d := t.Decision; d != nil {
			s.SPRT.Verdict, s.SPRT.DecidedGames, s.SPRT.DecidedLLR = string(d.Verdict), d.Games, d.LLR
		}
	}
}

// sprtSummary is the test's settings and its verdict on the pairs p.
func sprtSummary(test stats.SPRT, p stats.Pentanomial) *results.SPRT {
	llr := test.LLR(p)
	lo, hi := test.Bounds()
	return &results.SPRT{Elo0: test.Elo0, Elo1: test.Elo1, Alpha: test.Alpha, Beta: test.Beta,
		Model: string(test.Model), LLR: llr, Lower: lo, Upper: hi, Verdict: string(test.Verdict(llr))}
}

// writeJSON writes the summary.
func writeJSON(path string, s results.Summary) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return writeFile(path, append(b, '\n'))
}

// writeFile writes a file whole: a temporary file renamed over it, so that
// a match cut off while writing leaves the old file or the new one.
func writeFile(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// writeText prints the summary for people.
func writeText(w io.Writer, s results.Summary) {
	fmt.Fprintf(w, "%s vs %s\n", s.Engines[0], s.Engines[1])
	fmt.Fprintf(w, "limits %s, openings %s (seed %d), concurrency %d, adjudication %s\n",
		s.Limits, s.Openings, s.Seed, s.Concurrency, s.Adjudication)
	writeScore(w, s)
	if s.Interrupted != "" {
		fmt.Fprintf(w, "interrupted (%s) after %d of %d games: play the rest with -resume\n",
			s.Interrupted, s.Games+s.Unfinished, s.GamesPlanned)
	}
	if s.Resumed > 0 {
		fmt.Fprintf(w, "resumed: %d games read back from %s\n", s.Resumed, s.PGN)
	}
	writeSPRT(w, s.SPRT)
	fmt.Fprintf(w, "endings: %s\n", joinCounts(s.Endings))
	if len(s.Failures) > 0 {
		fmt.Fprintf(w, "engine failures: %s\n", joinCounts(s.Failures))
	}
	writeClocks(w, s.Engines, s.Clocks)
	fmt.Fprintf(w, "started %s, time %.0fs, games in %s\n", s.Started.Format("2006-01-02 15:04 UTC"), s.Seconds, s.PGN)
	fmt.Fprintln(w, host.Describe(s.Machine, s.LoadStart, s.LoadEnd))
	fmt.Fprintf(w, "command: %s\n", s.Command)
}

// writeSPRT prints the SPRT's line, if there is a test.
func writeSPRT(w io.Writer, t *results.SPRT) {
	if t != nil {
		fmt.Fprintf(w, "SPRT [%.2f, %.2f] %s, alpha %.2f beta %.2f: LLR %.2f (%.2f, %.2f) %s",
			t.Elo0, t.Elo1, t.Model, t.Alpha, t.Beta, t.LLR, t.Lower, t.Upper, t.Verdict)
		if t.DecidedGames > 0 {
			fmt.Fprintf(w, " at game %d (LLR %.2f)", t.DecidedGames, t.DecidedLLR)
		}
		fmt.Fprintln(w)
	}
}

// writeScore prints a summary's games, pairs and Elo lines.
func writeScore(w io.Writer, s results.Summary) {
	fmt.Fprintf(w, "games %d of %d: W %d D %d L %d (unfinished %d), score %.1f%%\n",
		s.Games, s.GamesPlanned, s.Wins, s.Draws, s.Losses, s.Unfinished, 100*float64(s.Score))
	fmt.Fprintf(w, "pairs %s (LL, LD, DD+WL, WD, WW)\n", stats.Pentanomial(s.Pentanomial))
	fmt.Fprintf(w, "Elo %s ± %s (95%%), nElo %s ± %.1f, LOS %.1f%%\n", eloDigits(float64(s.Elo), 1),
		strings.TrimPrefix(eloDigits(float64(s.EloError), 1), "+"), eloDigits(float64(s.NElo), 1),
		float64(s.NEloError), 100*float64(s.LOS))
}

// joinCounts prints a count map in key order.
func joinCounts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}
