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
	"cb2026/stages"
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
	limits   []search.Limits //book:stage 3
}

func newFakeEngine() *fakeEngine {
	return &fakeEngine{switches: []Switch{
		{Option: "Cutoffs", Short: "cut", Chapter: "6", Doc: "a check switch", Value: "on"},
		{Option: "History", Short: "history", Chapter: "11", Doc: "an off switch", Value: "off"},
		{Option: "Design", Short: "design", Chapter: "10.1", Doc: "a choice of designs", Values: []string{"off", "v2", "wide"}, Value: "off"},
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
		{line: "setoption name Cutoffs value maybe", want: `info string setoption Cutoffs: value "maybe"`, stage: 3},
		{line: "setoption Hash 3", want: "info string setoption: expected", stage: 3},
		{line: "setoption name Threads value 4", want: `info string setoption Threads: value "4": the search runs on one thread, want 1`, stage: 3},
		{line: "set cut sideways", want: `info string set cut: "sideways": want on or off`, stage: 3},
		{line: "set nothing on", want: `info string set: no technique "nothing"`, stage: 3},
		{line: "set design on", want: `info string set design: value "on": want one of off, v2, wide`, stage: 3},
		{line: "setoption name Design value true", want: `info string setoption Design: value "true": want one of off, v2, wide`, stage: 3},
		{line: "perft", want: "info string perft: want one depth", stage: 3},
		{line: "perft 99", want: `info string perft: depth "99"`, stage: 3},
		{line: "bench deep", want: `info string bench: depth "deep"`},
		{line: "stats x", want: `info string stats: positions: "x": want a positive number`, stage: 3},
		{line: "stats 1 3-1", want: `info string stats: depths: "3-1": want a range like 2-7`, stage: 3},
		{line: "stats 1 2 3", want: "info string stats: 3 arguments", stage: 3},
		{line: "stats 14", want: "info string stats: bench position 14: want 1 to 13", stage: 3},
		{line: "stats 1 65", want: "info string stats: depth 65: want at most 64", stage: 3},
		{line: "pst", want: `info string pst: want "pst <piece> [mg|eg]"`, stage: 4},
		{line: "pst x", want: `info string pst: "x": want a piece, p, n, b, r, q or k, or its name`, stage: 4},
		{line: "pst n late", want: `info string pst: "late": want mg or eg`, stage: 4},
		{line: "stage", want: `info string stage: want "stage <N|main>", N from 3 to 20`, stage: stages.Main},
		{line: "stage 7", want: "info string stage: this engine plays as its own stage only", stage: stages.Main},
		{line: "setoption name Stage value 7", want: "info string setoption Stage: this engine plays as its own stage only", stage: stages.Main},
		{line: "gravity 0", want: `info string gravity: "0": want a number from 1 to 100000`, stage: 11},
		{line: "gravity 1 2 3", want: "info string gravity: 3 arguments: want at most bonus and updates", stage: 11},
		{line: "kingdanger -1", want: `info string kingdanger: "-1": want a number from 1 to 1000`, stage: 19},
		{line: "kingdanger 1 2", want: "info string kingdanger: 2 arguments: want at most the units", stage: 19},
		{line: "reductions x", want: `info string reductions: "x": want a number from 1 to 63`, stage: 14},
		{line: "reductions 1 2 3", want: "info string reductions: 3 arguments: want at most depths and moves", stage: 14},
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
		{line: "  shift north|south|east|west (the side to move's pieces, and the set moved one square)"},
		{line: "  magics (each square's rook and bishop mask bits and table entries)", stage: 2},
		{line: "  lookup <square> rook|bishop (a slider's mask, the blockers in it and its attacks)", stage: 2},
		{line: "  perft N", stage: 3},
		{line: "  eval", stage: 4},
		{line: "  pst <piece> [mg|eg] (the piece's hand-set square table, as a board)", stage: 4},
		{line: "  bench [depth]"},
		{line: "  set <technique> on|off|<value>", stage: 3},
		{line: "  techniques", stage: 3},
		{line: "  stats [positions [depths]]", stage: 3},
		{line: "  tree [depth] (every node a search of the position enters, in order)", stage: 6},
		{line: "  order [position [depth]] (the picker's stages after a bench search's move)", stage: 7},
		{line: "  minimal [positions [depths]] (negamax's tree and the minimal tree in it)", stage: 7},
		{line: "  budget [wtime MS] [btime MS] [winc MS] [binc MS] [movestogo N] [movetime MS] (the time limits go would set)", stage: 9},
		{line: "  ttentry (a transposition table entry's fields as they lie in memory)", stage: 10},
		{line: "  gravity [bonus [updates]] (a history score under repeated updates)", stage: 11},
		{line: "  tries [position [depth]] (the null-window tests and re-searches of a bench search's root)", stage: 12},
		{line: "  reductions [depths [moves]] (the late move reductions by depth and move index)", stage: 14},
		{line: "  see <move> (the exchange a capture starts, capture by capture)", stage: 15},
		{line: "  windows [position [depth]] (each aspiration window a bench search tries)", stage: 17},
		{line: "  kingzone [white|black] (a king's zone and the attacks on each of its squares)", stage: 19},
		{line: "  kingdanger [units] (what a king pays for an attack of so many danger units)", stage: 19},
		{line: "  stage <N|main> (play and bench as stage N: its switches and bench depth)", stage: stages.Main},
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

func TestUCIHandshakeListsOptions(t *testing.T) {
	out := run(t, newFakeEngine(), "uci\nisready\n")
	for _, line := range []struct {
		want  string
		stage int // the chapter that brings the line, if a later one than the first
	}{
		{want: "id name fake\n"},
		{want: "option name Hash type spin default 16 min 1 max 4096\n", stage: 10},
		{want: "option name Cutoffs type check default true\n", stage: 3},
		{want: "option name History type check default false\n", stage: 3},
		{want: "option name Design type combo default off var off var v2 var wide\n", stage: 3},
		{want: "option name Stage type combo default main var 3 var 4 var 5 var 6 var 7 var 8 var 9 var 10 var 11 var 12 var 13 var 14 var 15 var 16 var 17 var 18 var 19 var 20 var main\n", stage: stages.Main},
	} {
		assert.Contains(t, out, line.want)
	}
	assert.True(t, strings.HasSuffix(out, "uciok\nreadyok\n"), "output ends %q", out)
}

func TestBenchAtTheStagesDepth(t *testing.T) {
	assert.Contains(t, run(t, newFakeEngine(), "bench\n"), "bench depth 5\n")
	assert.Contains(t, run(t, newFakeEngine(), "bench 3\n"), "bench depth 3\n")
}

func FuzzExecute(f *testing.F) {
	for _, seed := range []string{
		"position startpos moves e2e4 e7e5", "position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2",
		"go depth 3 wtime x", "setoption name Hash value 0", "set cut on", "perft 1", "d", "",
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
