package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCommandLines(t *testing.T) {
	tests := []struct {
		args  []string
		want  string
		stage int // the chapter that brings the command, if a later one than the first
	}{
		{args: []string{"bench"}, want: "bench\n"},
		{args: []string{"bench", "3"}, want: "bench 3\n"},
		{args: []string{"perft", "2"}, want: "perft 2\n", stage: 3},
		{args: []string{"perft", "2", "8/8/8/8/8/8/8/K6k w - - 0 1"}, want: "position fen 8/8/8/8/8/8/8/K6k w - - 0 1\nperft 2\n", stage: 3},
		{args: []string{"perft", "2", "8/8/8/8/8/8/8/K6k", "w", "-", "-", "0", "1"}, want: "position fen 8/8/8/8/8/8/8/K6k w - - 0 1\nperft 2\n", stage: 3},
	}
	for _, tt := range tests {
		got, err := commandLines(tt.args)
		require.NoError(t, err, "commandLines(%q)", tt.args)
		assert.Equal(t, tt.want, got, "commandLines(%q)", tt.args)
	}
}

// FuzzEngineLine feeds one arbitrary line, then "isready" and a short search,
// to the real engine: no input may panic it, and it must still answer both.
func FuzzEngineLine(f *testing.F) {
	for _, seed := range []string{
		"position startpos moves e2e4 e7e5", "position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2",
		"setoption name Hash value 1", "set nothing off", "eval", "d", "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1",
		"setoption name Nothing value false", "go depth 1 nodes x",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.Contains(line, "perft") || strings.Contains(line, "bench") || strings.Contains(line, "stats") ||
			strings.Contains(line, "go") || strings.Contains(line, "quit") {
			return // these run long, or end the conversation, by design; their argument checks are tested in package uci
		}
		answers := []struct {
			line, want string
			stage      int // the chapter that brings the command, if a later one than the first
		}{
			{line: "isready", want: "readyok"},
			{line: "go depth 1", want: "bestmove ", stage: 3},
		}
		in := line + "\n"
		for _, a := range answers {
			in += a.line + "\n"
		}
		var out bytes.Buffer
		require.NoError(t, run(nil, strings.NewReader(in), &out))
		for _, a := range answers {
			assert.Contains(t, out.String(), a.want, "after %q", a.line)
		}
	})
}
