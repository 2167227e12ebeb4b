package results

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFloat(t *testing.T) {
	b, err := json.Marshal([]Float{1.5, Float(math.Inf(1)), Float(math.NaN())})
	require.NoError(t, err)
	assert.Equal(t, "[1.5,null,null]", string(b))
}

// Every results file the repository records is read by the one reader:
// the schema has not drifted from what the match tool wrote. A match's
// folder may also keep settings.json, the settings a -resume compares
// (tools/match), which is not a results file.
func TestReadEveryRecordedResultsFile(t *testing.T) {
	root := filepath.Join("..", "..", "tools", "match", "results")
	n := 0
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".json" || d.Name() == "settings.json" {
			return err
		}
		s, err := Read(p)
		if assert.NoError(t, err) {
			assert.Equal(t, s.Games, s.Wins+s.Draws+s.Losses, "%s: games", p)
			assert.False(t, s.Started.IsZero(), "%s: started", p)
		}
		n++
		return nil
	})
	require.NoError(t, err)
	assert.Greater(t, n, 100, "results files read")
}

// A results file that cannot be read or parsed is an error that names it.
func TestReadNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"engines": ["a", "b"], "wins": "ten"}`), 0o644))
	one := filepath.Join(dir, "one.json")
	require.NoError(t, os.WriteFile(one, []byte(`{"engines": ["a"]}`), 0o644))
	tests := []struct {
		path, want string
	}{
		{filepath.Join(dir, "missing.json"), "results: open " + filepath.Join(dir, "missing.json") + ": no such file or directory"},
		{bad, "results: " + bad + ": json: cannot unmarshal string into Go struct field Summary.wins of type int"},
		{one, "results: " + one + ": 1 engines, want 2"},
	}
	for _, tt := range tests {
		_, err := Read(tt.path)
		assert.EqualError(t, err, tt.want, "Read(%s)", tt.path)
	}
}

// Read computes the Elo again where the file holds null (a 100% score).
func TestReadComputesTheElo(t *testing.T) {
	p := filepath.Join(t.TempDir(), File)
	require.NoError(t, os.WriteFile(p, []byte(`{"engines": ["a", "b"], "wins": 10, "pentanomial": [0,0,0,0,5], "elo": null}`), 0o644))
	s, err := Read(p)
	require.NoError(t, err)
	assert.True(t, math.IsInf(float64(s.Elo), 1), "Elo = %v, want +Inf", s.Elo)
}

func TestPool(t *testing.T) {
	piece := func(dir, opp, limits string, w, d, l int, penta [5]int) Piece {
		return Piece{Dir: dir, Summary: Summary{Engines: []string{"a", opp}, Limits: limits, GamesPlanned: w + d + l,
			Wins: w, Draws: d, Losses: l, Games: w + d + l, Pentanomial: penta,
			Endings: map[string]int{"checkmate": w + l}, Failures: map[string]int{}}}
	}
	one := piece("one", "b", "tc=10s", 10, 4, 6, [5]int{1, 2, 3, 2, 2})
	two := piece("two", "b", "tc=10s", 10, 5, 5, [5]int{0, 3, 3, 3, 1})
	all, err := Pool([]Piece{one, two})
	require.NoError(t, err)
	assert.Equal(t, [5]int{1, 5, 6, 5, 3}, all.Pentanomial)
	assert.Equal(t, 40, all.Games)
	assert.Equal(t, 40, all.GamesPlanned)
	assert.Equal(t, map[string]int{"checkmate": 31}, all.Endings)
	assert.InDelta(t, all.Pairs().Estimate().Elo, float64(all.Elo), 1e-9)

	tests := []struct {
		name   string
		pieces []Piece
		want   string
	}{
		{"nothing", nil, "results: no pieces to pool"},
		{"another opponent", []Piece{one, piece("three", "c", "tc=10s", 1, 0, 1, [5]int{0, 0, 1, 0, 0})}, "results: three plays a vs c, one plays a vs b"},
		{"other limits", []Piece{one, piece("four", "b", "nodes=10", 1, 0, 1, [5]int{0, 0, 1, 0, 0})}, "results: four has limits nodes=10, one has tc=10s"},
	}
	for _, tt := range tests {
		_, err := Pool(tt.pieces)
		assert.EqualError(t, err, tt.want, tt.name)
	}
}

func TestVoid(t *testing.T) {
	dir := t.TempDir()
	reason, err := Void(dir)
	require.NoError(t, err)
	assert.Empty(t, reason, "no void file: the match counts")
	require.NoError(t, os.WriteFile(filepath.Join(dir, VoidFile), []byte("Played beside\nthe views, at loads of 2 to 5.\n"), 0o644))
	reason, err = Void(dir)
	require.NoError(t, err)
	assert.Equal(t, "Played beside the views, at loads of 2 to 5.", reason, "one line")
	require.NoError(t, os.WriteFile(filepath.Join(dir, VoidFile), []byte(" \n"), 0o644))
	_, err = Void(dir)
	assert.EqualError(t, err, "results: "+filepath.Join(dir, VoidFile)+" is empty: say why the match does not count, or remove it")
}
