package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"cb2026/internal/results"
	"cb2026/internal/stats"
	"cb2026/stages"
)

// A stage ladder plays every stage against the one before it, each match
// with the same settings, and tabulates the Elo each stage gained.

// parseLadder reads "FROM:TO" (stages as for -engine stage=, "main" too)
// and returns the stages from the one before FROM to TO, in order: each
// plays the one before it.
func parseLadder(s string) ([]stages.Stage, error) {
	a, b, ok := strings.Cut(s, ":")
	from, err1 := stages.Parse(a)
	to, err2 := stages.Parse(b)
	if !ok || err1 != nil || err2 != nil || from.Number < 2 || to.Number < from.Number {
		return nil, fmt.Errorf("-ladder %q: want FROM:TO, stages with 2 ≤ FROM ≤ TO (TO may be main)", s)
	}
	var ladder []stages.Stage
	for _, st := range stages.All() {
		if st.Number >= from.Number-1 && st.Number <= to.Number {
			ladder = append(ladder, st)
		}
	}
	return ladder, nil
}

// runLadder plays the ladder's matches into OUT/stageN and writes
// OUT/ladder.md. A step whose folder already holds the finished match of
// the same command is read back, not played again, so a ladder cut off
// part way goes on from its first unfinished step when run again, and one
// played a step at a time (-ladder N:N, into the same OUT) is tabulated by
// running the whole ladder once more.
func (o *options) runLadder(ctx context.Context, args []string) error {
	ladder, err := parseLadder(o.ladder)
	if err != nil {
		return err
	}
	root := o.out
	var rows []results.Summary
	for i, st := range ladder[1:] {
		prev := ladder[i]
		one := *o
		one.engines = []string{"stage=" + st.String(), "stage=" + prev.String()}
		if o.rev != "" {
			one.engines[0] += " rev=" + o.rev
			one.engines[1] += " rev=" + o.rev
		}
		one.out = filepath.Join(root, st.FileName())
		command := fmt.Sprintf("%s (ladder step: %s vs %s)", commandLine(stepArgs(args, st)), one.engines[0], one.engines[1])
		s, done := finishedStep(one.out, command)
		if done {
			fmt.Fprintf(os.Stderr, "%s: finished before, read back\n", one.out)
		} else if s, err = one.runOne(ctx, command); err != nil {
			return err
		}
		rows = append(rows, s)
		if err := writeLadder(filepath.Join(root, "ladder.md"), ladder, rows); err != nil {
			return err
		}
	}
	return writeLadderTable(os.Stdout, ladder, rows)
}

// stepArgs returns the command-line arguments that play one step of the
// ladder: -ladder FROM:TO becomes -ladder N:N. A step records that command,
// so a ladder played step by step and the whole ladder read back the same
// steps.
func stepArgs(args []string, st stages.Stage) []string {
	out := append([]string(nil), args...)
	step := st.String() + ":" + st.String()
	for i, a := range out {
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case name != "ladder" || !strings.HasPrefix(a, "-"):
		case hasValue:
			out[i] = a[:strings.Index(a, "=")+1] + step
		case i+1 < len(out):
			out[i+1] = step
		}
	}
	return out
}

// finishedStep reads back a ladder step that dir already holds: the match
// of the same command with every planned game played.
func finishedStep(dir, command string) (results.Summary, bool) {
	s, err := results.ReadDir(dir)
	if err != nil || s.Command != command || s.Games != s.GamesPlanned || s.Unfinished != 0 || s.Interrupted != "" {
		return results.Summary{}, false
	}
	return s, true
}

// writeLadder writes the table so far to a file.
func writeLadder(path string, ladder []stages.Stage, rows []results.Summary) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return writeLadderTable(f, ladder, rows)
}

// writeLadderTable prints the Markdown table of gains: row i is ladder[i+1]
// against ladder[i].
func writeLadderTable(w io.Writer, ladder []stages.Stage, rows []results.Summary) error {
	if len(rows) == 0 {
		return nil
	}
	fmt.Fprintf(w, "Stage ladder: %s, openings %s (seed %d), %s\n\n", rows[0].Limits, rows[0].Openings,
		rows[0].Seed, rows[0].Adjudication)
	fmt.Fprintln(w, "| stage | vs | games | W-D-L | pairs (LL LD DD+WL WD WW) | Elo | ± 95% | time |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- | --- | --- |")
	for i, s := range rows {
		fmt.Fprintf(w, "| %s | %s | %d | %d-%d-%d | %v | %s | %s | %.0fs |\n", ladder[i+1], ladder[i], s.Games, s.Wins, s.Draws,
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
