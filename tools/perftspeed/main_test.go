package main

import (
	"bufio"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNodesSearched(t *testing.T) {
	out := "info string ok\na2a3: 380\nb2b3: 420\n\nNodes searched: 8902\n\n"
	n, err := nodesSearched(bufio.NewScanner(strings.NewReader(out)))
	require.NoError(t, err)
	assert.Equal(t, uint64(8902), n)
	_, err = nodesSearched(bufio.NewScanner(strings.NewReader("bestmove e2e4\n")))
	assert.Error(t, err)
}

func TestStatCPUTicks(t *testing.T) {
	// The fields of proc(5): pid (comm) state ppid pgrp session tty_nr
	// tpgid flags minflt cminflt majflt cmajflt utime stime cutime ...
	tests := []struct {
		name, stat string
		ticks      int64
		ok         bool
	}{
		{"plain", "4242 (stockfish) S 1 4242 4242 0 -1 4194304 1000 0 0 0 731 12 0 0 20 0 3 0", 743, true},
		{"name with spaces and parentheses", "77 (a (b) c) R 1 77 77 0 -1 0 5 0 0 0 9 1 0 0", 10, true},
		{"cut short", "77 (cb2026) R 1 77 77 0 -1 0 5 0 0 0 9", 0, false},
		{"not a number", "77 (cb2026) R 1 77 77 0 -1 0 5 0 0 0 x 1 0 0", 0, false},
		{"no name", "77 cb2026 R 1", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ticks, err := statCPUTicks(tt.stat)
			if !tt.ok {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.ticks, ticks)
		})
	}
}
