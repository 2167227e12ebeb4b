package main

import (
	"testing"
	"time"

	"cb2026/engine/board"
	"cb2026/engine/pgn"
	"cb2026/internal/stats"
	"cb2026/tools/internal/driver"
	"cb2026/tools/internal/spec"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseTC(t *testing.T) {
	tests := []struct {
		in        string
		base, inc time.Duration
	}{
		{"8+0.08", 8 * time.Second, 80 * time.Millisecond},
		{"60", time.Minute, 0},
		{"10s+100ms", 10 * time.Second, 100 * time.Millisecond},
	}
	for _, tc := range tests {
		b, i, err := parseTC(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.base, b, "parseTC(%q)", tc.in)
		assert.Equal(t, tc.inc, i, "parseTC(%q)", tc.in)
	}
	for _, bad := range []string{"", "x", "0+1", "5+y"} {
		_, _, err := parseTC(bad)
		assert.Error(t, err, "parseTC(%q)", bad)
	}
}

func TestParseFlags(t *testing.T) {
	_, err := parseFlags([]string{"-engine", "stage=1"})
	assert.ErrorContains(t, err, "two -engine")
	_, err = parseFlags([]string{"-engine", "stage=1", "-engine", "stage=2"})
	assert.ErrorContains(t, err, "give a limit")
	o, err := parseFlags([]string{"-engine", "stage=1", "-engine", "stage=2", "-tc", "5+0.05", "-nodes", "100"})
	require.NoError(t, err)
	assert.Equal(t, "nodes=100 tc=5s+50ms", o.tc.String())
}

func TestAdjudication(t *testing.T) {
	var a Adjudication
	assert.Equal(t, "off (rules only)", a.String())
	require.NoError(t, a.ParseResign("moves=2,score=500"))
	require.NoError(t, a.ParseDraw("movenumber=30,moves=3,score=5"))
	assert.Equal(t, "resign moves=2 score=500; draw movenumber=30 moves=3 score=5", a.String())
	assert.Error(t, a.ParseResign("moves=2,scor=5"))

	j := adjudicator{a: a}
	info := func(cp int) driver.Info { return driver.Info{Score: cp, HasScore: true} }
	// White thinks +600, Black thinks -700 (its own view): both agree White is winning.
	for i, s := range []int{600, -700, 650} {
		_, over := j.add(info(s), board.Color(i%2), 10)
		assert.False(t, over)
	}
	end, over := j.add(info(-900), board.Black, 11)
	require.True(t, over)
	assert.Equal(t, pgn.WhiteWins, end.Result)
	assert.Equal(t, termAdjudicated, end.Termination)

	j = adjudicator{a: a}
	for i := range 6 {
		end, over = j.add(info(0), board.Color(i%2), 30+i/2)
	}
	require.True(t, over)
	assert.Equal(t, pgn.Draw, end.Result)
	j = adjudicator{a: a}
	for i := range 6 {
		_, over = j.add(info(0), board.Color(i%2), 10)
	}
	assert.False(t, over, "no draw before the move number")
}

func TestTallyPairs(t *testing.T) {
	m := &Match{Engines: [2]spec.Engine{{Name: "a"}, {Name: "b"}}}
	tl := newTally()
	add := func(i int, result string) {
		tl.add(m, Played{Index: i, White: i % 2, Ending: Ending{Result: result}})
	}
	add(1, pgn.WhiteWins) // b wins as White
	add(0, pgn.WhiteWins) // a wins as White: pair 0 is WL
	add(2, pgn.Draw)
	add(3, pgn.WhiteWins) // pair 1: a draws, then loses as Black: LD
	add(4, pgn.Unfinished)
	add(5, pgn.BlackWins) // pair 2 has an unfinished game: not counted
	assert.Equal(t, stats.Pentanomial{0, 1, 1, 0, 0}, tl.Penta)
	assert.Equal(t, 2, tl.Wins)
	assert.Equal(t, 1, tl.Draws)
	assert.Equal(t, 2, tl.Losses)
	assert.Equal(t, 1, tl.Unfinished)
}

func TestLossOnTimeAgainstBareKingIsDrawn(t *testing.T) {
	p, err := board.ParseFEN("7k/8/6K1/8/8/8/8/6R1 b - - 0 1")
	require.NoError(t, err)
	g := &game{pos: p}
	assert.Equal(t, pgn.WhiteWins, g.failure(board.Black, "time", "b lost on time").Result)
	assert.Equal(t, pgn.Draw, g.failure(board.White, "time", "w lost on time").Result)
	assert.Equal(t, pgn.BlackWins, g.failure(board.White, "illegal", "w played a1a1").Result)
	assert.True(t, canMate(p, board.White))
	assert.False(t, canMate(p, board.Black))
}
