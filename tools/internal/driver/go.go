package driver

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Limits is what a "go" command may carry. Zero fields are left out of the
// command; Go refuses limits that are all zero (a match never plays
// "go infinite").
type Limits struct {
	Nodes      uint64
	Depth      int
	MoveTime   time.Duration
	WTime      time.Duration // clocks; a clock game sets both
	BTime      time.Duration
	WInc, BInc time.Duration
	MovesToGo  int
}

// Clock reports whether the limits include a clock.
func (l Limits) Clock() bool { return l.WTime > 0 || l.BTime > 0 }

// Command returns the "go" line for the limits.
func (l Limits) Command() string {
	var b strings.Builder
	b.WriteString("go")
	add := func(key string, v int64) {
		if v > 0 {
			fmt.Fprintf(&b, " %s %d", key, v)
		}
	}
	if l.Clock() {
		add("wtime", max(l.WTime.Milliseconds(), 1))
		add("btime", max(l.BTime.Milliseconds(), 1))
		add("winc", l.WInc.Milliseconds())
		add("binc", l.BInc.Milliseconds())
		add("movestogo", int64(l.MovesToGo))
	}
	add("depth", int64(l.Depth))
	add("nodes", int64(l.Nodes))
	add("movetime", l.MoveTime.Milliseconds())
	return b.String()
}

// Info is what the last "info" lines of a search said.
type Info struct {
	Depth    int
	Score    int // centipawns, side to move's view; meaningless when Mate != 0
	Mate     int // moves to mate, negative when being mated; 0 if no mate score
	Nodes    uint64
	NPS      uint64        // of the last line with a node count; 0 if that line gave none
	Time     time.Duration // of the last line with a node count; 0 if that line gave none
	PV       []string
	HasScore bool
}

// Result is the answer to one "go".
type Result struct {
	BestMove string
	Ponder   string
	Info     Info
	Elapsed  time.Duration // from sending "go" to reading "bestmove"
}

// PositionCommand returns "position fen F moves …" (or "startpos").
func PositionCommand(fen string, moves []string) string {
	var b strings.Builder
	if fen == "" || fen == "startpos" {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen " + fen)
	}
	if len(moves) > 0 {
		b.WriteString(" moves " + strings.Join(moves, " "))
	}
	return b.String()
}

// Go sends the position and the go command, then reads until "bestmove",
// collecting the last info. It gives up after timeout with ErrTimeout (the
// engine is then told "stop" but may need to be closed) and returns
// ErrDisconnected if the engine's output ends.
func (e *Engine) Go(fen string, moves []string, l Limits, timeout time.Duration) (Result, error) {
	if l == (Limits{}) {
		return Result{}, fmt.Errorf("go: no limit given")
	}
	if err := e.Send(PositionCommand(fen, moves)); err != nil {
		return Result{}, err
	}
	start := time.Now()
	if err := e.Send(l.Command()); err != nil {
		return Result{}, err
	}
	return e.readBestMove(start, timeout)
}

// readBestMove reads info lines until "bestmove".
func (e *Engine) readBestMove(start time.Time, timeout time.Duration) (Result, error) {
	var r Result
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				return r, e.disconnected()
			}
			fields := strings.Fields(line)
			if len(fields) == 0 {
				continue
			}
			switch fields[0] {
			case "info":
				parseInfo(fields[1:], &r.Info)
			case "bestmove":
				r.Elapsed = time.Since(start)
				if len(fields) < 2 {
					return r, fmt.Errorf("bestmove without a move: %q", line)
				}
				r.BestMove = fields[1]
				if len(fields) >= 4 && fields[2] == "ponder" {
					r.Ponder = fields[3]
				}
				return r, nil
			}
		case <-deadline.C:
			r.Elapsed = time.Since(start)
			_ = e.Send("stop")
			return r, fmt.Errorf("no bestmove after %v: %w", timeout, ErrTimeout)
		}
	}
}

// parseInfo updates info from the fields of one "info" line; fields it does
// not know are skipped. A line with "string" carries free text and is ignored.
// A line with a node count sets the nodes, nps and time together, so the
// three always come from one line.
func parseInfo(f []string, info *Info) {
	var speed struct {
		nodes, nps uint64
		time       time.Duration
		ok         bool
	}
	defer func() {
		if speed.ok {
			info.Nodes, info.NPS, info.Time = speed.nodes, speed.nps, speed.time
		}
	}()
	for i := 0; i < len(f); i++ {
		next := func() string {
			if i+1 < len(f) {
				i++
				return f[i]
			}
			return ""
		}
		switch f[i] {
		case "string":
			return
		case "depth":
			info.Depth, _ = strconv.Atoi(next())
		case "nodes":
			n, err := strconv.ParseUint(next(), 10, 64)
			speed.nodes, speed.ok = n, err == nil
		case "nps":
			speed.nps, _ = strconv.ParseUint(next(), 10, 64)
		case "time":
			ms, _ := strconv.ParseInt(next(), 10, 64)
			speed.time = time.Duration(ms) * time.Millisecond
		case "score":
			parseScore(next(), next(), info)
		case "pv":
			info.PV = append([]string(nil), f[i+1:]...)
			return
		}
	}
}

// parseScore reads "cp N" or "mate N".
func parseScore(kind, value string, info *Info) {
	n, err := strconv.Atoi(value)
	if err != nil {
		return
	}
	switch kind {
	case "cp":
		info.Score, info.Mate, info.HasScore = n, 0, true
	case "mate":
		info.Mate, info.HasScore = n, true
	}
}
