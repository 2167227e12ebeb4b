package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
	"cb2026/engine/search"
	"cb2026/stages"
)

func TestFilterReason(t *testing.T) {
	f := filter{openingPlies: 8, plyCap: 400, capMargin: 100}
	tests := []struct {
		name string
		r    record
		want int
	}{
		{"quiet middlegame", record{ply: 40}, keep},
		{"in check", record{ply: 40, inCheck: true}, dropInCheck},
		{"capture played", record{ply: 40, noisy: true}, dropNoisy},
		{"opening", record{ply: 7}, dropOpening},
		{"first ply kept", record{ply: 8}, keep},
		{"near the cap", record{ply: 300}, dropNearCap},
		{"check counts first", record{ply: 3, inCheck: true, noisy: true}, dropInCheck},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, f.reason(tt.r), tt.name)
	}
}

func TestRuleResult(t *testing.T) {
	tests := []struct {
		fen    string
		result int
		over   bool
	}{
		{board.StartFEN, 0, false},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", blackWins, true}, // fool's mate
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", draw, true},                                     // stalemate
		{"8/8/4k3/8/8/3K4/8/8 w - - 0 1", draw, true},                                      // bare kings
		{"8/8/4k3/8/8/3K4/8/R7 w - - 100 80", draw, true},                                  // fifty moves
	}
	for _, tt := range tests {
		p, err := board.ParseFEN(tt.fen)
		require.NoError(t, err)
		result, over := ruleResult(p)
		assert.Equal(t, tt.over, over, tt.fen)
		assert.Equal(t, tt.result, result, tt.fen)
	}
}

// Games come out in index order and alike whatever the number of workers.
func TestPlayAllIsDeterministic(t *testing.T) {
	starts := []string{
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
		"rnbqkb1r/pppppppp/5n2/8/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 1 2",
	}
	p := player{techniques: search.DefaultTechniques(19), nodes: 100, cap: 40}
	f := filter{openingPlies: 4, plyCap: 40, capMargin: 10}
	out := func(workers int) string {
		var b bytes.Buffer
		var c counts
		require.NoError(t, playAll(starts, p, workers, func(_ int, g game) error {
			return writeGame(&b, g, f, &c)
		}))
		assert.Equal(t, c.positions, c.kept+c.inCheck+c.noisy+c.opening+c.nearCap)
		return b.String()
	}
	one := out(1)
	assert.NotEmpty(t, one)
	assert.Equal(t, one, out(3))
}

func TestOpeningSets(t *testing.T) {
	starts, err := openingSets("../../testdata/2moves_v1.epd:3,../../testdata/noob_2moves.epd:2")
	require.NoError(t, err)
	require.Len(t, starts, 5)
	first, err := pickOpenings("../../testdata/2moves_v1.epd", 3)
	require.NoError(t, err)
	assert.Equal(t, first, starts[:3])
	for _, bad := range []string{"../../testdata/2moves_v1.epd", "../../testdata/2moves_v1.epd:0", "x.epd:2"} {
		_, err := openingSets(bad)
		assert.Error(t, err, bad)
	}
}

func TestPGNOpeningsArePlayed(t *testing.T) {
	fens, err := pickOpenings("../../testdata/8moves_v3.pgn.zip", 2)
	require.NoError(t, err)
	for _, fen := range fens {
		p, err := board.ParseFEN(fen)
		require.NoError(t, err)
		assert.Equal(t, 9, p.FullmoveNumber(), fen)
	}
}

func TestParseGenStage(t *testing.T) {
	tests := []struct {
		args []string
		want int
	}{
		{nil, 19},
		{[]string{"-stage", "12"}, 12},
		{[]string{"-stage", "main"}, stages.Main},
	}
	for _, tt := range tests {
		o, err := parseGen(tt.args)
		require.NoError(t, err, "parseGen(%q)", tt.args)
		assert.Equal(t, tt.want, o.stage.Number, "parseGen(%q).stage", tt.args)
	}
	for _, bad := range []string{"0", "21", "stage7"} {
		_, err := parseGen([]string{"-stage", bad})
		assert.Error(t, err, "parseGen(-stage %s)", bad)
	}
}
