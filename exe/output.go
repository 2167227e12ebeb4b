package exe

import (
	"errors"
	"strconv"
	"strings"
)

// A Bench is the bench's summary, the OpenBench line "N nodes M nps".
type Bench struct {
	Nodes uint64 // nodes searched over all the bench's positions
	NPS   uint64 // nodes per second of wall-clock time, as the bench measured it
}

// BenchLine reads one line of the form "N nodes M nps" (white space around
// the words ignored); ok is false for any other line.
func BenchLine(line string) (b Bench, ok bool) {
	f := strings.Fields(line)
	if len(f) != 4 || f[1] != "nodes" || f[3] != "nps" {
		return Bench{}, false
	}
	nodes, err1 := strconv.ParseUint(f[0], 10, 64)
	nps, err2 := strconv.ParseUint(f[2], 10, 64)
	if err1 != nil || err2 != nil {
		return Bench{}, false
	}
	return Bench{Nodes: nodes, NPS: nps}, true
}

// PositionLine reads one of the bench's position lines, "position N: M
// nodes ..." (white space around the words ignored): the position's number
// and its nodes; ok is false for any other line.
func PositionLine(line string) (position int, nodes uint64, ok bool) {
	f := strings.Fields(line)
	if len(f) < 4 || f[0] != "position" || !strings.HasSuffix(f[1], ":") || f[3] != "nodes" {
		return 0, 0, false
	}
	position, err1 := strconv.Atoi(strings.TrimSuffix(f[1], ":"))
	nodes, err2 := strconv.ParseUint(f[2], 10, 64)
	if err1 != nil || err2 != nil || position < 1 {
		return 0, 0, false
	}
	return position, nodes, true
}

// ParseBench reads the bench's summary from the engine's output: its last
// line of the form "N nodes M nps".
func ParseBench(out string) (Bench, error) {
	b, ok := last(out, BenchLine)
	if !ok {
		return Bench{}, errors.New(`exe: no "N nodes M nps" line in the output`)
	}
	return b, nil
}

// PerftLine reads perft's total, a line "Nodes searched: N" (white space
// around the words ignored); ok is false for any other line. Stockfish's
// "go perft" ends with the same line.
func PerftLine(line string) (nodes uint64, ok bool) {
	f := strings.Fields(line)
	if len(f) != 3 || f[0] != "Nodes" || f[1] != "searched:" {
		return 0, false
	}
	n, err := strconv.ParseUint(f[2], 10, 64)
	if err != nil {
		return 0, false
	}
	return n, true
}

// ParsePerft reads perft's total from the engine's output: its last line
// "Nodes searched: N".
func ParsePerft(out string) (uint64, error) {
	n, ok := last(out, PerftLine)
	if !ok {
		return 0, errors.New(`exe: no "Nodes searched: N" line in the output`)
	}
	return n, nil
}

// last returns what read makes of the last line of out it accepts.
func last[T any](out string, read func(string) (T, bool)) (T, bool) {
	lines := strings.Split(out, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if v, ok := read(lines[i]); ok {
			return v, true
		}
	}
	var zero T
	return zero, false
}
