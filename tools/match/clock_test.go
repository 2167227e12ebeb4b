package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
	"cb2026/engine/pgn"
	"cb2026/internal/results"
	"cb2026/tools/internal/spec"
)

func TestClkComment(t *testing.T) {
	tests := []struct {
		left time.Duration
		want string
	}{
		{7432 * time.Millisecond, "[%clk 0:00:07.432]"},
		{0, "[%clk 0:00:00.000]"},
		{-30 * time.Millisecond, "[%clk 0:00:00.000]"},
		{time.Hour + 2*time.Minute + 3*time.Second + 4*time.Millisecond, "[%clk 1:02:03.004]"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, clkComment(tc.left), "clkComment(%v)", tc.left)
	}
}

// The clock marks are per engine, whichever color it had, over the games
// that reached each move.
func TestClockTallyIsPerEngine(t *testing.T) {
	var c clockTally
	c.add(Played{White: 0, Asked: []Asked{
		{Side: board.White, Move: 20, Left: 7000 * time.Millisecond},
		{Side: board.Black, Move: 20, Left: 3000 * time.Millisecond},
		{Side: board.White, Move: 21, Left: 1 * time.Millisecond},
		{Side: board.White, Move: 40, Left: 5000 * time.Millisecond},
	}})
	c.add(Played{White: 1, Asked: []Asked{
		{Side: board.White, Move: 20, Left: 2000 * time.Millisecond},
		{Side: board.Black, Move: 20, Left: 8000 * time.Millisecond},
	}})
	assert.Equal(t, []results.ClockMark{{Move: 20, Games: 2, Mean: 7500, Min: 7000}, {Move: 40, Games: 1, Mean: 5000, Min: 5000}}, c.marks(0))
	assert.Equal(t, []results.ClockMark{{Move: 20, Games: 2, Mean: 2500, Min: 2000}}, c.marks(1))

	var out bytes.Buffer
	writeClocks(&out, []string{"a", "b"}, [][]results.ClockMark{c.marks(0), c.marks(1)})
	assert.Equal(t, "clock left when asked to move, a: move 20: 7500 ms (min 7000, 2 games); move 40: 5000 ms (min 5000, 1 games)\n"+
		"clock left when asked to move, b: move 20: 2500 ms (min 2000, 2 games)\n", out.String())
}

// A clock game records each side's clock when asked to move, falling by
// what the moves took and rising by the increment, and writes it after
// every engine move as [%clk].
func TestClockGamesRecordTheClock(t *testing.T) {
	m := &Match{Engines: [2]spec.Engine{fakeSpec("a"), fakeSpec("b")},
		Openings: testOpenings(t, "noob_2moves.epd"), Games: 2, Concurrency: 1,
		Referee: Referee{TC: TimeControl{Base: 30 * time.Second, Inc: time.Second}, TimeMargin: time.Second}}
	var played []Played
	m.Record = func(p Played) error { played = append(played, p); return nil }
	m.Order = []int{0}
	_, err := m.Run(context.Background())
	require.NoError(t, err)
	require.Len(t, played, 2)
	for _, p := range played {
		require.NotEmpty(t, p.Asked)
		last := map[board.Color]time.Duration{}
		for _, a := range p.Asked {
			if prev, ok := last[a.Side]; ok {
				assert.LessOrEqual(t, a.Left, prev+time.Second, "a move gains at most the increment")
			} else {
				assert.Equal(t, 30*time.Second, a.Left, "each side starts with the base time")
			}
			last[a.Side] = a.Left
		}
		var buf bytes.Buffer
		require.NoError(t, pgn.Write(&buf, m.pgnGame(p, "test")))
		games, err := pgn.ReadAll(&buf)
		require.NoError(t, err)
		clocks := 0
		for _, ply := range games[0].Moves {
			if strings.Contains(ply.Comment, "[%clk ") {
				clocks++
			}
		}
		assert.Equal(t, len(p.Asked), clocks, "one clock per engine move, read back from the PGN")
	}
}
