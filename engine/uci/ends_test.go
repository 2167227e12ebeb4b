//book:stage 3

package uci

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
	"cb2026/engine/search"
	"cb2026/stages"
)

// The tests of this file hold a conversation with a server over a pipe, as a
// GUI does, with the real search of the stage built: every "go" must end in
// "bestmove" by itself, and every long command must let "stop", "quit" and
// "isready" through while it runs.

// An answer should come within answerSlack of its limit: the engine takes
// a millisecond or two. On a loaded machine (make test runs packages side
// by side on two cores) the scheduler may hold one back now and then, so a
// test fails at once only past patience, and the corpus test for more than
// one late answer in fifty.
const (
	answerSlack = 100 * time.Millisecond
	patience    = time.Second
)

// searchEngine is the fake engine with the real search, bench and stats.
type searchEngine struct {
	*fakeEngine
	searcher *search.Searcher
}

func newSearchEngine() *searchEngine {
	return &searchEngine{fakeEngine: newFakeEngine(), searcher: search.NewSearcher(search.DefaultTechniques(stages.Current))}
}

func (e *searchEngine) Search(ctx context.Context, p *board.Position, l search.Limits, report func(search.Info)) (board.Move, board.Move) {
	return e.searcher.Search(ctx, p, l, report)
}

func (e *searchEngine) Bench(ctx context.Context, w io.Writer, depth int) error {
	_, err := search.Bench(ctx, w, *e.searcher.Techniques(), depth)
	return err
}

func (e *searchEngine) Stats(ctx context.Context, position int, depths []int) ([]search.Stats, error) {
	return search.MeasureDepths(ctx, *e.searcher.Techniques(), position, depths)
}

// syncBuffer is a bytes.Buffer that the server's goroutines may write while
// the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	return b.since(0)
}

// since returns what was written after the first off bytes.
func (b *syncBuffer) since(off int) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf.Bytes()[off:])
}

// A session is a server running on the far end of a pipe. Lines are written
// by a goroutine of their own, so that a server that stops reading makes
// the test fail on a timeout instead of hanging it.
type session struct {
	t     *testing.T
	lines chan func(io.Writer) error // each writes one line, its newline excluded
	sent  chan struct{}              // one value each time a line has been read by the server
	out   syncBuffer
	seen  int           // the output before this offset has been matched
	ended chan struct{} // closed when Run returns
}

func newSession(t *testing.T, e Engine) *session {
	r, w := io.Pipe()
	c := &session{t: t, lines: make(chan func(io.Writer) error, 100), sent: make(chan struct{}, 100), ended: make(chan struct{})}
	go func() {
		for write := range c.lines {
			if err := write(w); err != nil {
				return
			}
			if _, err := io.WriteString(w, "\n"); err != nil {
				return
			}
			c.sent <- struct{}{}
		}
		w.Close()
	}()
	s := NewServer(e, &c.out)
	go func() {
		_ = s.Run(r)
		close(c.ended)
		r.Close()
	}()
	t.Cleanup(func() {
		close(c.lines)
		r.CloseWithError(io.ErrClosedPipe) // a server stuck in a command reads no more
	})
	return c
}

// send writes one line and waits until the server has read it, or fails.
func (c *session) send(line string) bool {
	c.t.Helper()
	return c.sendBy(line, func(w io.Writer) error {
		_, err := io.WriteString(w, line)
		return err
	})
}

// sendBy writes the line that write writes, whose first bytes are head,
// and waits until the server has read it, or fails.
func (c *session) sendBy(head string, write func(io.Writer) error) bool {
	c.t.Helper()
	c.lines <- write
	select {
	case <-c.sent:
		return true
	case <-time.After(5 * time.Second):
		c.t.Errorf("the server did not read %.40q within 5 s", head)
		return false
	}
}

// expect waits until the output not yet matched matches pattern, for at most
// within, and reports whether it did.
func (c *session) expect(pattern string, within time.Duration) bool {
	c.t.Helper()
	re := regexp.MustCompile(pattern)
	deadline := time.Now().Add(within)
	for {
		out := c.out.since(c.seen)
		if loc := re.FindStringIndex(out); loc != nil {
			c.seen += loc[1]
			return true
		}
		if time.Now().After(deadline) {
			c.t.Errorf("no %q within %v; the output ends %q", pattern, within, tail(out, 300))
			return false
		}
		time.Sleep(time.Millisecond)
	}
}

// expectEnd waits until the server's Run has returned, for at most within.
func (c *session) expectEnd(within time.Duration) {
	c.t.Helper()
	select {
	case <-c.ended:
	case <-time.After(within):
		c.t.Errorf("the server did not end within %v", within)
	}
}

// tail returns the last n bytes of s.
func tail(s string, n int) string {
	return s[max(0, len(s)-n):]
}

const bestmove = `(?m)^bestmove \S+`

// TestEveryGoEndsInBestmove sends the "go" lines that once searched until
// "stop": each must now end in "bestmove" by itself, and quickly, since a
// clock of zero or less, a bad number, or no clock for the side to move
// mean "move now". (go wtime 9223372036854775807 is in TestGoLimits: it
// saturates to a year, which is no quick answer.)
func TestEveryGoEndsInBestmove(t *testing.T) {
	tests := []struct{ position, line string }{
		{"startpos", "go wtime 0 btime 0"},
		{"startpos", "go wtime -1000 btime -1000 winc 100 binc 100"},
		{"startpos", "go movetime 0"},
		{"startpos", "go movetime -5"},
		{"startpos", "go nodes 0"},
		{"startpos", "go depth 0"},
		{"startpos", "go depth -3"},
		{"startpos", "go depth abc"},
		{"startpos", "go depth"},
		{"startpos", "go depth 99999999999999999999999"},
		{"startpos moves e2e4", "go wtime 1000 winc 10"},
		{"startpos", "go mate 1"},
		{"fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "go wtime 0"}, // no legal move
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			c := newSession(t, newSearchEngine())
			c.send("position " + tt.position)
			if c.send(tt.line) && c.expect(bestmove, patience) {
				c.send("isready")
				c.expect(`(?m)^readyok$`, patience)
			}
			c.send("quit")
		})
	}
}

// TestLongCommandsReadStopIsreadyAndQuit runs each console command that
// takes hours at the depth given, and checks that the server answers
// isready at once while it runs, and that stop or quit end it at once.
// (Without an evaluation stats searches nothing and ends by itself; see
// stops.)
func TestLongCommandsReadStopIsreadyAndQuit(t *testing.T) {
	for _, cmd := range []string{"perft 9", "go perft 9", "bench 64", "stats 1 40", "stats 1-13 64"} {
		for _, end := range []string{"stop", "quit", "isready"} {
			t.Run(cmd+", "+end, func(t *testing.T) {
				c := newSession(t, newSearchEngine())
				c.send(cmd)
				name := strings.Fields(strings.TrimPrefix(cmd, "go "))[0]
				if name == "perft" { // a bound past minutes says so
					c.expect(`(?m)^info string perft 9 may take hours: stop ends it$`, patience)
				}
				time.Sleep(20 * time.Millisecond) // let it start
				c.send("isready")
				if !c.expect(`(?m)^readyok$`, patience) {
					return
				}
				if end == "isready" {
					c.send("isready")
					c.expect(`(?m)^readyok$`, patience)
					end = "stop"
				}
				c.send(end)
				if stops(name) {
					c.expect(`(?m)^info string `+name+`: stopped$`, patience)
				}
				if end == "quit" {
					c.expectEnd(patience)
					return
				}
				c.send("isready")
				c.expect(`(?m)^readyok$`, patience)
			})
		}
	}
}

// stops reports whether the console command name says "NAME: stopped" when
// stop or quit ends it: stats does not, and stage 4's bench, whose search
// looks one ply ahead whatever the depth asked, has ended by itself.
func stops(name string) bool {
	return name != "stats" && (name != "bench" || stages.Current != 4)
}

// TestGeneratedLinesAllEnd is the conversation a careless GUI could hold: a
// corpus of lines from a fixed seed, "go" with every limit at 0, -1, the
// largest int64, past it, garbage or nothing, lines of up to 8 MiB, and
// junk. Each "go" must end in "bestmove" within its limit plus answerSlack
// (a limit past the test's patience, a year or depth 1000, ends at "stop"),
// and each line is followed by "isready", answered with "readyok".
func TestGeneratedLinesAllEnd(t *testing.T) {
	lines, longest := 1000, 8<<20
	if testing.Short() {
		lines, longest = 40, 2<<20
	}
	rng := rand.New(rand.NewPCG(2026, 30))
	c := newSession(t, newSearchEngine())
	var answers, late int
	var slowest time.Duration
	answered := func(pattern string) bool { // within answerSlack, or late, or not at all
		t.Helper()
		start := time.Now()
		if !c.expect(pattern, patience) {
			return false
		}
		answers++
		if d := time.Since(start); d > answerSlack {
			late++
			slowest = max(slowest, d)
		}
		return true
	}
	for i := range lines {
		switch i % 10 {
		case 0, 5:
			if !c.sendBy(randomLongLine(rng, i, longest)) || !c.expect(`(?m)^info string a line of more than \d+ bytes ignored$`, patience) {
				return
			}
		case 1:
			c.send(randomJunk(rng))
		default:
			line, atOnce := randomGo(rng)
			if !c.send(line) {
				return
			}
			if !atOnce {
				time.Sleep(10 * time.Millisecond)
				c.send("stop")
			}
			if !answered(bestmove) {
				t.Errorf("after %q", line)
				return
			}
		}
		c.send("isready")
		if !answered(`(?m)^readyok$`) {
			return
		}
	}
	c.send("quit")
	t.Logf("%d answers, %d later than %v, the slowest after %v", answers, late, answerSlack, slowest)
	assert.LessOrEqual(t, late*50, answers, "%d of %d answers came later than %v, the slowest after %v", late, answers, answerSlack, slowest)
}

// randomLongLine returns a line longer than maxLineBytes, up to longest bytes:
// a "go" or a "position" that goes on, or bytes of any value but a newline.
// It returns the line's first bytes and a function that writes the line in
// pieces (longPiece bytes), since a corpus of lines of up to 8 MiB costs
// more to build and copy whole than the server takes to read it.
func randomLongLine(rng *rand.Rand, i, longest int) (string, func(io.Writer) error) {
	n := maxLineBytes + 1 + rng.IntN(longest-maxLineBytes)
	switch i % 3 {
	case 0:
		return "go depth 1 x", repeated("go depth 1 ", "x", n)
	case 1:
		return "position startpos moves e2e4", repeated("position startpos moves", " e2e4", n/5)
	}
	return "random bytes", func(w io.Writer) error {
		b := make([]byte, longPiece)
		for left := n; left > 0; left -= len(b) {
			b = b[:min(left, longPiece)]
			for j := 0; j < len(b); j += 8 { // eight random bytes a draw
				var draw [8]byte
				binary.LittleEndian.PutUint64(draw[:], rng.Uint64())
				copy(b[j:], draw[:])
			}
			for j, c := range b {
				if c == '\n' {
					b[j] = ' '
				}
			}
			if _, err := w.Write(b); err != nil {
				return err
			}
		}
		return nil
	}
}

// longPiece is the size of the pieces a long line is written in: a
// multiple of eight, the random bytes of one draw.
const longPiece = 64 << 10

// repeated returns a function that writes head and then unit n times.
func repeated(head, unit string, n int) func(io.Writer) error {
	return func(w io.Writer) error {
		if _, err := io.WriteString(w, head); err != nil {
			return err
		}
		per := longPiece / len(unit)
		piece := []byte(strings.Repeat(unit, per))
		for left := n; left > 0; left -= per {
			if _, err := w.Write(piece[:min(left, per)*len(unit)]); err != nil {
				return err
			}
		}
		return nil
	}
}

// randomJunk returns a short line of printable junk that names no command.
func randomJunk(rng *rand.Rand) string {
	b := make([]byte, 1+rng.IntN(60))
	for j := range b {
		b[j] = byte(' ' + rng.IntN(95))
	}
	return "junk " + string(b)
}

// randomGo returns a "go" line, for White to move, with random limits and
// random values, and whether it must answer by itself, at once: the rules
// of parseLimits, written out from the words chosen.
func randomGo(rng *rand.Rand) (line string, answersAtOnce bool) {
	words := []string{"depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "mate", "infinite"}
	values := []string{"0", "-1", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "abc", "1e3", ""}
	var b strings.Builder
	b.WriteString("go")
	infinite, limited, moveNow, long := false, false, false, false
	for range 1 + rng.IntN(4) {
		word := words[rng.IntN(len(words))]
		b.WriteString(" " + word)
		if word == "infinite" {
			infinite = true
			continue
		}
		limited = true
		v := values[rng.IntN(len(values))]
		if v != "" {
			b.WriteString(" " + v)
		}
		// White is to move: btime, the increments and movestogo end nothing.
		if word == "btime" || word == "winc" || word == "binc" || word == "movestogo" {
			continue
		}
		switch v {
		case "0", "-1", "-9223372036854775808":
			moveNow = true // out of time, or a limit of zero or less
		case "9223372036854775807":
			long = true // a year, 1000 plies or 2^63 nodes
		}
	}
	if limited && !long {
		moveNow = true // nothing else ends the search
	}
	return b.String(), moveNow && !infinite
}

// TestAnInfiniteSearchStillWaitsForStop checks the one "go" that must not
// end by itself, even when a limit says "move now".
func TestAnInfiniteSearchStillWaitsForStop(t *testing.T) {
	c := newSession(t, newSearchEngine())
	c.send("go infinite depth 0")
	time.Sleep(50 * time.Millisecond)
	assert.NotContains(t, c.out.String(), "bestmove", "go infinite answered before stop")
	c.send("stop")
	c.expect(bestmove, patience)
}

func FuzzParseLimits(f *testing.F) {
	for _, seed := range []string{
		"wtime 0 btime 0", "depth abc", "depth", "wtime 9223372036854775807 btime 1", "mate 1", "nodes 0 infinite",
		"wtime 1000 winc 10", "movetime -5 depth 3", "depth 99999999999999999999999",
	} {
		f.Add(seed, false)
	}
	f.Fuzz(func(t *testing.T, line string, black bool) {
		us := board.White
		if black {
			us = board.Black
		}
		args := strings.Fields(line)
		l, problems := parseLimits(args, us)
		if slices.ContainsFunc(args, func(w string) bool { return w != "infinite" }) && !l.Infinite {
			require.True(t, ends(l, us), "parseLimits(%q) = %+v: nothing ends the search", line, l)
		}
		assert.GreaterOrEqual(t, l.Depth, 0, "parseLimits(%q)", line)
		for _, d := range append(l.Time[:], append(l.Inc[:], l.MoveTime)...) {
			assert.GreaterOrEqual(t, d, time.Duration(0), "parseLimits(%q) = %+v: a time wrapped", line, l)
		}
		for _, p := range problems {
			assert.NotEmpty(t, p, fmt.Sprintf("parseLimits(%q)", line))
		}
	})
}
