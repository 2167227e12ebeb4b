package uci

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"cb2026/engine/bench"
	"cb2026/engine/search"
	"cb2026/stages"
)

// maxListed bounds the length of a range, so a typo cannot ask for a billion searches.
const maxListed = 100

// stats obeys "stats [POSITIONS [DEPTHS]]", each a number, a range like 2-7
// or a comma list like 2,4,9 (default: every bench position, at the stage's
// bench depth). It searches each bench position to each depth as the bench
// does and writes one line per position and depth, and a total per depth.
// It runs like a search: "stop" ends it.
func (s *Server) stats(args []string) error {
	positions, depths, err := s.statsArgs("stats", args, s.engine.BenchDepth(), maxBenchDepth)
	if err != nil {
		return err
	}
	s.runLong("stats", func(ctx context.Context) error {
		return s.writeStats(ctx, positions, depths)
	})
	return nil
}

// A statsColumn is a column of the stats table after the position, the
// depth and the nodes: a share of the search's counters, in percent, or a
// count.
type statsColumn struct {
	head  string
	stage int // the chapter that brings the counter, if a later one than the first
	value func(st search.Stats) string
}

// statsColumns are the columns of the stats table after the nodes, each
// printed from the stage of its chapter on (columns).
var statsColumns = []statsColumn{
	{head: "qnodes", stage: 8, value: func(st search.Stats) string { return percent(st.QuiescenceShare()) }},
	{head: "cut1st", value: func(st search.Stats) string { return percent(st.FirstMoveCutoffRate()) }},
	{head: "hashhit", stage: 10, value: func(st search.Stats) string { return percent(st.HashHitRate()) }},
	{head: "resrch", stage: 12, value: func(st search.Stats) string { return strconv.FormatUint(st.Researches, 10) }},
	{head: "renodes", stage: 12, value: func(st search.Stats) string { return percent(st.ResearchShare()) }},
	{head: "null", stage: 13, value: func(st search.Stats) string { return strconv.FormatUint(st.NullTries, 10) }},
	{head: "nullcut", stage: 13, value: func(st search.Stats) string { return percent(st.NullCutoffRate()) }},
}

// columns returns the stats table's columns of the stage built.
func columns() []statsColumn {
	var cs []statsColumn
	for _, c := range statsColumns {
		if c.stage <= stages.Current {
			cs = append(cs, c)
		}
	}
	return cs
}

// percent writes a share as a percentage with one decimal.
func percent(share float64) string {
	return fmt.Sprintf("%.1f%%", 100*share)
}

// writeStats searches and writes the table of "stats", until ctx is done.
// The engine searches each position once for all the depths (Engine.Stats);
// the table lists them depth by depth, each with its total.
func (s *Server) writeStats(ctx context.Context, positions, depths []int) error {
	cols := columns()
	fmt.Fprintf(s.out, "%-8s %5s %12s", "position", "depth", "nodes")
	for _, c := range cols {
		fmt.Fprintf(s.out, " %8s", c.head)
	}
	fmt.Fprintln(s.out)
	found := make([][]search.Stats, len(positions))
	for i, pos := range positions {
		st, err := s.engine.Stats(ctx, pos, depths)
		if err != nil {
			return fmt.Errorf("stats: %w", err) // stopped, or a failed search
		}
		found[i] = st
	}
	for j, d := range depths {
		var total search.Stats
		for i, pos := range positions {
			writeStatsRow(s.out, cols, strconv.Itoa(pos), d, found[i][j])
			total.Add(found[i][j])
		}
		writeStatsRow(s.out, cols, "total", d, total)
	}
	return nil
}

// statsArgs reads the positions and depths of a "stats" command, or of
// another command (name) that takes the same arguments: the depth when none
// is given, and the deepest allowed, are the command's.
func (s *Server) statsArgs(name string, args []string, depth, maxDepth int) (positions, depths []int, err error) {
	if len(args) > 2 {
		return nil, nil, fmt.Errorf("%s: %d arguments: want at most positions and depths", name, len(args))
	}
	positions = make([]int, len(bench.Positions()))
	for i := range positions {
		positions[i] = i + 1
	}
	depths = []int{depth}
	if len(args) > 0 {
		if positions, err = parseNumbers(args[0]); err != nil {
			return nil, nil, fmt.Errorf("%s: positions: %w", name, err)
		}
	}
	if len(args) > 1 {
		if depths, err = parseNumbers(args[1]); err != nil {
			return nil, nil, fmt.Errorf("%s: depths: %w", name, err)
		}
	}
	for _, d := range depths {
		if d > maxDepth {
			return nil, nil, fmt.Errorf("%s: depth %d: want at most %d", name, d, maxDepth)
		}
	}
	return positions, depths, nil
}

// writeStatsRow prints one line of the stats table, with the columns cols.
func writeStatsRow(w io.Writer, cols []statsColumn, name string, depth int, st search.Stats) {
	fmt.Fprintf(w, "%-8s %5d %12d", name, depth, st.Nodes)
	for _, c := range cols {
		fmt.Fprintf(w, " %8s", c.value(st))
	}
	fmt.Fprintln(w)
}

// parseNumbers reads "7", "2-7" or "2,4,9" (ranges allowed in lists).
func parseNumbers(text string) ([]int, error) {
	var numbers []int
	for part := range strings.SplitSeq(text, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil || a < 1 {
			return nil, fmt.Errorf("%q: want a positive number", part)
		}
		b := a
		if isRange {
			b, err = strconv.Atoi(hi)
		}
		if err != nil || b < a || b-a > maxListed {
			return nil, fmt.Errorf("%q: want a range like 2-7", part)
		}
		for n := a; n <= b; n++ {
			numbers = append(numbers, n)
		}
	}
	return numbers, nil
}
