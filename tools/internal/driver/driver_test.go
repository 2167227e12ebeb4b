package driver

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"cb2026/tools/internal/fakeuci"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain lets the test binary act as the fake engine when re-executed.
func TestMain(m *testing.M) {
	if os.Getenv(fakeuci.EnvVar) != "" {
		os.Exit(fakeuci.Main(os.Args[1:], fakeuci.Fixed("e2e4", "d2d4")))
	}
	os.Exit(m.Run())
}

// fake returns the config that starts the fake engine with a script.
func fake(args ...string) Config {
	return Config{Path: os.Args[0], Args: args, Env: []string{fakeuci.EnvVar + "=1"},
		InitTimeout: 2 * time.Second}
}

func TestHandshakeAndGo(t *testing.T) {
	c := fake("-name", "Fake One", "-option", "Hash", "-score", "37")
	c.Options = []Option{{"Hash", "16"}}
	e, err := Start(c)
	require.NoError(t, err)
	defer e.Close()
	assert.Equal(t, "Fake One", e.Name())
	assert.True(t, e.HasOption("hash"))
	require.NoError(t, e.NewGame(time.Second))
	r, err := e.Go("", nil, Limits{Nodes: 100}, time.Second)
	require.NoError(t, err)
	assert.Equal(t, "e2e4", r.BestMove)
	assert.Equal(t, 37, r.Info.Score)
	assert.Equal(t, []string{"e2e4"}, r.Info.PV)
	r, err = e.Go("", []string{"e2e4", "e7e5"}, Limits{Depth: 3}, time.Second)
	require.NoError(t, err)
	assert.Equal(t, "d2d4", r.BestMove)
	assert.Equal(t, uint64(3), r.Info.Nodes)
}

func TestLog(t *testing.T) {
	var mu sync.Mutex
	var lines []string
	c := fake()
	c.Log = func(dir, line string) {
		mu.Lock()
		defer mu.Unlock()
		lines = append(lines, dir+" "+line)
	}
	e, err := Start(c)
	require.NoError(t, err)
	require.NoError(t, e.Close())
	mu.Lock()
	defer mu.Unlock()
	assert.Contains(t, lines, "> uci")
	assert.Contains(t, lines, "< uciok")
	assert.Contains(t, lines, "> quit")
}

func TestUnknownOptionIsAnError(t *testing.T) {
	c := fake()
	c.Options = []Option{{"Threads", "2"}}
	_, err := Start(c)
	assert.ErrorContains(t, err, `no option "Threads"`)
}

func TestFailures(t *testing.T) {
	// A crash must be told from a timeout however busy the machine is, so its
	// wait is long: the driver returns as soon as the pipe closes.
	const short, long = 300 * time.Millisecond, 10 * time.Second
	tests := []struct {
		args  []string
		start bool // Start itself fails
		wait  time.Duration
		want  error
	}{
		{[]string{"-fault", "nouciok"}, true, short, ErrTimeout},
		{[]string{"-fault", "noreadyok"}, true, short, ErrTimeout},
		{[]string{"-fault", "exit"}, true, short, ErrDisconnected},
		{[]string{"-fault", "crash"}, false, long, ErrDisconnected},
		{[]string{"-fault", "silent"}, false, short, ErrTimeout},
		{[]string{"-fault", "slow", "-delay", "2s"}, false, short, ErrTimeout},
	}
	for _, tc := range tests {
		e, err := Start(fake(tc.args...))
		if tc.start {
			assert.ErrorIs(t, err, tc.want, "Start(%v)", tc.args)
			continue
		}
		require.NoError(t, err, "Start(%v)", tc.args)
		_, err = e.Go("", nil, Limits{MoveTime: 10 * time.Millisecond}, tc.wait)
		assert.ErrorIs(t, err, tc.want, "Go(%v)", tc.args)
		assert.NoError(t, e.Close())
	}
}

func TestGarbageAndIllegalAnswers(t *testing.T) {
	e, err := Start(fake("-fault", "garbage"))
	require.NoError(t, err)
	defer e.Close()
	_, err = e.Go("", nil, Limits{Nodes: 1}, time.Second)
	assert.ErrorContains(t, err, "bestmove without a move")
	assert.False(t, errors.Is(err, ErrTimeout))

	e2, err := Start(fake("-fault", "illegal", "-at", "2"))
	require.NoError(t, err)
	defer e2.Close()
	r, err := e2.Go("", nil, Limits{Nodes: 1}, time.Second)
	require.NoError(t, err)
	assert.Equal(t, "e2e4", r.BestMove)
	r, err = e2.Go("", []string{"e2e4"}, Limits{Nodes: 1}, time.Second)
	require.NoError(t, err)
	assert.Equal(t, "a1a1", r.BestMove, "the driver passes illegal moves on; the referee judges them")
}

func TestNoLimitRefused(t *testing.T) {
	e, err := Start(fake())
	require.NoError(t, err)
	defer e.Close()
	_, err = e.Go("", nil, Limits{}, time.Second)
	assert.Error(t, err)
}

func TestCommands(t *testing.T) {
	tests := []struct {
		l    Limits
		want string
	}{
		{Limits{Nodes: 5000}, "go nodes 5000"},
		{Limits{Depth: 7}, "go depth 7"},
		{Limits{MoveTime: 250 * time.Millisecond}, "go movetime 250"},
		{Limits{WTime: 8 * time.Second, BTime: 7500 * time.Millisecond, WInc: 80 * time.Millisecond,
			BInc: 80 * time.Millisecond}, "go wtime 8000 btime 7500 winc 80 binc 80"},
		{Limits{WTime: time.Microsecond, BTime: time.Second, MovesToGo: 20}, "go wtime 1 btime 1000 movestogo 20"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, tc.l.Command(), "%+v.Command()", tc.l)
	}
	assert.Equal(t, "position startpos", PositionCommand("", nil))
	assert.Equal(t, "position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2",
		PositionCommand("8/8/8/8/8/8/8/K6k w - - 0 1", []string{"a1a2"}))
}

func TestParseInfo(t *testing.T) {
	var i Info
	parseInfo([]string{"depth", "12", "seldepth", "18", "score", "mate", "-3", "nodes", "12345", "pv", "e2e4", "e7e5"}, &i)
	assert.Equal(t, Info{Depth: 12, Mate: -3, Nodes: 12345, PV: []string{"e2e4", "e7e5"}, HasScore: true}, i)
	parseInfo([]string{"string", "depth", "99"}, &i)
	assert.Equal(t, 12, i.Depth)
	parseInfo([]string{"score", "cp"}, &i)
	assert.Equal(t, -3, i.Mate)
}

func TestParseInfoSpeed(t *testing.T) {
	tests := []struct {
		line             string
		nodes, nps       uint64
		time             time.Duration
		changesTheCounts bool
	}{
		{"info depth 9 seldepth 14 score cp 31 nodes 123456 nps 617280 hashfull 12 time 200 pv e2e4 e7e5",
			123456, 617280, 200 * time.Millisecond, true},
		{"info depth 12 seldepth 18 multipv 1 score cp 40 time 1001 nodes 2500000 nps 2497502 tbhits 0 hashfull 80 pv d2d4",
			2500000, 2497502, 1001 * time.Millisecond, true},
		{"info depth 1 score cp 0 nodes 1 pv a1a1", 1, 0, 0, true},
		{"info string nodes 5 nps 7", 0, 0, 0, false},
		{"info depth 3 currmove e2e4 currmovenumber 1 nps 9 time 9", 0, 0, 0, false},
	}
	for _, tc := range tests {
		before := Info{Nodes: 77, NPS: 88, Time: time.Second}
		i := before
		parseInfo(strings.Fields(tc.line)[1:], &i)
		if !tc.changesTheCounts {
			assert.Equal(t, [3]any{before.Nodes, before.NPS, before.Time}, [3]any{i.Nodes, i.NPS, i.Time}, tc.line)
			continue
		}
		assert.Equal(t, [3]any{tc.nodes, tc.nps, tc.time}, [3]any{i.Nodes, i.NPS, i.Time}, tc.line)
	}
}

// stockfishPath is where Debian's stockfish package installs the engine.
const stockfishPath = "/usr/games/stockfish"

func TestStockfish(t *testing.T) {
	if _, err := os.Stat(stockfishPath); err != nil {
		t.Skip("stockfish not installed (apt-get install stockfish)")
	}
	e, err := Start(Config{Path: stockfishPath, Options: []Option{
		{"Threads", "1"}, {"Hash", "16"}, {"UCI_LimitStrength", "true"}, {"UCI_Elo", "1500"}}})
	require.NoError(t, err)
	defer e.Close()
	assert.Contains(t, e.Name(), "Stockfish")
	r, err := e.Go("", []string{"e2e4"}, Limits{Nodes: 2000}, 5*time.Second)
	require.NoError(t, err)
	assert.Len(t, r.BestMove, 4)
	assert.True(t, r.Info.HasScore)
}

func FuzzParseInfo(f *testing.F) {
	f.Add("depth 12 seldepth 18 score cp -35 nodes 12345 nps 1 pv e2e4 e7e5")
	f.Add("score mate -3 string hello")
	f.Add("score lowerbound cp")
	f.Fuzz(func(t *testing.T, line string) {
		var i Info
		parseInfo(strings.Fields(line), &i)
		if i.Mate != 0 {
			assert.True(t, i.HasScore)
		}
	})
}

// waitHang starts the fake engine that hangs at its first go (and starts a
// child that hangs too), asks it for a move in the background, and returns
// once it hangs: the pid file, and the channel the move's error comes on.
func waitHang(t *testing.T, ctx context.Context) (string, <-chan error, *Engine) {
	t.Helper()
	pidfile := filepath.Join(t.TempDir(), "pids")
	e, err := StartContext(ctx, fake("-fault", "hang", "-pidfile", pidfile))
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() {
		_, err := e.Go("", nil, Limits{Nodes: 1}, time.Minute)
		done <- err
	}()
	require.Eventually(t, func() bool {
		_, hanging, err := fakeuci.PIDs(pidfile)
		return err == nil && hanging
	}, 10*time.Second, 10*time.Millisecond, "the fake and its child hang")
	return pidfile, done, e
}

// requireGone fails unless every process of the pid file has ended.
func requireGone(t *testing.T, pidfile string) {
	t.Helper()
	pids, _, err := fakeuci.PIDs(pidfile)
	require.NoError(t, err)
	require.Len(t, pids, 2, "the engine and its child")
	assert.Eventually(t, func() bool {
		return !fakeuci.Alive(pids[0]) && !fakeuci.Alive(pids[1])
	}, 5*time.Second, 10*time.Millisecond, "processes %v end", pids)
}

// Cancelling the context kills a hanging engine and the process it started,
// and the wait for its move ends at once.
func TestCancelKillsTheProcessGroup(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pidfile, done, e := waitHang(t, ctx)
	cancel()
	select {
	case err := <-done:
		assert.ErrorIs(t, err, ErrDisconnected)
	case <-time.After(10 * time.Second):
		t.Fatal("Go still waits after the context was cancelled")
	}
	requireGone(t, pidfile)
	e.Close()
}

// Close ends an engine that ignores quit and SIGTERM, and the process it
// started, which holds its output open.
func TestCloseKillsTheProcessGroup(t *testing.T) {
	pidfile, done, e := waitHang(t, context.Background())
	closed := make(chan struct{})
	go func() { e.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("Close still waits for the engine")
	}
	<-done
	requireGone(t, pidfile)
}
