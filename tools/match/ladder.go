package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"cb2026/tools/internal/stats"
)

// A stage ladder plays every stage against the one before it, each match
// with the same settings, and tabulates the Elo each stage gained.

// parseLadder reads "FROM:TO".
func parseLadder(s string) (from, to int, err error) {
	a, b, ok := strings.Cut(s, ":")
	from, err1 := strconv.Atoi(a)
	to, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || from < 2 || to < from {
		return 0, 0, fmt.Errorf("-ladder %q: want FROM:TO with 2 ≤ FROM ≤ TO", s)
	}
	return from, to, nil
}

// runLadder plays the ladder's matches into OUT/stageN and writes
// OUT/ladder.md.
func (o *options) runLadder(args []string) error {
	from, to, err := parseLadder(o.ladder)
	if err != nil {
		return err
	}
	root := o.out
	var rows []Summary
	for n := from; n <= to; n++ {
		one := *o
		one.engines = []string{fmt.Sprintf("stage=%d", n), fmt.Sprintf("stage=%d", n-1)}
		if o.rev != "" {
			one.engines[0] += " rev=" + o.rev
			one.engines[1] += " rev=" + o.rev
		}
		one.out = filepath.Join(root, fmt.Sprintf("stage%d", n))
		s, err := one.runOne(fmt.Sprintf("%s (ladder step: stage=%d vs stage=%d)", commandLine(args), n, n-1))
		if err != nil {
			return err
		}
		rows = append(rows, s)
		if err := writeLadder(filepath.Join(root, "ladder.md"), from, rows); err != nil {
			return err
		}
	}
	return writeLadderTable(os.Stdout, from, rows)
}

// writeLadder writes the table so far to a file.
func writeLadder(path string, from int, rows []Summary) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return writeLadderTable(f, from, rows)
}

// writeLadderTable prints the Markdown table of gains.
func writeLadderTable(w io.Writer, from int, rows []Summary) error {
	if len(rows) == 0 {
		return nil
	}
	fmt.Fprintf(w, "Stage ladder: %s, openings %s (seed %d), %s\n\n", rows[0].Limits, rows[0].Openings,
		rows[0].Seed, rows[0].Adjudication)
	fmt.Fprintln(w, "| stage | vs | games | W-D-L | pairs (LL LD DD+WL WD WW) | Elo | ± 95% | time |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- | --- | --- |")
	for i, s := range rows {
		n := from + i
		fmt.Fprintf(w, "| %d | %d | %d | %d-%d-%d | %v | %s | %s | %.0fs |\n", n, n-1, s.Games, s.Wins, s.Draws,
			s.Losses, stats.Pentanomial(s.Pentanomial), eloText(float64(s.Elo)),
			strings.TrimPrefix(eloText(float64(s.EloError)), "+"), s.Seconds)
	}
	_, err := fmt.Fprintln(w)
	return err
}

// eloText prints an Elo value without decimals (see eloDigits).
func eloText(x float64) string { return eloDigits(x, 0) }

// eloDigits prints an Elo value, or "+∞" / "−∞" / "n/a" when the score was
// 0% or 100% and the logistic curve has no finite answer.
func eloDigits(x float64, digits int) string {
	switch {
	case x != x:
		return "n/a"
	case x > 1e300:
		return "+∞"
	case x < -1e300:
		return "−∞"
	}
	return fmt.Sprintf("%+.*f", digits, x)
}
