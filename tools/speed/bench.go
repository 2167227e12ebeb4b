package main

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"

	"cb2026/exe"
	"cb2026/tools/internal/spec"
)

// Bench is one bench run's outcome.
type Bench struct {
	Nodes uint64
	NPS   float64       // as the bench reported it: nodes over wall-clock time
	CPU   time.Duration // the process's user and system CPU time, start-up included
}

// CPUNPS returns the nodes per second of CPU time, which a loaded machine
// disturbs far less than the wall-clock figure: time spent waiting for a
// core does not count.
func (b Bench) CPUNPS() float64 {
	return float64(b.Nodes) / max(b.CPU.Seconds(), 1e-9)
}

// script returns the lines a bench run sends on stdin: the engine's options
// and switches, the bench, wait, quit. cb2026 runs its bench as it runs a
// search, reading on, and "quit" would stop it; "wait" lets it finish.
// Engines whose bench holds up their input loop ignore the unknown word.
func script(e spec.Engine, depth int) string {
	var b strings.Builder
	for _, o := range e.Options {
		fmt.Fprintf(&b, "setoption name %s value %s\n", o.Name, o.Value)
	}
	for _, s := range e.Sets {
		b.WriteString(s + "\n")
	}
	if depth > 0 {
		fmt.Fprintf(&b, "bench %d\nwait\nquit\n", depth)
	} else {
		b.WriteString("bench\nwait\nquit\n")
	}
	return b.String()
}

// runBench runs one bench in a fresh process and reads its summary line.
func runBench(e spec.Engine, depth int, timeout time.Duration) (Bench, error) {
	out, cpu, err := runWith(e, nil, depth, timeout)
	if err != nil {
		return Bench{}, err
	}
	b, err := parseBench(out)
	b.CPU = cpu
	return b, err
}

// runWith runs the engine (behind the prefix command, if any, like
// valgrind) on the bench script and returns stdout and stderr together, and
// the CPU time the process used.
func runWith(e spec.Engine, prefix []string, depth int, timeout time.Duration) (string, time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	args := append(append(append([]string(nil), prefix...), e.Cmd), e.Args...)
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir = e.Dir
	cmd.Env = append(cmd.Environ(), e.Env...)
	cmd.Stdin = strings.NewReader(script(e, depth))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return out.String(), 0, fmt.Errorf("bench %s: %w\n%s", e.Name, err, tail(out.String()))
	}
	return out.String(), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

// stockfishNodes and stockfishNPS match Stockfish's bench summary,
// etherealNodes and etherealNPS Ethereal's.
var (
	stockfishNodes = regexp.MustCompile(`(?m)^Nodes searched\s*:\s*(\d+)`)
	stockfishNPS   = regexp.MustCompile(`(?m)^Nodes/second\s*:\s*(\d+)`)
	etherealNodes  = regexp.MustCompile(`(?m)^Nodes\s*:\s*(\d+)`)
	etherealNPS    = regexp.MustCompile(`(?m)^NPS\s*:\s*(\d+)`)
)

// parseBench reads the last "N nodes M nps" line (see exe.ParseBench), or
// else Stockfish's "Nodes searched : N" and "Nodes/second : M", or
// Ethereal's "Nodes : N" and "NPS : M".
func parseBench(out string) (Bench, error) {
	if b, err := exe.ParseBench(out); err == nil {
		return Bench{Nodes: b.Nodes, NPS: float64(b.NPS)}, nil
	}
	for _, re := range [][2]*regexp.Regexp{{stockfishNodes, stockfishNPS}, {etherealNodes, etherealNPS}} {
		n, nps := re[0].FindStringSubmatch(out), re[1].FindStringSubmatch(out)
		if n == nil || nps == nil {
			continue
		}
		nodes, err1 := strconv.ParseUint(n[1], 10, 64)
		rate, err2 := strconv.ParseFloat(nps[1], 64)
		if err1 != nil || err2 != nil {
			return Bench{}, fmt.Errorf("bench: bad summary %q, %q", n[0], nps[0])
		}
		return Bench{Nodes: nodes, NPS: rate}, nil
	}
	return Bench{}, fmt.Errorf("bench: no \"N nodes M nps\" line in the output:\n%s", tail(out))
}

// irefsLine matches cachegrind's instruction count, "I refs: 1,234,567".
var irefsLine = regexp.MustCompile(`I\s+refs:\s+([\d,]+)`)

// instructions runs the bench under cachegrind and returns the instructions
// executed (start-up included) and the bench's node count.
func instructions(e spec.Engine, depth int, timeout time.Duration) (uint64, uint64, error) {
	prefix := []string{"valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"}
	out, _, err := runWith(e, prefix, depth, timeout)
	if err != nil {
		return 0, 0, err
	}
	m := irefsLine.FindStringSubmatch(out)
	if m == nil {
		return 0, 0, fmt.Errorf("cachegrind: no \"I refs\" line:\n%s", tail(out))
	}
	n, err := strconv.ParseUint(strings.ReplaceAll(m[1], ",", ""), 10, 64)
	if err != nil {
		return 0, 0, fmt.Errorf("cachegrind: %q: %w", m[1], err)
	}
	b, err := parseBench(out)
	return n, b.Nodes, err
}

// tail returns the last lines of s, for error messages.
func tail(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 8 {
		lines = lines[len(lines)-8:]
	}
	return strings.Join(lines, "\n")
}
