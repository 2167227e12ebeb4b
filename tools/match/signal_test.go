//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"cb2026/engine/board"
	"cb2026/internal/results"
	"cb2026/tools/internal/fakeuci"
	"cb2026/tools/internal/openings"
	"cb2026/tools/internal/spec"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// SIGTERM while an engine hangs (deaf to SIGTERM, with a child process of
// its own) ends the match at once: results.json counts the games finished,
// marked interrupted, combine reads it, and no engine process is left.
func TestSIGTERMWritesResultsAndEndsTheEngines(t *testing.T) {
	const book = "noob_2moves.epd"
	// Engine b hangs at its first move of game 1: count its moves in game 0.
	probe := &Match{Engines: [2]spec.Engine{fakeSpec("a"), fakeSpec("b")}, Openings: testOpenings(t, book),
		Games: 2, Concurrency: 1, Order: openings.Order(len(testOpenings(t, book)), 1),
		Referee: Referee{TC: TimeControl{Nodes: 1}, Timeout: 30 * time.Second}}
	var first Played
	probe.Record = func(p Played) error {
		if p.Index == 0 {
			first = p
		}
		return nil
	}
	_, err := probe.Run(context.Background())
	require.NoError(t, err)
	bMoves := 0
	for i, ply := range first.Plies {
		if ply.Comment != "book" && ply.Comment != "end of book" && i%2 == 1 {
			bMoves++ // game 0 starts from White to move, a is White
		}
	}
	require.Equal(t, board.White, mustFEN(t, first.Opening.FEN).SideToMove())

	dir := t.TempDir()
	out, pidfile := filepath.Join(dir, "out"), filepath.Join(dir, "pids")
	args := append(fakeArgs("-fault", "hang", "-at", strconv.Itoa(bMoves+1), "-pidfile", pidfile),
		"-nodes", "1", "-games", "4", "-concurrency", "1", "-quiet", "-openings", "../../testdata/"+book, "-out", out)
	args[1] += " arg=-pidfile arg=" + pidfile
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), matchEnv+"=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	defer cmd.Process.Kill()
	require.Eventually(t, func() bool {
		_, hanging, err := fakeuci.PIDs(pidfile)
		return err == nil && hanging
	}, 30*time.Second, 20*time.Millisecond, "engine b hangs")
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err = <-exited:
	case <-time.After(15 * time.Second):
		t.Fatalf("the match still runs 15 s after SIGTERM; stderr: %s", stderr.String())
	}
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "the match fails: %v", err)
	assert.Equal(t, 1, exit.ExitCode())
	assert.Contains(t, stderr.String(), "interrupted (terminated) after 1 of 4 games")

	s, err := results.ReadDir(out)
	require.NoError(t, err)
	assert.Equal(t, "terminated", s.Interrupted)
	assert.Equal(t, 1, s.Games+s.Unfinished)
	assert.Equal(t, 4, s.GamesPlanned)
	pgnText, err := os.ReadFile(filepath.Join(out, "games.pgn"))
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(string(pgnText), "[Event "))
	var combined bytes.Buffer
	require.NoError(t, combine([]string{out}, &combined))
	assert.Contains(t, combined.String(), "interrupted (terminated) after 1 of 4 games")

	pids, _, err := fakeuci.PIDs(pidfile)
	require.NoError(t, err)
	for _, pid := range pids {
		assert.False(t, fakeuci.Alive(pid), "engine process %d has ended", pid)
	}
}

// mustFEN parses a FEN.
func mustFEN(t *testing.T, fen string) *board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen)
	require.NoError(t, err)
	return p
}
