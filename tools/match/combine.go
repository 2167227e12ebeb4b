package main

import (
	"flag"
	"fmt"
	"io"

	"cb2026/internal/results"
	"cb2026/internal/stats"
)

// combine pools matches played in pieces (the same engines, limits and
// openings, each piece with its own seed): it adds their games and pair
// counts and writes one summary, as if they were one match. A piece whose
// folder holds a void file is left out, with its reason. With -sprt it
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
	var pieces []results.Piece
	for _, dir := range dirs {
		void, err := results.Void(dir)
		if err != nil {
			return fmt.Errorf("combine: %w", err)
		}
		if void != "" {
			fmt.Fprintf(w, "%s: void, left out: %s\n", dir, void)
			continue
		}
		s, err := results.ReadDir(dir)
		if err != nil {
			return fmt.Errorf("combine: %w", err)
		}
		pieces = append(pieces, results.Piece{Dir: dir, Summary: s})
	}
	if len(pieces) == 0 {
		return fmt.Errorf("combine: every folder named is void: nothing to pool")
	}
	all, err := results.Pool(pieces)
	if err != nil {
		return fmt.Errorf("combine: %w", err)
	}
	for _, s := range pieces {
		fmt.Fprintf(w, "%s: seed %d, W %d D %d L %d, started %s, load %s to %s%s\n", s.Dir, s.Seed, s.Wins, s.Draws, s.Losses,
			s.Started.Format("2006-01-02 15:04 UTC"), s.LoadStart, s.LoadEnd, interruptedNote(s.Summary))
	}
	fmt.Fprintf(w, "%s vs %s\n", all.Engines[0], all.Engines[1])
	fmt.Fprintf(w, "limits %s, openings %s, adjudication %s; %d pieces\n", all.Limits, all.Openings, all.Adjudication, len(pieces))
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

// interruptedNote says that a piece was cut short, and after how many of
// its games, or is empty.
func interruptedNote(s results.Summary) string {
	if s.Interrupted == "" {
		return ""
	}
	return fmt.Sprintf("; interrupted (%s) after %d of %d games", s.Interrupted, s.Games+s.Unfinished, s.GamesPlanned)
}
