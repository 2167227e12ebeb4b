package search

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"cb2026/engine/board"
	"cb2026/stages"
)

// Measure searches bench position number (from 1) to depth with the
// techniques t from a cleared state, as the bench does, and returns the
// search's statistics.
func Measure(t Techniques, position, depth int) (Stats, error) {
	if position < 1 || position > len(benchPositions) {
		return Stats{}, fmt.Errorf("stats: bench position %d: want 1 to %d", position, len(benchPositions))
	}
	p, err := board.ParseFEN(benchPositions[position-1].FEN)
	if err != nil {
		return Stats{}, fmt.Errorf("stats: bench position %d: %w", position, err)
	}
	s := NewSearcher(t, benchHashMB)
	s.Search(context.Background(), p, Limits{Depth: depth}, nil)
	return s.Stats(), nil
}

// StatsCommand runs the console's stats command: "stats [POSITIONS [DEPTHS]]",
// each a number, a range like 2-7 or a comma list like 2,4,9 (default: every
// bench position, at the stage's bench depth). It writes one line per
// position and depth, and a total per depth.
func StatsCommand(w io.Writer, t Techniques, args []string) error {
	positions := make([]int, len(benchPositions))
	for i := range positions {
		positions[i] = i + 1
	}
	depths := []int{stages.Selected().BenchDepth}
	var err error
	if len(args) > 0 {
		if positions, err = parseNumbers(args[0]); err != nil {
			return fmt.Errorf("stats: positions: %w", err)
		}
	}
	if len(args) > 1 {
		if depths, err = parseNumbers(args[1]); err != nil {
			return fmt.Errorf("stats: depths: %w", err)
		}
	}
	if len(args) > 2 {
		return fmt.Errorf("stats: %d arguments: want at most positions and depths", len(args))
	}
	fmt.Fprintf(w, "%-8s %5s %12s %8s %8s %8s\n", "position", "depth", "nodes", "qnodes", "cut1st", "hashhit")
	for _, d := range depths {
		var total Stats
		for _, pos := range positions {
			st, err := Measure(t, pos, d)
			if err != nil {
				return err
			}
			writeStatsRow(w, strconv.Itoa(pos), d, st)
			total.add(st)
		}
		writeStatsRow(w, "total", d, total)
	}
	return nil
}

// writeStatsRow prints one line of the stats table.
func writeStatsRow(w io.Writer, name string, depth int, st Stats) {
	fmt.Fprintf(w, "%-8s %5d %12d %7.1f%% %7.1f%% %7.1f%%\n", name, depth, st.Nodes,
		100*st.QuiescenceShare(), 100*st.FirstMoveCutoffRate(), 100*st.HashHitRate())
}

// add sums another search's counters into st (iterations excepted).
func (st *Stats) add(o Stats) {
	st.Nodes += o.Nodes
	st.QNodes += o.QNodes
	for i := range st.Cutoffs {
		st.Cutoffs[i] += o.Cutoffs[i]
	}
	st.TTProbes += o.TTProbes
	st.TTHits += o.TTHits
	st.TTCutoffs += o.TTCutoffs
}

// maxListed bounds the length of a range, so a typo cannot ask for a billion searches.
const maxListed = 100

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
