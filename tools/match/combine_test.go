package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"cb2026/internal/results"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writePiece writes a results folder holding s.
func writePiece(t *testing.T, s results.Summary) string {
	t.Helper()
	dir := t.TempDir()
	data, err := json.Marshal(s)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "results.json"), data, 0o644))
	return dir
}

func TestCombine(t *testing.T) {
	piece := func(engine string, w, d, l int, penta [5]int, limits string) results.Summary {
		return results.Summary{Engines: []string{"a", engine}, Limits: limits, Openings: "o.epd", GamesPlanned: w + d + l,
			Wins: w, Draws: d, Losses: l, Pentanomial: penta, Endings: map[string]int{"checkmate": w + l}, Failures: map[string]int{}}
	}
	one := writePiece(t, piece("b", 8, 4, 8, [5]int{1, 2, 4, 2, 1}, "tc=10s"))
	two := writePiece(t, piece("b", 12, 5, 3, [5]int{0, 2, 1, 3, 4}, "tc=10s"))
	var out bytes.Buffer
	require.NoError(t, combine([]string{one, two}, &out))
	assert.Contains(t, out.String(), "games 40 of 40: W 20 D 9 L 11 (unfinished 0), score 61.3%")
	assert.Contains(t, out.String(), "pairs [1, 4, 5, 5, 5]")
	assert.Contains(t, out.String(), "endings: checkmate 31")
	assert.Contains(t, out.String(), "engine failures: none")
	assert.NotContains(t, out.String(), "SPRT", "no test asked for")

	void := writePiece(t, piece("b", 20, 0, 0, [5]int{0, 0, 0, 0, 10}, "tc=10s"))
	require.NoError(t, os.WriteFile(filepath.Join(void, results.VoidFile), []byte("Played on a loaded machine.\n"), 0o644))
	out.Reset()
	require.NoError(t, combine([]string{one, void, two}, &out))
	assert.Contains(t, out.String(), void+": void, left out: Played on a loaded machine.\n")
	assert.Contains(t, out.String(), "games 40 of 40: W 20 D 9 L 11", "the void piece's 20 wins are not pooled")
	assert.Contains(t, out.String(), "; 2 pieces\n")
	assert.ErrorContains(t, combine([]string{void}, &out), "every folder named is void")

	out.Reset()
	require.NoError(t, combine([]string{"-sprt", "0,5", one, two}, &out))
	assert.Contains(t, out.String(), "games 40 of 40: W 20 D 9 L 11")
	assert.Regexp(t, `SPRT \[0\.00, 5\.00\] logistic, alpha 0\.05 beta 0\.05: LLR [0-9.]+ \(-2\.94, 2\.94\) continue`, out.String())

	tests := []struct {
		name string
		dirs []string
		want string
	}{
		{"nothing to pool", nil, "name the results folders"},
		{"another opponent", []string{one, writePiece(t, piece("c", 1, 0, 1, [5]int{0, 0, 1, 0, 0}, "tc=10s"))}, "plays a vs c"},
		{"other limits", []string{one, writePiece(t, piece("b", 1, 0, 1, [5]int{0, 0, 1, 0, 0}, "nodes=10"))}, "has limits nodes=10"},
		{"no results", []string{one, t.TempDir()}, "results.json"},
		{"bad bounds", []string{"-sprt", "five", one}, "want elo0,elo1"},
		{"unknown flag", []string{"-games", "2", one}, "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := combine(tt.dirs, &bytes.Buffer{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}
