package uci

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/search"
)

// fakeEngine plays the first legal move. With slow set, it searches until
// its context is done, as an infinite search would; with delay set, it
// searches that long and reports nothing if stopped before.
type fakeEngine struct {
	mu       sync.Mutex
	slow     bool
	delay    time.Duration
	hashMB   int
	switches []Switch
	newGames int
	//book:stage 3
	limits []search.Limits
}

func newFakeEngine() *fakeEngine {
	return &fakeEngine{switches: []Switch{
		{Option: "AlphaBeta", Short: "ab", Since: 6, Doc: "alpha-beta cutoffs", Value: "on"},
		{Option: "History", Short: "history", Since: 11, Doc: "history heuristic", Value: "off"},
		{Option: "CaptureHistory", Short: "capthist", Since: 21, Doc: "capture history", Values: []string{"off", "v2", "see-bands"}, Value: "off"},
	}}
}

func (f *fakeEngine) Name() string { return "fake" }

func (f *fakeEngine) BenchDepth() int { return 5 }

func (f *fakeEngine) Bench(ctx context.Context, w io.Writer, depth int) error {
	fmt.Fprintf(w, "bench depth %d\n", depth)
	return nil
}

// run feeds input to a new server and returns what it wrote.
func run(t *testing.T, e Engine, input string) string {
	t.Helper()
	var out bytes.Buffer
	s := NewServer(e, &out)
	require.NoError(t, s.Run(strings.NewReader(input)))
	return out.String()
}

func TestBadInputIsAnsweredAndChangesNothing(t *testing.T) {
	const fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	tests := []struct {
		line, want string
		stage      int // the chapter that brings the command, if a later one than the first
	}{
		{line: "frobnicate", want: `info string unknown command "frobnicate"`},
		{line: "position", want: "info string position: expected startpos or fen"},
		{line: "position fen 8/8/8 w - - 0 1", want: "info string position: "},
		{line: "position startpos moves e2e5", want: `info string position: move "e2e5": not a legal move in rnbqkbnr/`, stage: 3},
		{line: "position startpos moves e2e4 zz", want: `info string position: move "zz"`, stage: 3},
		{line: "position startpos e2e4", want: `info string position: unexpected "e2e4" after startpos`},
		{line: "setoption name Nonsense value 3", want: "info string setoption Nonsense: no such option", stage: 3},
		{line: "setoption name Hash value lots", want: `info string setoption Hash: value "lots"`, stage: 10},
		{line: "setoption name AlphaBeta value maybe", want: `info string setoption AlphaBeta: value "maybe"`, stage: 3},
		{line: "setoption Hash 3", want: "info string setoption: expected", stage: 3},
		{line: "setoption name Threads value 4", want: `info string setoption Threads: value "4": the search runs on one thread, want 1`, stage: 3},
		{line: "set ab sideways", want: `info string set ab: "sideways": want on or off`, stage: 3},
		{line: "set nothing on", want: `info string set: no technique "nothing"`, stage: 3},
		{line: "set capthist on", want: `info string set capthist: value "on": want one of off, v2, see-bands`, stage: 3},
		{line: "setoption name CaptureHistory value true", want: `info string setoption CaptureHistory: value "true": want one of off, v2, see-bands`, stage: 3},
		{line: "perft", want: "info string perft: want one depth", stage: 3},
		{line: "perft 99", want: `info string perft: depth "99"`, stage: 3},
		{line: "bench deep", want: `info string bench: depth "deep"`},
		{line: "stats x", want: `info string stats: positions: "x": want a positive number`, stage: 3},
		{line: "stats 1 3-1", want: `info string stats: depths: "3-1": want a range like 2-7`, stage: 3},
		{line: "stats 1 2 3", want: "info string stats: 3 arguments", stage: 3},
		{line: "stats 14", want: "info string stats: bench position 14: want 1 to 13", stage: 3},
		{line: "stats 1 65", want: "info string stats: depth 65: want at most 64", stage: 3},
		{line: "bench 65", want: `info string bench: depth "65": want a whole number from 1 to 64`},
		{line: strings.Repeat("position startpos ", 1<<17), want: "info string a line of more than 1048576 bytes ignored"},
	}
	for _, tt := range tests {
		e := newFakeEngine()
		out := run(t, e, "position fen "+fen+"\n"+tt.line+"\nd\n")
		assert.Contains(t, out, tt.want, "after %q", tt.line)
		assert.Contains(t, out, "Fen: "+fen, "after %q the position changed", tt.line)
		assert.Equal(t, newFakeEngine().switches, e.switches, "after %q a switch changed", tt.line)
	}
}

// TestHelpListsTheCommandsOfTheStage checks help's text, line by line, and
// that every command it lists is one Execute obeys.
func TestHelpListsTheCommandsOfTheStage(t *testing.T) {
	var want strings.Builder
	for _, l := range []struct {
		line  string
		stage int // the chapter that brings the command, if a later one than the first
	}{
		{line: "UCI:"},
		{line: "  uci"},
		{line: "  isready"},
		{line: "  position startpos|fen <FEN>"},
		{line: "  position startpos|fen <FEN> moves <move>...", stage: 3},
		{line: "  ucinewgame", stage: 3},
		{line: "  go [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS] [binc MS] [movestogo N] [mate N] [infinite]", stage: 3},
		{line: "  go perft N", stage: 3},
		{line: "  stop (also ends perft, bench and stats)", stage: 3},
		{line: "  setoption name <name> value <v>", stage: 3},
		{line: "  quit"},
		{line: "console:"},
		{line: "  d (board)"},
		{line: "  magics (each square's rook and bishop mask bits and table entries)", stage: 2},
		{line: "  perft N", stage: 3},
		{line: "  eval", stage: 4},
		{line: "  bench [depth]"},
		{line: "  set <technique> on|off|<value>", stage: 3},
		{line: "  techniques", stage: 3},
		{line: "  stats [positions [depths]]", stage: 3},
		{line: "  budget [wtime MS] [btime MS] [winc MS] [binc MS] [movestogo N] [movetime MS] (the time limits go would set)", stage: 9},
		{line: "  wait (until the running search ends by itself)", stage: 3},
		{line: "  help"},
	} {
		want.WriteString(l.line + "\n")
	}
	out := run(t, newFakeEngine(), "help\n")
	require.Equal(t, want.String(), out)
	for line := range strings.Lines(out) {
		if !strings.HasPrefix(line, "  ") {
			continue
		}
		name := strings.Fields(line)[0]
		c, ok := findCommand(name)
		if assert.True(t, ok, "help lists %q, which Execute does not know", name) {
			assert.True(t, c.Run != nil || name == "stop" || name == "quit", "%q: its first row does nothing", name)
		}
	}
}

// TestLinesOfAnyLength checks that a line too long to be a command, up to
// 8 MiB, is answered and skipped, and that the conversation goes on.
func TestLinesOfAnyLength(t *testing.T) {
	long := strings.Repeat("d ", maxLineBytes/2) + "d" // one byte too long
	tests := []struct {
		input, want string
	}{
		{long + "\nisready\n", "info string a line of more than 1048576 bytes ignored\nreadyok\n"},
		{strings.Repeat("x", 8<<20) + "\r\nisready\n", "info string a line of more than 1048576 bytes ignored\nreadyok\n"},
		{strings.Repeat("y", 3<<20), "info string a line of more than 1048576 bytes ignored\n"}, // unterminated
		{"isready" + strings.Repeat(" ", maxLineBytes-len("isready")) + "\nisready", "readyok\nreadyok\n"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, run(t, newFakeEngine(), tt.input), "a line of %d bytes", len(tt.input))
	}
}

//book:stage 3
func TestAnIllegalMoveIsNamedOnce(t *testing.T) {
	out := run(t, newFakeEngine(), "position startpos moves e2e4 e7e5 e4e5\n")
	assert.Equal(t, 1, strings.Count(out, `"e4e5"`), "position ... e4e5 answered %q", out)
}

//book:stage 3
func TestPositionWithMoves(t *testing.T) {
	out := run(t, newFakeEngine(), "position startpos moves e2e4 c7c5 g1f3\nd\n")
	assert.Contains(t, out, "Fen: rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
}

func TestUCIHandshakeListsOptions(t *testing.T) {
	out := run(t, newFakeEngine(), "uci\nisready\n")
	for _, line := range []struct {
		want  string
		stage int // the chapter that brings the line, if a later one than the first
	}{
		{want: "id name fake\n"},
		{want: "option name Hash type spin default 16 min 1 max 4096\n", stage: 10},
		{want: "option name AlphaBeta type check default true\n", stage: 3},
		{want: "option name History type check default false\n", stage: 3},
		{want: "option name CaptureHistory type combo default off var off var v2 var see-bands\n", stage: 3},
	} {
		assert.Contains(t, out, line.want)
	}
	assert.True(t, strings.HasSuffix(out, "uciok\nreadyok\n"), "output ends %q", out)
}

//book:stage 10
func TestSetOptionHash(t *testing.T) {
	e := newFakeEngine()
	out := run(t, e, "setoption name Hash value 64\nsetoption name Clear Hash\n")
	assert.Equal(t, 64, e.hashMB)
	assert.Equal(t, 1, e.newGames, "Clear Hash clears what was learned, as ucinewgame does")
	assert.NotContains(t, out, "info string", "both options were accepted")
}

//book:stage 3
func TestSetOptionAndSet(t *testing.T) {
	e := newFakeEngine()
	out := run(t, e, "setoption name history value true\nsetoption name Threads value 1\nset ab off\n"+
		"setoption name capturehistory value SEE-bands\ntechniques\nset capthist v2\n")
	assert.Equal(t, "on", e.switches[1].Value, "History after setoption")
	assert.Equal(t, "off", e.switches[0].Value, "AlphaBeta after set ab off")
	assert.Equal(t, "v2", e.switches[2].Value, "CaptureHistory after set capthist v2")
	assert.Regexp(t, `(?m)^6 +ab +AlphaBeta +off +alpha-beta cutoffs$`, out)
	assert.NotContains(t, out, "info string", "every option was accepted")
	assert.Regexp(t, `(?m)^21 +capthist +CaptureHistory +see-bands +capture history$`, out)
}

func TestBenchAtTheStagesDepth(t *testing.T) {
	assert.Contains(t, run(t, newFakeEngine(), "bench\n"), "bench depth 5\n")
	assert.Contains(t, run(t, newFakeEngine(), "bench 3\n"), "bench depth 3\n")
}

//book:stage 3
func TestStats(t *testing.T) {
	out := run(t, newFakeEngine(), "stats 2-3 3,4\n")
	want := `position depth        nodes   qnodes   cut1st  hashhit
2            3         2003    10.0%     0.0%     0.0%
3            3         3003    10.0%     0.0%     0.0%
total        3         5006    10.0%     0.0%     0.0%
2            4         2004    10.0%     0.0%     0.0%
3            4         3004    10.0%     0.0%     0.0%
total        4         5008    10.0%     0.0%     0.0%
`
	assert.Equal(t, want, out, "stats 2-3 3,4")
	out = run(t, newFakeEngine(), "stats\n")
	assert.Contains(t, out, "\n13           5        13005 ", "stats: every bench position at the bench depth")
	assert.Contains(t, out, "\ntotal        5        91065 ", "stats: every bench position at the bench depth")
}

//book:stage 3
func TestGoParsesEveryLimit(t *testing.T) {
	e := newFakeEngine()
	out := run(t, e, "position startpos moves e2e4\ngo wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 depth 7 nodes 900 movetime 300 bogus\n")
	require.Len(t, e.limits, 1)
	want := search.Limits{
		Depth: 7, Nodes: 900, MoveTime: 300 * time.Millisecond, MovesToGo: 5,
		Time: [2]time.Duration{time.Second, 2 * time.Second},
		Inc:  [2]time.Duration{10 * time.Millisecond, 20 * time.Millisecond},
	}
	assert.Equal(t, want, e.limits[0])
	assert.Contains(t, out, `info string go: unknown word "bogus" ignored`)
	assert.Regexp(t, `(?m)^info depth 1 seldepth 1 score cp 12 nodes 20 nps 20000 hashfull 0 time 1 pv \S+$`, out)
	assert.Regexp(t, `(?m)^bestmove [a-h][1-8][a-h][1-8]$`, out)
}

// TestGoLimits checks the limits that "go" lines which once searched until
// "stop" give the search, and the info strings they are answered with.
//
//book:stage 3
func TestGoLimits(t *testing.T) {
	const year = 365 * 24 * time.Hour
	ms := time.Millisecond
	tests := []struct {
		moves, line string // moves: played from the initial position first
		want        search.Limits
		info        string // "" if none
	}{
		{"", "go wtime 0 btime 0", search.Limits{Depth: 1}, ""},
		{"", "go wtime -1000 btime -1000 winc 100 binc 100", search.Limits{Depth: 1, Inc: [2]time.Duration{100 * ms, 100 * ms}}, ""},
		{"", "go movetime 0", search.Limits{Depth: 1}, ""},
		{"", "go movetime -5", search.Limits{Depth: 1}, ""},
		{"", "go nodes 0", search.Limits{Depth: 1}, ""},
		{"", "go depth 0", search.Limits{Depth: 1}, ""},
		{"", "go depth -3", search.Limits{Depth: 1}, ""},
		{"", "go depth abc", search.Limits{Depth: 1}, `go: depth "abc" is not a whole number within int64, ignored`},
		{"", "go depth", search.Limits{Depth: 1}, "go: depth needs a number, ignored"},
		{"", "go depth 99999999999999999999999", search.Limits{Depth: 1}, `go: depth "99999999999999999999999" is not a whole number within int64, ignored`},
		{"", "go wtime 9223372036854775807 btime 9223372036854775807", search.Limits{Time: [2]time.Duration{year, year}}, ""},
		{"e2e4", "go wtime 1000 winc 10", search.Limits{Depth: 1, Time: [2]time.Duration{time.Second, 0}, Inc: [2]time.Duration{10 * ms, 0}},
			"go: no limit ends the search with black to move: it searches one ply"},
		{"", "go mate 1", search.Limits{Depth: 1}, ""},
		{"", "go mate 3 depth 9", search.Limits{Depth: 5}, ""},
		{"", "go depth movetime 300", search.Limits{MoveTime: 300 * ms}, "go: depth needs a number, ignored"},
		{"", "go depth 5 movetime 0", search.Limits{Depth: 1}, ""},
		{"", "go searchmoves e2e4", search.Limits{Depth: 1}, `go: unknown word "searchmoves" ignored`},
		{"", "go infinite", search.Limits{Infinite: true}, ""},
		{"", "go", search.Limits{}, ""},
	}
	for _, tt := range tests {
		e := newFakeEngine()
		out := run(t, e, "position startpos moves "+tt.moves+"\n"+tt.line+"\nstop\n")
		require.Len(t, e.limits, 1, "%s", tt.line)
		assert.Equal(t, tt.want, e.limits[0], "%s", tt.line)
		if tt.info != "" {
			assert.Contains(t, out, "info string "+tt.info+"\n", "%s", tt.line)
		}
		assert.Contains(t, out, "bestmove ", "%s", tt.line)
	}
}

//book:stage 3
func TestGoWithNoLegalMove(t *testing.T) {
	out := run(t, newFakeEngine(), "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\n")
	assert.Contains(t, out, "bestmove 0000\n")
}

//book:stage 3
func TestStopEndsAnInfiniteSearchAtOnce(t *testing.T) {
	e := newFakeEngine()
	e.slow = true
	var out bytes.Buffer
	s := NewServer(e, &out)
	s.Execute("go infinite")
	start := time.Now()
	s.Execute("stop")
	assert.Less(t, time.Since(start), time.Second, "stop took too long")
	assert.Contains(t, out.String(), "bestmove ")
	assert.False(t, s.Execute("isready"))
	assert.True(t, s.Execute("quit"))
}

//book:stage 3
func TestEndOfInputStopsAnInfiniteSearch(t *testing.T) {
	e := newFakeEngine()
	e.slow = true
	out := run(t, e, "go infinite\n")
	assert.Contains(t, out, "bestmove ")
}

//book:stage 3
func TestWaitLetsASearchFinishBeforeQuit(t *testing.T) {
	e := newFakeEngine()
	e.delay = 50 * time.Millisecond
	assert.NotContains(t, run(t, e, "go depth 3\nquit\n"), "info depth 1 ", "quit stops the search")
	out := run(t, e, "go depth 3\nwait\nquit\n")
	assert.Contains(t, out, "info depth 1 ")
	assert.Contains(t, out, "bestmove ")
	assert.Equal(t, "", run(t, e, "wait\nquit\n"), "wait with no search running")
}

//book:stage 3
func TestGoPerftPrintsStockfishFormat(t *testing.T) {
	out := run(t, newFakeEngine(), "go perft 2\n")
	assert.Contains(t, out, "e2e4: 20\n")
	assert.Contains(t, out, "\nNodes searched: 400\n")
}

func FuzzExecute(f *testing.F) {
	for _, seed := range []string{
		"position startpos moves e2e4 e7e5", "position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2",
		"go depth 3 wtime x", "setoption name Hash value 0", "set ab on", "perft 1", "d", "",
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 e7e5 g1f3",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.Contains(line, "perft") {
			return // deep perft is slow, not wrong; the bounded depth is tested above
		}
		var out bytes.Buffer
		s := NewServer(newFakeEngine(), &out)
		s.Execute(line)
		s.Execute("d")
		s.finish()
	})
}

//book:stage 9
func TestBudgetPrintsTheLimitsGoWouldSet(t *testing.T) {
	tests := []struct {
		input, want string
	}{
		{"budget wtime 10000 btime 10000 winc 100 binc 100", "budget wtime 10000 btime 10000 winc 100 binc 100: soft 236.5 ms, hard 1419.0 ms\n"},
		{"budget wtime 60000 movestogo 1", "budget wtime 60000 movestogo 1: soft 11990.0 ms, hard 11990.0 ms\n"},
		{"budget movetime 1000", "budget movetime 1000: soft 950.0 ms, hard 950.0 ms\n"},
		{"budget btime 1000", "info string budget: no limit ends the search with white to move: it searches one ply\nbudget btime 1000: no time limit\n"},
		{"budget wtime 1000 soon", "info string budget: unknown word \"soon\" ignored\nbudget wtime 1000 soon: soft 19.0 ms, hard 114.0 ms\n"},
	}
	for _, tt := range tests {
		e := newFakeEngine()
		assert.Equal(t, tt.want, run(t, e, tt.input+"\n"), "%s", tt.input)
		assert.Empty(t, e.limits, "%s: no search", tt.input)
	}
}

// TestMagicsPrintsEachSquaresMaskAndTable checks "magics" on squares of
// every kind: a corner, an edge, the inner ring and the center, and the
// totals that the table arrays are sized for.
//
//book:stage 2
func TestMagicsPrintsEachSquaresMaskAndTable(t *testing.T) {
	out := run(t, newFakeEngine(), "magics\n")
	for _, tc := range []struct{ square, line string }{
		{"a1", "a1      12         4096     6            64"},
		{"d1", "d1      11         2048     5            32"},
		{"b2", "b2      10         1024     5            32"},
		{"c3", "c3      10         1024     7            128"},
		{"d4", "d4      10         1024     9            512"},
		{"h8", "h8      12         4096     6            64"},
		{"total", "total              102400                5248"},
	} {
		t.Run(tc.square, func(t *testing.T) {
			assert.Contains(t, strings.Split(out, "\n"), tc.line)
		})
	}
}
