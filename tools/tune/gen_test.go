package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
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

func TestPieceOpenings(t *testing.T) {
	tests := []struct {
		n    int
		want [2]int
	}{
		{1, [2]int{861, 156}},  // 40,457 = 47×860 + 37; 7,314 = 47×155 + 29
		{29, [2]int{861, 156}}, // the last piece with one more noob opening
		{30, [2]int{861, 155}},
		{47, [2]int{860, 155}},
	}
	for _, tt := range tests {
		starts, from, err := pieceOpenings("../..", tt.n)
		require.NoError(t, err, "pieceOpenings(%d)", tt.n)
		assert.Equal(t, tt.want, from, "pieceOpenings(%d) counts", tt.n)
		assert.Len(t, starts, tt.want[0]+tt.want[1], "pieceOpenings(%d)", tt.n)
	}
	two, err := everyNth("../../testdata/2moves_v1.epd", 1, pieceCount)
	require.NoError(t, err)
	starts, _, err := pieceOpenings("../..", 2)
	require.NoError(t, err)
	assert.Equal(t, two, starts[:len(two)], "piece 2 starts with lines 1, 48, 95, … of 2moves_v1.epd")
}

func TestPGNOpeningsArePlayed(t *testing.T) {
	fens, err := everyNth("../../testdata/8moves_v3.pgn.zip", 0, 20000)
	require.NoError(t, err)
	require.NotEmpty(t, fens)
	for _, fen := range fens {
		p, err := board.ParseFEN(fen)
		require.NoError(t, err)
		assert.Equal(t, 9, p.FullmoveNumber(), fen)
	}
}

func TestParseRange(t *testing.T) {
	tests := []struct {
		in   string
		want []int
	}{
		{"3", []int{3}},
		{"1-4", []int{1, 2, 3, 4}},
		{"1-2,9,46-47", []int{1, 2, 9, 46, 47}},
	}
	for _, tt := range tests {
		got, err := parseRange(tt.in)
		require.NoError(t, err, "parseRange(%q)", tt.in)
		assert.Equal(t, tt.want, got, "parseRange(%q)", tt.in)
	}
	for _, bad := range []string{"", "0", "48", "3-1", "1-", "a", "1,,2"} {
		_, err := parseRange(bad)
		assert.Error(t, err, "parseRange(%q)", bad)
	}
}

func TestManifestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pieces.tsv")
	rows, err := readManifest(path)
	require.NoError(t, err, "a missing manifest is empty")
	assert.Empty(t, rows)
	sum := strings.Repeat("ab", 32)
	p3 := piece{n: 3, games: [2]int{861, 156}, results: [3]int{300, 400, 317}, positions: 130000, kept: 88000, bytes: 4800000, sha256: sum}
	p1 := p3
	p1.n = 1
	rows = withPiece(withPiece(nil, p3), p1)
	require.NoError(t, writeManifest(path, rows))
	got, err := readManifest(path)
	require.NoError(t, err)
	assert.Equal(t, []piece{p1, p3}, got)
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, manifestHeader+"\n1\t861\t156\t317\t400\t300\t130000\t88000\t4800000\t"+sum+"\n3"+
		"\t861\t156\t317\t400\t300\t130000\t88000\t4800000\t"+sum+"\n", string(src))
	for _, bad := range []string{"3\t1\t2", "0\t1\t1\t1\t1\t1\t1\t1\t1\t" + sum, "1\t1\t1\t1\t1\t1\t1\t1\t1\tabc"} {
		require.NoError(t, os.WriteFile(path, []byte(manifestHeader+"\n"+bad+"\n"), 0o644))
		_, err := readManifest(path)
		assert.Error(t, err, "readManifest(%q)", bad)
	}
	require.NoError(t, os.WriteFile(path, []byte(manifestHeader+"\n"+p3.String()+"\n"+p1.String()+"\n"), 0o644))
	_, err = readManifest(path)
	assert.Error(t, err, "pieces out of order")
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

// TestAtArgsGiveTheSameOptions: the flags gen passes to another checkout
// parse there to the options given here, with the paths made absolute and
// the checkout's own engine.
func TestAtArgsGiveTheSameOptions(t *testing.T) {
	tests := [][]string{
		nil,
		{"-pieces", "17-24", "-workers", "1"},
		{"-engine", "HEAD~3", "-nodes", "4000", "-stage", "main", "-skip", "4", "-cap", "300", "-cap-margin", "50"},
		{"-dir", "/tmp/data", "-manifest", "/tmp/m.tsv", "-pieces", "3,5"},
	}
	for _, args := range tests {
		o, err := parseGen(args)
		require.NoError(t, err, "parseGen(%q)", args)
		at, err := o.atArgs()
		require.NoError(t, err, "atArgs of %q", args)
		assert.NotContains(t, at, "-engine", "atArgs of %q", args)
		got, err := parseGen(at)
		require.NoError(t, err, "parseGen(%q)", at)
		assert.True(t, filepath.IsAbs(got.dir) && filepath.IsAbs(got.manifest), "paths of %q: %q %q", at, got.dir, got.manifest)
		want := o
		want.dir, _ = filepath.Abs(o.dir)
		want.manifest, _ = filepath.Abs(o.manifest)
		got.engine = o.engine
		assert.Equal(t, want, got, "the options of %q, passed on as %q", args, at)
	}
	o, err := parseGen(nil)
	require.NoError(t, err)
	assert.Equal(t, dataEngine, o.engine, "the default engine is the data's")
}
