package main

import (
	"fmt"
	"io"
	"time"

	"cb2026/engine/bench"
	"cb2026/tools/internal/driver"
	"cb2026/tools/internal/spec"
)

// startEngines starts both engines as UCI processes.
func startEngines(e [2]spec.Engine) ([2]*driver.Engine, error) {
	var out [2]*driver.Engine
	for i := range e {
		eng, err := driver.Start(e[i].Config())
		if err != nil {
			closeEngines(out)
			return out, fmt.Errorf("start %s: %w", e[i].Name, err)
		}
		out[i] = eng
	}
	return out, nil
}

// closeEngines quits the engines that were started.
func closeEngines(engines [2]*driver.Engine) {
	for _, e := range engines {
		if e != nil {
			e.Close()
		}
	}
}

// timedSearch searches fen for movetime from a new game and returns the
// nodes and the search time of the engine's last info line with a node count:
// its nodes over its nps, or its time if it gave no nps, or the time from
// "go" to "bestmove" if it gave neither.
func timedSearch(e *driver.Engine, fen string, movetime, timeout time.Duration) (uint64, time.Duration, error) {
	if err := e.NewGame(timeout); err != nil {
		return 0, 0, err
	}
	r, err := e.Go(fen, nil, driver.Limits{MoveTime: movetime}, movetime+timeout)
	if err != nil {
		return 0, 0, err
	}
	info := r.Info
	if info.Nodes == 0 {
		return 0, 0, fmt.Errorf("%s: no info line with nodes for %s", e.Name(), fen)
	}
	switch {
	case info.NPS > 0:
		return info.Nodes, time.Duration(float64(info.Nodes) / float64(info.NPS) * float64(time.Second)), nil
	case info.Time > 0:
		return info.Nodes, info.Time, nil
	}
	return info.Nodes, r.Elapsed, nil
}

// measureMoveTime runs the rounds of the fixed-time comparison: in each, both
// engines search every bench position for the move time, alternately (A then
// B, or B then A, switching every round). A round's speed for an engine is
// its nodes over its search time, both summed over the positions, each
// position's time being its last info line's nodes over its nps.
func measureMoveTime(e [2]spec.Engine, o *options, progress io.Writer) (Result, error) {
	r := Result{Engines: e, MoveTime: o.movetime}
	engines, err := startEngines(e)
	if err != nil {
		return r, err
	}
	defer closeEngines(engines)
	fens := benchFENs()
	for round := range o.rounds {
		order := []int{0, 1}
		if round%2 == 1 {
			order = []int{1, 0}
		}
		var nodes [2]uint64
		var elapsed [2]time.Duration
		for _, fen := range fens {
			for _, i := range order {
				n, t, err := timedSearch(engines[i], fen, o.movetime, o.timeout)
				if err != nil {
					return r, err
				}
				nodes[i] += n
				elapsed[i] += t
			}
		}
		for i := range e {
			r.NPS[i] = append(r.NPS[i], float64(nodes[i])/max(elapsed[i].Seconds(), 1e-9))
			r.Nodes[i] = append(r.Nodes[i], nodes[i])
		}
		r.Ratios = append(r.Ratios, r.NPS[1][round]/r.NPS[0][round])
		fmt.Fprintf(progress, "round %d/%d: %s %.0f nps, %s %.0f nps, ratio %.4f\n", round+1, o.rounds,
			e[0].Name, r.NPS[0][round], e[1].Name, r.NPS[1][round], r.Ratios[round])
	}
	return r, nil
}

// benchFENs returns the FENs of the bench positions, in order.
func benchFENs() []string {
	var fens []string
	for _, bp := range bench.Positions() {
		fens = append(fens, bp.FEN)
	}
	return fens
}
