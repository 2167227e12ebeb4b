package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"cb2026/internal/stats"
)

// combine pools matches played in pieces (the same engines, limits and
// openings, each piece with its own seed): it adds their games and pair
// counts and writes one summary, as if they were one match. With -sprt it
// tests the pooled pairs too: pieces of a fixed number of games, pooled
// after each, are a sequential test looked at less often than after every
// pair, which errs only on the side of playing more games.
func combine(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("match combine", flag.ContinueOnError)
	fs.SetOutput(w)
	var o options
	o.sprtFlags(fs, "SPRT bounds elo0,elo1 to test the pooled pairs against, e.g. 0,5")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("combine: %w", err)
	}
	var test *stats.SPRT
	if o.sprt != "" {
		t, err := o.parseSPRT()
		if err != nil {
			return fmt.Errorf("combine: %w", err)
		}
		test = &t
	}
	dirs := fs.Args()
	if len(dirs) == 0 {
		return fmt.Errorf("combine: name the results folders to pool")
	}
	var all Summary
	for i, dir := range dirs {
		s, err := readSummary(dir)
		if err != nil {
			return err
		}
		if i == 0 {
			all = Summary{Engines: s.Engines, Limits: s.Limits, Openings: s.Openings, Adjudication: s.Adjudication,
				Failures: map[string]int{}, Endings: map[string]int{}}
		} else if err := samePieces(all, s, dirs[0], dir); err != nil {
			return err
		}
		all.GamesPlanned += s.GamesPlanned
		all.Unfinished += s.Unfinished
		for k, n := range s.Failures {
			all.Failures[k] += n
		}
		for k, n := range s.Endings {
			all.Endings[k] += n
		}
		for j := range all.Pentanomial {
			all.Pentanomial[j] += s.Pentanomial[j]
		}
		all.Wins, all.Draws, all.Losses = all.Wins+s.Wins, all.Draws+s.Draws, all.Losses+s.Losses
		fmt.Fprintf(w, "%s: seed %d, W %d D %d L %d, started %s, load %s to %s%s\n", dir, s.Seed, s.Wins, s.Draws, s.Losses,
			s.Started.Format("2006-01-02 15:04 UTC"), s.LoadStart, s.LoadEnd, interruptedNote(s))
	}
	all.Games = all.Wins + all.Draws + all.Losses
	estimate(&all)
	fmt.Fprintf(w, "%s vs %s\n", all.Engines[0], all.Engines[1])
	fmt.Fprintf(w, "limits %s, openings %s, adjudication %s; %d pieces\n", all.Limits, all.Openings, all.Adjudication, len(dirs))
	writeScore(w, all)
	if test != nil {
		writeSPRT(w, sprtSummary(*test, all.Pentanomial))
	}
	fmt.Fprintf(w, "endings: %s\n", joinCounts(all.Endings))
	failures := "none"
	if len(all.Failures) > 0 {
		failures = joinCounts(all.Failures)
	}
	fmt.Fprintf(w, "engine failures: %s\n", failures)
	return nil
}

// readSummary reads a results folder's results.json.
func readSummary(dir string) (Summary, error) {
	var s Summary
	data, err := os.ReadFile(filepath.Join(dir, "results.json"))
	if err != nil {
		return s, fmt.Errorf("combine: %w", err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return s, fmt.Errorf("combine: %s: %w", dir, err)
	}
	if len(s.Engines) != 2 {
		return s, fmt.Errorf("combine: %s: %d engines, want 2", dir, len(s.Engines))
	}
	return s, nil
}

// samePieces reports an error unless two pieces played the same match.
func samePieces(a, b Summary, adir, bdir string) error {
	switch {
	case a.Engines[0] != b.Engines[0] || a.Engines[1] != b.Engines[1]:
		return fmt.Errorf("combine: %s plays %s vs %s, %s plays %s vs %s", bdir, b.Engines[0], b.Engines[1], adir, a.Engines[0], a.Engines[1])
	case a.Limits != b.Limits:
		return fmt.Errorf("combine: %s has limits %s, %s has %s", bdir, b.Limits, adir, a.Limits)
	case a.Openings != b.Openings:
		return fmt.Errorf("combine: %s has openings %s, %s has %s", bdir, b.Openings, adir, a.Openings)
	case a.Adjudication != b.Adjudication:
		return fmt.Errorf("combine: %s has adjudication %s, %s has %s", bdir, b.Adjudication, adir, a.Adjudication)
	}
	return nil
}

// interruptedNote says that a piece was cut short, and after how many of
// its games, or is empty.
func interruptedNote(s Summary) string {
	if s.Interrupted == "" {
		return ""
	}
	return fmt.Sprintf("; interrupted (%s) after %d of %d games", s.Interrupted, s.Games+s.Unfinished, s.GamesPlanned)
}
