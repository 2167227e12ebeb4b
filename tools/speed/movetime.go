package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"cb2026/engine/search"
	"cb2026/tools/internal/driver"
	"cb2026/tools/internal/spec"
)

// infoLine is what the last "info" line with a node count said.
type infoLine struct {
	Nodes uint64
	NPS   float64       // as the engine reported it; 0 if it did not
	Time  time.Duration // as the engine reported it; 0 if it did not
}

// parseInfo reads the nodes, nps and time of a UCI "info" line; ok is false
// for a line without a node count (an "info string", a currmove line).
func parseInfo(line string) (info infoLine, ok bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return info, false
	}
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "string", "pv":
			return info, ok // the rest of the line is text or moves
		case "nodes":
			n, err := strconv.ParseUint(f[i+1], 10, 64)
			info.Nodes, ok = n, err == nil
		case "nps":
			info.NPS, _ = strconv.ParseFloat(f[i+1], 64)
		case "time":
			ms, _ := strconv.ParseInt(f[i+1], 10, 64)
			info.Time = time.Duration(ms) * time.Millisecond
		}
	}
	return info, ok
}

// lastInfo keeps an engine's last info line with a node count. The driver
// calls its log method from the goroutine that reads the engine's output,
// before the line is handed on, so after "bestmove" has been read the last
// info line is here.
type lastInfo struct {
	mu   sync.Mutex
	info infoLine
	seen bool
}

// log is the driver's Config.Log.
func (li *lastInfo) log(dir, line string) {
	if dir != "<" {
		return
	}
	if info, ok := parseInfo(line); ok {
		li.mu.Lock()
		li.info, li.seen = info, true
		li.mu.Unlock()
	}
}

// take returns the last info line and forgets it.
func (li *lastInfo) take() (infoLine, bool) {
	li.mu.Lock()
	defer li.mu.Unlock()
	info, seen := li.info, li.seen
	li.info, li.seen = infoLine{}, false
	return info, seen
}

// uciEngine is a running engine and its last info line.
type uciEngine struct {
	*driver.Engine
	last *lastInfo
}

// startEngines starts both engines as UCI processes.
func startEngines(e [2]spec.Engine) ([2]uciEngine, error) {
	var out [2]uciEngine
	for i := range e {
		c := e[i].Config()
		last := &lastInfo{}
		c.Log = last.log
		eng, err := driver.Start(c)
		if err != nil {
			closeEngines(out)
			return out, fmt.Errorf("start %s: %w", e[i].Name, err)
		}
		out[i] = uciEngine{eng, last}
	}
	return out, nil
}

// closeEngines quits the engines that were started.
func closeEngines(engines [2]uciEngine) {
	for _, e := range engines {
		if e.Engine != nil {
			e.Close()
		}
	}
}

// timedSearch searches fen for movetime from a new game and returns the
// nodes and the search time of the engine's last info line (the time from
// "go" to "bestmove" when the line has none).
func (u uciEngine) timedSearch(fen string, movetime, timeout time.Duration) (infoLine, error) {
	if err := u.NewGame(timeout); err != nil {
		return infoLine{}, err
	}
	u.last.take()
	r, err := u.Go(fen, nil, driver.Limits{MoveTime: movetime}, movetime+timeout)
	if err != nil {
		return infoLine{}, err
	}
	info, ok := u.last.take()
	if !ok || info.Nodes == 0 {
		return infoLine{}, fmt.Errorf("%s: no info line with nodes for %s", u.Name(), fen)
	}
	switch {
	case info.NPS > 0:
		info.Time = time.Duration(float64(info.Nodes) / info.NPS * float64(time.Second))
	case info.Time == 0:
		info.Time = r.Elapsed
	}
	return info, nil
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
				info, err := engines[i].timedSearch(fen, o.movetime, o.timeout)
				if err != nil {
					return r, err
				}
				nodes[i] += info.Nodes
				elapsed[i] += info.Time
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
	for _, bp := range search.BenchPositions() {
		fens = append(fens, bp.FEN)
	}
	return fens
}
