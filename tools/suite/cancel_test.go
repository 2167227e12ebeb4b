//go:build unix

package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"cb2026/tools/internal/driver"
	"cb2026/tools/internal/fakeuci"
	"cb2026/tools/internal/spec"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Cancelling a run kills its engines, one that hangs deaf to SIGTERM and
// its child process too, and Run returns at once.
func TestRunStopsWhenCancelled(t *testing.T) {
	ps, err := loadSuite(testdata("bratko_kopec_test.epd"), 0)
	require.NoError(t, err)
	pidfile := filepath.Join(t.TempDir(), "pids")
	e := spec.Engine{Name: "fake", Cmd: os.Args[0], Env: []string{fakeuci.EnvVar + "=1"},
		Args: []string{"-fault", "hang", "-at", "3", "-pidfile", pidfile}}
	s := &Suite{Engine: e, Limits: driver.Limits{Nodes: 1}, Concurrency: 1, Timeout: time.Minute}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan []Answer, 1)
	go func() { done <- s.Run(ctx, ps) }()
	require.Eventually(t, func() bool {
		_, hanging, err := fakeuci.PIDs(pidfile)
		return err == nil && hanging
	}, 10*time.Second, 10*time.Millisecond, "the engine hangs at its third position")
	cancel()
	select {
	case answers := <-done:
		assert.Equal(t, "", answers[len(answers)-1].Move, "the last position is not searched")
	case <-time.After(10 * time.Second):
		t.Fatal("Run still waits after the context was cancelled")
	}
	pids, _, err := fakeuci.PIDs(pidfile)
	require.NoError(t, err)
	for _, pid := range pids {
		assert.Eventually(t, func() bool { return !fakeuci.Alive(pid) }, 5*time.Second, 10*time.Millisecond,
			"engine process %d ends", pid)
	}
}
