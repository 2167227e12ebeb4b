package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"cb2026/engine/board"
	"cb2026/engine/pgn"
	"cb2026/internal/results"
	"cb2026/internal/stats"
	"cb2026/tools/internal/fakeuci"
	"cb2026/tools/internal/openings"
	"cb2026/tools/internal/spec"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// matchEnv is the environment variable that makes the test binary act as
// the match command, for tests that signal it.
const matchEnv = "CB2026_MATCH_COMMAND"

// TestMain lets the test binary act as the fake engine, or as the match
// command, when re-executed.
func TestMain(m *testing.M) {
	if os.Getenv(fakeuci.EnvVar) != "" {
		os.Exit(fakeuci.Main(os.Args[1:], fakeuci.Legal()))
	}
	if os.Getenv(matchEnv) != "" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeSpec returns the spec of a fake engine with a script.
func fakeSpec(name string, script ...string) spec.Engine {
	return spec.Engine{Name: name, Cmd: os.Args[0], Args: append([]string{"-name", name}, script...),
		Env: []string{fakeuci.EnvVar + "=1"}}
}

// testOpenings loads a few openings from the real books.
func testOpenings(t *testing.T, file string) []openings.Opening {
	o, err := openings.Load("../../testdata/" + file)
	require.NoError(t, err)
	return o
}

// runMatch plays a match and returns its tally and PGN text.
func runMatch(t *testing.T, m *Match) (*Tally, string) {
	var buf bytes.Buffer
	m.Record = func(p Played) error { return pgn.Write(&buf, m.pgnGame(p, "test")) }
	if m.Order == nil {
		m.Order = openings.Order(len(m.Openings), 1)
	}
	if m.Referee.Timeout == 0 {
		// Generous: on a loaded machine a fake engine's move can take
		// seconds, and a timeout would change the game being tested.
		m.Referee.Timeout = 30 * time.Second
	}
	tally, err := m.Run(context.Background())
	require.NoError(t, err)
	return tally, buf.String()
}

// Every misbehavior is recorded as a loss of its kind, and the match
// carries on to play every game.
func TestFailuresAreRecordedAndTheMatchGoesOn(t *testing.T) {
	tests := []struct {
		script []string
		tc     TimeControl
		kind   string
	}{
		{[]string{"-fault", "illegal", "-at", "2"}, TimeControl{Nodes: 1}, "illegal"},
		{[]string{"-fault", "garbage", "-at", "2"}, TimeControl{Nodes: 1}, "illegal"},
		{[]string{"-fault", "crash", "-at", "2"}, TimeControl{Nodes: 1}, "crash"},
		{[]string{"-fault", "silent", "-at", "2"}, TimeControl{Nodes: 1}, "timeout"},
		{[]string{"-fault", "slow", "-at", "2", "-delay", "600ms"}, TimeControl{Base: 300 * time.Millisecond}, "time"},
		{[]string{"-fault", "exit"}, TimeControl{Nodes: 1}, "crash"},
	}
	for _, tc := range tests {
		m := &Match{Engines: [2]spec.Engine{fakeSpec("good"), fakeSpec("bad", tc.script...)},
			Openings: testOpenings(t, "noob_2moves.epd"), Games: 4, Concurrency: 2,
			Referee: Referee{TC: tc.tc, TimeMargin: 50 * time.Millisecond, Timeout: 500 * time.Millisecond}}
		tally, text := runMatch(t, m)
		assert.Equal(t, 4, tally.Games(), "%v: every game is played", tc.script)
		assert.GreaterOrEqual(t, tally.Failures["bad: "+tc.kind], 1, "%v: failures %v", tc.script, tally.Failures)
		assert.Zero(t, tally.Failures["good: "+tc.kind], "%v", tc.script)
		assert.Equal(t, 4, strings.Count(text, "[Event "), "%v: every game is in the PGN", tc.script)
	}
}

// The PGN output reads back, every game replays legally, and its ending
// agrees with the final position.
func TestPGNReadsBackAndReplays(t *testing.T) {
	m := &Match{Engines: [2]spec.Engine{fakeSpec("a"), fakeSpec("b")},
		Openings: testOpenings(t, "8moves_v3.pgn.zip"), Games: 6, Concurrency: 2,
		Referee: Referee{TC: TimeControl{Nodes: 1}}}
	tally, text := runMatch(t, m)
	games, err := pgn.ReadAll(strings.NewReader(text))
	require.NoError(t, err)
	require.Len(t, games, 6)
	assert.Equal(t, 6, tally.Games())
	for _, g := range games {
		p, moves, err := pgn.Replay(g)
		require.NoError(t, err)
		assert.Greater(t, len(moves), 16, "the book's 16 plies and then the game")
		end, over := RuleEnding(p)
		require.True(t, over, "game %s ends by the rules", g.Result)
		assert.Equal(t, end.Result, g.Result)
		reason, _ := g.Tag("Ending")
		assert.Equal(t, end.Reason, reason)
	}
}

// A node-limited match between deterministic engines plays the same games
// every time, whatever the concurrency.
func TestNodeLimitedMatchIsReproducible(t *testing.T) {
	play := func(concurrency int) string {
		m := &Match{Engines: [2]spec.Engine{fakeSpec("a"), fakeSpec("b")},
			Openings: testOpenings(t, "2moves_v1.epd"), Games: 6, Concurrency: concurrency,
			Referee: Referee{TC: TimeControl{Nodes: 1}}}
		_, text := runMatch(t, m)
		return stripDates(text)
	}
	first := play(2)
	assert.Equal(t, first, play(2))
	assert.Equal(t, first, play(1))
}

// stripDates removes the Date tags, the only part that changes by day.
func stripDates(s string) string {
	var keep []string
	for _, line := range strings.Split(s, "\n") {
		if !strings.HasPrefix(line, "[Date ") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

func TestSPRTStopsTheMatch(t *testing.T) {
	test, err := stats.NewSPRT(0, 100, 0.05, 0.05, stats.Logistic)
	require.NoError(t, err)
	// The bad engine crashes at its first go, is restarted for the next game, and crashes again.
	m := &Match{Engines: [2]spec.Engine{fakeSpec("good"), fakeSpec("bad", "-fault", "crash", "-at", "1")},
		Openings: testOpenings(t, "noob_2moves.epd"), Games: 400, Concurrency: 1, SPRT: &test,
		Referee: Referee{TC: TimeControl{Nodes: 1}}}
	tally, _ := runMatch(t, m)
	assert.Less(t, tally.Games(), 400)
	assert.Equal(t, stats.AcceptH1, test.Verdict(test.LLR(tally.Penta)))
	assert.Equal(t, 0, tally.Games()%2, "pairs are finished")
}

func TestRuleEnding(t *testing.T) {
	tests := []struct {
		fen, moves, result, reason string
	}{
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "", pgn.WhiteWins, "checkmate"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", pgn.Draw, "stalemate"},
		{"7k/8/6K1/8/8/8/8/6B1 b - - 0 1", "", pgn.Draw, "insufficient material"},
		{"7k/8/6K1/8/8/8/8/6R1 b - - 100 80", "", pgn.Draw, "fifty-move rule"},
		{"7k/8/6K1/8/8/8/8/6R1 w - - 0 1", "g1g2 h8g8 g2g1 g8h8 g1g2 h8g8 g2g1 g8h8", pgn.Draw, "threefold repetition"},
		{"7k/8/6K1/8/8/8/8/6R1 w - - 0 1", "", "", ""},
	}
	for _, tc := range tests {
		p, err := board.ParseFEN(tc.fen)
		require.NoError(t, err)
		for _, s := range strings.Fields(tc.moves) {
			m, err := p.ParseMove(s)
			require.NoError(t, err)
			p.MakeMove(m)
		}
		end, over := RuleEnding(p)
		assert.Equal(t, tc.result != "", over, "RuleEnding(%q)", tc.fen)
		assert.Equal(t, tc.result, end.Result, "RuleEnding(%q)", tc.fen)
		assert.Equal(t, tc.reason, end.Reason, "RuleEnding(%q)", tc.fen)
	}
}

// A match stopped by its SPRT keeps the verdict of the game that took the
// LLR across a bound, though the pair under way then, finished and counted,
// takes the final LLR back inside the bounds.
func TestSPRTVerdictIsTakenWhereItCrossed(t *testing.T) {
	test, err := stats.NewSPRT(0, 10, 0.05, 0.05, stats.Logistic)
	require.NoError(t, err)
	_, upper := test.Bounds()
	game := func(i, half int) Played { // half: the first engine's half points
		result := map[int]string{2: pgn.WhiteWins, 1: pgn.Draw, 0: pgn.BlackWins}[half]
		if i%2 == 1 {
			result = map[int]string{2: pgn.BlackWins, 1: pgn.Draw, 0: pgn.WhiteWins}[half]
		}
		return Played{Index: i, White: i % 2, Ending: Ending{Result: result}}
	}
	// Pairs of a win and a draw until the pair that crosses the upper bound.
	var order []Played
	var shadow stats.Pentanomial
	crossing := 0
	for ; test.LLR(shadow) < upper; crossing++ {
		order = append(order, game(2*crossing, 2), game(2*crossing+1, 1))
		shadow.Add(stats.PairOf(2, 1))
	}
	crossing-- // the pair whose second game crossed
	last := order[len(order)-1]
	// The next pair, two losses, started before the crossing game ended.
	order = append(order[:len(order)-1], game(2*crossing+2, 0), last, game(2*crossing+3, 0))
	shadow.Add(stats.PairOf(0, 0))
	require.Less(t, test.LLR(shadow), upper, "the setup: the last pair takes the LLR back inside")

	m := &Match{SPRT: &test, Games: 1000}
	tally, played := newTally(), make(chan Played, len(order))
	for _, p := range order {
		played <- p
	}
	close(played)
	var stop atomic.Bool
	require.NoError(t, m.collect(tally, map[int]bool{}, played, &stop))
	assert.True(t, stop.Load())
	require.NotNil(t, tally.Decision)
	assert.Equal(t, stats.AcceptH1, tally.Decision.Verdict)
	assert.Equal(t, len(order)-1, tally.Decision.Games, "the crossing game is the last but one counted")
	assert.GreaterOrEqual(t, tally.Decision.LLR, upper)

	var s results.Summary
	summarize(&s, tally, &test)
	assert.Equal(t, string(stats.AcceptH1), s.SPRT.Verdict)
	assert.Less(t, s.SPRT.LLR, upper)
	var out strings.Builder
	writeSPRT(&out, s.SPRT)
	assert.Regexp(t, fmt.Sprintf(`H1 accepted at game %d \(LLR [0-9.]+\)`, len(order)-1), out.String())
}
