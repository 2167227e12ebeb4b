package main

import (
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProcessCPUAgreesWithRusage reads this test's own process around some
// work and a sleep: the CPU time /proc shows is what getrusage(2), the
// kernel's other account of it, shows, to the hundredth of a second /proc
// counts in, and the sleep adds none.
func TestProcessCPUAgreesWithRusage(t *testing.T) {
	pid := os.Getpid()
	before, err := processCPU(pid)
	require.NoError(t, err)
	ruBefore := rusageCPU(t)
	work(300 * time.Millisecond)
	time.Sleep(200 * time.Millisecond)
	after, err := processCPU(pid)
	require.NoError(t, err)
	used, ruUsed := after-before, rusageCPU(t)-ruBefore
	assert.Positive(t, used)
	assert.InDelta(t, ruUsed.Seconds(), used.Seconds(), 0.03, "/proc %v, getrusage %v", used, ruUsed)
	assert.Less(t, used, ruUsed+200*time.Millisecond, "the sleep counted")
}

// rusageCPU returns the process's user and system time by getrusage(2).
func rusageCPU(t *testing.T) time.Duration {
	var ru syscall.Rusage
	require.NoError(t, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// work keeps one processor busy until the process has used d of CPU time
// more, as getrusage counts it.
func work(d time.Duration) {
	var ru syscall.Rusage
	cpu := func() time.Duration {
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	x, end := 0, cpu()+d
	for cpu() < end {
		for i := range 100000 {
			x ^= i
		}
	}
	_ = x
}
