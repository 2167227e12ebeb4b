package main

import (
	"fmt"
	"io"
	"slices"

	"cb2026/internal/stats"
)

// Verdict says what the ratio's interval shows against a threshold t (a
// fraction): faster or slower when the whole interval is beyond 1 ± t, the
// same when it is inside, undecided otherwise.
func Verdict(lo, hi, t float64) string {
	switch {
	case lo > 1+t:
		return fmt.Sprintf("B is faster (by more than %.1f%%)", 100*t)
	case hi < 1-t:
		return fmt.Sprintf("B is slower (by more than %.1f%%)", 100*t)
	case lo >= 1-t && hi <= 1+t:
		return fmt.Sprintf("the same speed (within ±%.1f%%)", 100*t)
	}
	return "undecided: the interval straddles the threshold; run more rounds"
}

// nodesNote tells whether both engines searched the same tree.
func nodesNote(nodes [2][]uint64) string {
	steady := func(xs []uint64) bool { return len(xs) > 0 && slices.Min(xs) == slices.Max(xs) }
	switch {
	case !steady(nodes[0]) || !steady(nodes[1]):
		return "node counts vary between runs: the bench is not deterministic"
	case nodes[0][0] == nodes[1][0]:
		return "same node counts: the search is unchanged, only the speed differs"
	}
	return fmt.Sprintf("node counts differ (B/A %.4f): the search changed, so the nps ratio compares different work",
		float64(nodes[1][0])/float64(nodes[0][0]))
}

// Write prints the report.
func (r Result) Write(w io.Writer, threshold float64) {
	depth := "the engine's default"
	if r.Depth > 0 {
		depth = fmt.Sprint(r.Depth)
	}
	fmt.Fprintf(w, "A: %s\nB: %s\n", r.Engines[0], r.Engines[1])
	if r.MoveTime > 0 {
		fmt.Fprintf(w, "go movetime %d on each bench position, %d rounds, alternating which engine goes first\n",
			r.MoveTime.Milliseconds(), len(r.Ratios))
	} else {
		fmt.Fprintf(w, "bench depth %s, %d rounds, alternating which engine goes first\n", depth, len(r.Ratios))
	}
	if r.CPU {
		fmt.Fprintln(w, "nps: nodes per second of the bench process's CPU time (user + system, start-up included)")
	}
	for i, name := range []string{"A", "B"} {
		lo, mid, hi := stats.MedianInterval(r.NPS[i])
		fmt.Fprintf(w, "%s: %d nodes, median %.0f nps (95%% interval %.0f to %.0f)\n", name, first(r.Nodes[i]), mid, lo, hi)
	}
	if r.MoveTime > 0 {
		fmt.Fprintln(w, "fixed time per move: the nodes are the first round's, searched in that time")
	} else {
		fmt.Fprintln(w, nodesNote(r.Nodes))
	}
	lo, mid, hi := stats.MedianInterval(r.Ratios)
	fmt.Fprintf(w, "speed B/A: median %.4f, 95%% interval %.4f to %.4f\n", mid, lo, hi)
	fmt.Fprintf(w, "verdict: %s\n", Verdict(lo, hi, threshold))
	if r.Instr[0] > 0 && r.Instr[1] > 0 {
		per := func(i int) float64 { return float64(r.Instr[i]) / float64(max(r.InstrNode[i], 1)) }
		fmt.Fprintf(w, "cachegrind: A %d instructions (%.1f per node), B %d (%.1f per node), B/A per node %.4f\n",
			r.Instr[0], per(0), r.Instr[1], per(1), per(1)/per(0))
	}
	if r.Host != "" {
		fmt.Fprintln(w, r.Host)
	}
	if r.Command != "" {
		fmt.Fprintf(w, "command: %s\n", r.Command)
	}
}

// first returns the first count, or 0.
func first(xs []uint64) uint64 {
	if len(xs) == 0 {
		return 0
	}
	return xs[0]
}
