//book:stage 3

package uci

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
	"cb2026/engine/search"
	"cb2026/stages"
)

// The fake engine's methods and the tests of the commands that the search,
// from chapter 3 on, brings.

func (f *fakeEngine) NewGame() { f.newGames++ }

func (f *fakeEngine) Search(ctx context.Context, p *board.Position, l search.Limits, report func(search.Info)) (board.Move, board.Move) {
	f.mu.Lock()
	f.limits = append(f.limits, l)
	f.mu.Unlock()
	if f.slow {
		<-ctx.Done()
	}
	var moves board.MoveList
	p.GenerateMoves(&moves)
	if moves.Len() == 0 {
		return board.NoMove, board.NoMove
	}
	if f.delay > 0 {
		select {
		case <-time.After(f.delay):
		case <-ctx.Done():
			return moves.At(0), board.NoMove // stopped: no report
		}
	}
	report(search.Info{Depth: 1, SelDepth: 1, Score: 12, Nodes: 20, Time: time.Millisecond, PV: []board.Move{moves.At(0)}})
	return moves.At(0), board.NoMove
}

//book:stage 10
func (f *fakeEngine) SetHashSize(mb int) error { f.hashMB = mb; return nil }

func (f *fakeEngine) Switches() []Switch { return append([]Switch(nil), f.switches...) }

func (f *fakeEngine) SetSwitch(name, value string) error {
	for i := range f.switches {
		if f.switches[i].Option == name {
			f.switches[i].Value = value
			return nil
		}
	}
	return fmt.Errorf("no switch %q", name)
}

//book:stage 4
func (f *fakeEngine) Eval(w io.Writer, p *board.Position) error {
	fmt.Fprintln(w, "eval 0")
	return nil
}

// Stats counts position×1000 + depth nodes at each depth; position 13 is
// the last.
func (f *fakeEngine) Stats(ctx context.Context, position int, depths []int) ([]search.Stats, error) {
	if position > 13 {
		return nil, fmt.Errorf("bench position %d: want 1 to 13", position)
	}
	var all []search.Stats
	for _, depth := range depths {
		st := search.Stats{Nodes: uint64(position*1000 + depth)}
		fakeQuiescence(&st)
		fakeResearches(&st, position)
		fakeNullMoves(&st, depth)
		all = append(all, st)
	}
	return all, nil
}

// fakeQuiescence sets the fake's quiescence nodes: a tenth of the nodes.
func fakeQuiescence(st *search.Stats) {
	st.QNodes = st.Nodes / 10
}

// fakeResearches sets the fake's re-search counters: position re-searches
// costing a fifth of the nodes.
func fakeResearches(st *search.Stats, position int) {
	st.Researches, st.ResearchNodes = uint64(position), st.Nodes/5
}

// fakeNullMoves sets the fake's null-move counters: depth null moves, one
// of which cut off.
func fakeNullMoves(st *search.Stats, depth int) {
	st.NullTries, st.NullCutoffs = uint64(depth), 1
}

// upTo returns each line of a stats table cut after its column head, or the
// whole table without it.
func upTo(table, head string) string {
	i := strings.Index(table, head)
	if i < 0 {
		return table // no such column: the whole table, for the failure to show
	}
	width := i + len(head)
	var b strings.Builder
	for line := range strings.Lines(table) {
		b.WriteString(strings.TrimRight(line[:min(width, len(line))], "\n") + "\n")
	}
	return b.String()
}

// The stats table counts the null-window tests searched again and the
// share of the nodes they cost, from chapter 12 on.
//
//book:stage 12
func TestStatsCountsResearches(t *testing.T) {
	if stages.Current < 12 {
		t.Skip("a build of an earlier stage prints the table without them")
	}
	out := run(t, newFakeEngine(), "stats 2-3 3\n")
	want := `position depth        nodes   qnodes   cut1st  hashhit   resrch  renodes
2            3         2003    10.0%     0.0%     0.0%        2    20.0%
3            3         3003    10.0%     0.0%     0.0%        3    20.0%
total        3         5006    10.0%     0.0%     0.0%        5    20.0%
`
	assert.Equal(t, want, upTo(out, "renodes"), "stats 2-3 3")
}

// The stats table counts the null moves searched and the share that cut
// off, from chapter 13 on.
//
//book:stage 13
func TestStatsCountsNullMoves(t *testing.T) {
	if stages.Current < 13 {
		t.Skip("a build of an earlier stage prints the table without them")
	}
	out := run(t, newFakeEngine(), "stats 2-3 3\n")
	want := `position depth        nodes   qnodes   cut1st  hashhit   resrch  renodes     null  nullcut
2            3         2003    10.0%     0.0%     0.0%        2    20.0%        3    33.3%
3            3         3003    10.0%     0.0%     0.0%        3    20.0%        3    33.3%
total        3         5006    10.0%     0.0%     0.0%        5    20.0%        6    33.3%
`
	assert.Equal(t, want, out, "stats 2-3 3")
}

func TestAnIllegalMoveIsNamedOnce(t *testing.T) {
	out := run(t, newFakeEngine(), "position startpos moves e2e4 e7e5 e4e5\n")
	assert.Equal(t, 1, strings.Count(out, `"e4e5"`), "position ... e4e5 answered %q", out)
}

func TestPositionWithMoves(t *testing.T) {
	out := run(t, newFakeEngine(), "position startpos moves e2e4 c7c5 g1f3\nd\n")
	assert.Contains(t, out, "Fen: rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
}

//book:stage 10
func TestSetOptionHash(t *testing.T) {
	e := newFakeEngine()
	out := run(t, e, "setoption name Hash value 64\nsetoption name Clear Hash\n")
	assert.Equal(t, 64, e.hashMB)
	assert.Equal(t, 1, e.newGames, "Clear Hash clears what was learned, as ucinewgame does")
	assert.NotContains(t, out, "info string", "both options were accepted")
}

func TestSetOptionAndSet(t *testing.T) {
	e := newFakeEngine()
	out := run(t, e, "setoption name history value true\nsetoption name Threads value 1\nset cut off\n"+
		"setoption name design value WIDE\ntechniques\nset design v2\n")
	assert.Equal(t, "on", e.switches[1].Value, "History after setoption")
	assert.Equal(t, "off", e.switches[0].Value, "Cutoffs after set cut off")
	assert.Equal(t, "v2", e.switches[2].Value, "Design after set design v2")
	assert.Regexp(t, `(?m)^6 +cut +Cutoffs +off +a check switch$`, out)
	assert.NotContains(t, out, "info string", "every option was accepted")
	assert.Regexp(t, `(?m)^10\.1 +design +Design +wide +a choice of designs$`, out)
}

func TestStats(t *testing.T) {
	out := run(t, newFakeEngine(), "stats 2-3 3,4\n")
	want := `position depth        nodes
2            3         2003
3            3         3003
total        3         5006
2            4         2004
3            4         3004
total        4         5008
`
	assert.Equal(t, want, upTo(out, "nodes"), "stats 2-3 3,4")
	assert.Contains(t, out, "cut1st", "stats 2-3 3,4: the share of cutoffs by the first move")
	out = run(t, newFakeEngine(), "stats\n")
	assert.Contains(t, out, "\n13           5        13005", "stats: every bench position at the bench depth")
	assert.Contains(t, out, "\ntotal        5        91065", "stats: every bench position at the bench depth")
}

// The stats table counts the quiescence nodes from chapter 8 on and the
// table's hits from chapter 10 on.
//
//book:stage 10
func TestStatsCountsQuiescenceAndHashHits(t *testing.T) {
	if stages.Current < 10 {
		t.Skip("a build of an earlier stage prints the table without them")
	}
	out := run(t, newFakeEngine(), "stats 2-3 3,4\n")
	want := `position depth        nodes   qnodes   cut1st  hashhit
2            3         2003    10.0%     0.0%     0.0%
3            3         3003    10.0%     0.0%     0.0%
total        3         5006    10.0%     0.0%     0.0%
2            4         2004    10.0%     0.0%     0.0%
3            4         3004    10.0%     0.0%     0.0%
total        4         5008    10.0%     0.0%     0.0%
`
	assert.Equal(t, want, upTo(out, "hashhit"), "stats 2-3 3,4")
}

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
	assert.Regexp(t, `(?m)^info depth 1 seldepth 1 score cp 12 nodes 20 nps 20000 time 1 pv \S+$`, out)
	assert.Regexp(t, `(?m)^bestmove [a-h][1-8][a-h][1-8]$`, out)
}

// TestGoLimits checks the limits that "go" lines which once searched until
// "stop" give the search, and the info strings they are answered with.
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

func TestGoWithNoLegalMove(t *testing.T) {
	out := run(t, newFakeEngine(), "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\n")
	assert.Contains(t, out, "bestmove 0000\n")
}

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

func TestEndOfInputStopsAnInfiniteSearch(t *testing.T) {
	e := newFakeEngine()
	e.slow = true
	out := run(t, e, "go infinite\n")
	assert.Contains(t, out, "bestmove ")
}

func TestWaitLetsASearchFinishBeforeQuit(t *testing.T) {
	e := newFakeEngine()
	e.delay = 50 * time.Millisecond
	assert.NotContains(t, run(t, e, "go depth 3\nquit\n"), "info depth 1 ", "quit stops the search")
	out := run(t, e, "go depth 3\nwait\nquit\n")
	assert.Contains(t, out, "info depth 1 ")
	assert.Contains(t, out, "bestmove ")
	assert.Equal(t, "", run(t, e, "wait\nquit\n"), "wait with no search running")
}

func TestGoPerftPrintsStockfishFormat(t *testing.T) {
	out := run(t, newFakeEngine(), "go perft 2\n")
	assert.Contains(t, out, "e2e4: 20\n")
	assert.Contains(t, out, "\nNodes searched: 400\n")
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
