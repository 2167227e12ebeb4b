package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"cb2026/engine/pgn"
	"cb2026/internal/results"
	"cb2026/tools/internal/fakeuci"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The command end to end: two fake engines, an SPRT and adjudication on,
// the three output files written and readable.
func TestRunWritesResults(t *testing.T) {
	out := t.TempDir()
	fake := "cmd=" + os.Args[0] + " env=" + fakeuci.EnvVar + "=1"
	err := run([]string{"-engine", fake + " name=a", "-engine", fake + " name=b arg=-fault arg=crash arg=-at arg=3",
		"-nodes", "1", "-games", "3", "-openings", "../../testdata/8moves_v3.pgn.zip", "-quiet", "-out", out,
		"-sprt", "0,50", "-resign", "moves=3,score=500", "-draw", "movenumber=20,moves=4,score=0", "-log"})
	require.NoError(t, err)
	var s results.Summary
	b, err := os.ReadFile(filepath.Join(out, "results.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &s))
	assert.Equal(t, 4, s.GamesPlanned, "games are rounded up to pairs")
	assert.Equal(t, 4, s.Games+s.Unfinished)
	assert.Equal(t, "logistic", s.SPRT.Model)
	assert.Contains(t, s.Adjudication, "resign moves=3 score=500")
	assert.NotEmpty(t, s.Failures)
	txt, err := os.ReadFile(filepath.Join(out, "results.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(txt), "SPRT [0.00, 50.00] logistic")
	f, err := os.Open(filepath.Join(out, "games.pgn"))
	require.NoError(t, err)
	defer f.Close()
	games, err := pgn.ReadAll(f)
	require.NoError(t, err)
	require.Len(t, games, 4)
	adj, _ := games[0].Tag("Adjudication")
	assert.Equal(t, s.Adjudication, adj)
	log, err := os.ReadFile(filepath.Join(out, "engines.log"))
	require.NoError(t, err)
	assert.Contains(t, string(log), "a > uci\n")
	assert.Contains(t, string(log), "b < bestmove ")
}

func TestRunErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-engine", "cmd=x", "-engine", "cmd=y", "-nodes", "1", "-openings", "nowhere.epd"},
		{"-engine", "cmd=x", "-engine", "cmd=y", "-nodes", "1", "-sprt", "5"},
		{"-engine", "cmd=x", "-engine", "cmd=y", "-nodes", "1", "-resign", "score"},
		{"-engine", "cmd=x", "-engine", "cmd=y", "-tc", "fast"},
		{"-ladder", "9:8", "-nodes", "1"},
	} {
		assert.Error(t, run(args), "run(%q)", args)
	}
}
