package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"cb2026/engine/pgn"
	"cb2026/internal/results"
	"cb2026/tools/internal/fakeuci"
	"cb2026/tools/internal/spec"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A game read back from the PGN the match wrote is the game played, as the
// tally counts it: number, colors, ending with its failure, and the clock
// each side had when asked to move (to the millisecond, as [%clk] has it).
func TestReadPlayedRoundTrip(t *testing.T) {
	m := &Match{Engines: [2]spec.Engine{fakeSpec("a"), fakeSpec("b", "-fault", "illegal", "-at", "6")},
		Openings: testOpenings(t, "noob_2moves.epd"), Games: 4, Concurrency: 2,
		Referee: Referee{TC: TimeControl{Base: 30 * time.Second, Inc: time.Second}, TimeMargin: time.Second}}
	var played []Played
	m.Record = func(p Played) error { played = append(played, p); return nil }
	m.Order = []int{0, 1}
	_, err := m.Run(context.Background())
	require.NoError(t, err)
	require.Len(t, played, 4)
	for _, p := range played {
		var buf bytes.Buffer
		require.NoError(t, pgn.Write(&buf, m.pgnGame(p, "test")))
		games, err := pgn.ReadAll(&buf)
		require.NoError(t, err)
		got, err := m.readPlayed(games[0])
		require.NoError(t, err)
		want := p
		for i := range want.Asked {
			want.Asked[i].Left = want.Asked[i].Left.Truncate(time.Millisecond)
		}
		assert.Equal(t, want.Index, got.Index)
		assert.Equal(t, want.White, got.White, "game %d", p.Index)
		assert.Equal(t, want.Ending, got.Ending, "game %d", p.Index)
		assert.Equal(t, want.Asked, got.Asked, "game %d", p.Index)
	}
	assert.Equal(t, "illegal", played[0].Ending.Failure, "the games test a failure")
}

// fakeArgs returns the -engine flags of two fake engines, the second
// misbehaving as script says.
func fakeArgs(script ...string) []string {
	fake := "cmd=" + os.Args[0] + " env=" + fakeuci.EnvVar + "=1"
	b := fake + " name=b"
	for _, s := range script {
		b += " arg=" + s
	}
	return []string{"-engine", fake + " name=a", "-engine", b}
}

// readResults reads a folder's summary and its games, sorted by round and
// without their dates.
func readResults(t *testing.T, dir string) (results.Summary, []string) {
	t.Helper()
	s, err := results.ReadDir(dir)
	require.NoError(t, err)
	b, err := os.ReadFile(filepath.Join(dir, "games.pgn"))
	require.NoError(t, err)
	games := strings.Split(strings.TrimSpace(stripDates(string(b))), "\n\n[Event ")
	for i := range games {
		games[i] = strings.TrimPrefix(games[i], "[Event ")
		games[i] = games[i][strings.Index(games[i], "[Round "):]
	}
	slices.Sort(games)
	return s, games
}

// A match resumed from a folder that holds some of its games plays the
// others and comes out as the match played in one go: the same games, the
// same counts.
func TestResumePlaysTheRest(t *testing.T) {
	root := t.TempDir()
	full, part := filepath.Join(root, "full"), filepath.Join(root, "part")
	args := append(fakeArgs("-fault", "crash", "-at", "3"), "-nodes", "1", "-games", "6", "-quiet",
		"-openings", "../../testdata/8moves_v3.pgn.zip", "-seed", "7")
	require.NoError(t, run(append(args, "-out", full)))
	want, wantGames := readResults(t, full)
	require.Len(t, wantGames, 6)

	// The folder as a match cut off after games 0, 1 and 3 (2 was still
	// being played) leaves it: its settings and those games.
	require.NoError(t, os.MkdirAll(part, 0o755))
	settings, err := os.ReadFile(filepath.Join(full, "settings.json"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(part, "settings.json"), settings, 0o644))
	f, err := os.Open(filepath.Join(full, "games.pgn"))
	require.NoError(t, err)
	games, err := pgn.ReadAll(f)
	f.Close()
	require.NoError(t, err)
	var cut bytes.Buffer
	for _, g := range games {
		if round, _ := g.Tag("Round"); round == "1.1" || round == "1.2" || round == "2.2" {
			require.NoError(t, pgn.Write(&cut, g))
		}
	}
	require.NoError(t, os.WriteFile(filepath.Join(part, "games.pgn"), cut.Bytes(), 0o644))

	require.NoError(t, run(append(args, "-out", part, "-resume")))
	got, gotGames := readResults(t, part)
	assert.Equal(t, wantGames, gotGames, "the games")
	assert.Equal(t, 3, got.Resumed)
	assert.Equal(t, want.GamesPlanned, got.GamesPlanned)
	assert.Equal(t, [4]int{want.Games, want.Wins, want.Draws, want.Losses}, [4]int{got.Games, got.Wins, got.Draws, got.Losses})
	assert.Equal(t, want.Pentanomial, got.Pentanomial)
	assert.Equal(t, want.Failures, got.Failures)
	assert.Equal(t, want.Endings, got.Endings)
	assert.NotEmpty(t, got.Failures)

	err = run(append(args, "-out", part, "-resume"))
	assert.ErrorContains(t, err, "holds a finished match (6 games): nothing to play")
}

// The command refuses what it cannot do as asked, before the first game,
// and leaves the folder as it was.
func TestRunRefuses(t *testing.T) {
	played := t.TempDir()
	common := []string{"-nodes", "1", "-quiet", "-openings", "../../testdata/noob_2moves.epd"}
	require.NoError(t, run(append(append(fakeArgs(), common...), "-games", "2", "-out", played)))
	before := folderText(t, played)
	tests := []struct {
		name string
		args []string
		out  string
		want string
	}{
		{"negative games", append(fakeArgs(), "-games", "-5"), "", "-games -5: want at least 1"},
		{"no games", append(fakeArgs(), "-games", "0"), "", "-games 0: want at least 1"},
		{"no concurrency", append(fakeArgs(), "-concurrency", "0"), "", "-concurrency 0: want at least 1"},
		{"missing program", []string{"-engine", "cmd=/nonexistent", "-engine", fakeArgs()[1]}, "",
			"engine nonexistent cannot start: start /nonexistent"},
		{"engine that exits", fakeArgs("-fault", "exit"), "", "engine b cannot start"},
		{"folder not empty", fakeArgs(), played, "is not empty (it holds games.pgn): name a new folder, or give -resume"},
		{"finished", append(fakeArgs(), "-resume"), played, "holds a finished match (2 games)"},
		{"other seed", append(fakeArgs(), "-resume", "-seed", "2"), played, `holds another match: seed "1", now "2"`},
		{"other engine", append(fakeArgs("-score", "5"), "-resume"), played, "holds another match: engines"},
		{"other games", append(fakeArgs(), "-resume", "-games", "4"), played, `games "2", now "4"`},
	}
	for _, tc := range tests {
		out := tc.out
		if out == "" {
			out = filepath.Join(t.TempDir(), "out")
		}
		args := append(append(append([]string(nil), tc.args...), common...), "-out", out)
		if !slices.Contains(tc.args, "-games") {
			args = append(args, "-games", "2")
		}
		err := run(args)
		assert.ErrorContains(t, err, tc.want, "%s: run(%q)", tc.name, args)
		if tc.out == "" {
			assert.NoDirExists(t, out, "%s: nothing is written", tc.name)
		}
	}
	assert.Equal(t, before, folderText(t, played), "the finished match's folder is as it was")
}

// A folder another run holds is refused, new or resumed, and left as it was.
func TestRunRefusesAHeldFolder(t *testing.T) {
	common := append(fakeArgs(), "-nodes", "1", "-quiet", "-openings", "../../testdata/noob_2moves.epd")
	part := t.TempDir()
	require.NoError(t, run(append(common, "-games", "2", "-out", part)))
	require.NoError(t, os.Remove(filepath.Join(part, "results.json")), "the folder as a match cut off leaves it")
	empty := t.TempDir()
	tests := []struct {
		name, out string
		args      []string
	}{
		{"new", empty, nil},
		{"resumed", part, []string{"-resume"}},
	}
	for _, tc := range tests {
		held, err := holdFolder(tc.out)
		require.NoError(t, err)
		before := folderText(t, tc.out)
		err = run(append(append(common, "-games", "4", "-out", tc.out), tc.args...))
		assert.ErrorContains(t, err, "another run of match is playing into it", tc.name)
		assert.Equal(t, before, folderText(t, tc.out), "%s: the folder is as it was", tc.name)
		require.NoError(t, held.Close())
	}
	require.NoError(t, run(append(common, "-games", "4", "-out", empty)), "a folder let go can be played into")
}

// folderText returns the names and contents of a folder's files.
func folderText(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	files := map[string]string{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		files[e.Name()] = string(b)
	}
	return files
}

// An interrupted match's results.json is read by combine.
func TestCombineTakesAnInterruptedMatch(t *testing.T) {
	dir := t.TempDir()
	s := results.Summary{Engines: []string{"a", "b"}, Limits: "nodes=1", GamesPlanned: 10, Games: 4, Wins: 2, Draws: 2,
		Pentanomial: [5]int{0, 0, 1, 1, 0}, Interrupted: "terminated"}
	b, err := json.Marshal(s)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "results.json"), b, 0o644))
	var out bytes.Buffer
	require.NoError(t, combine([]string{dir}, &out))
	assert.Contains(t, out.String(), "interrupted (terminated)")
	assert.Contains(t, out.String(), "games 4 of 10: W 2 D 2 L 0")
}

// A games.pgn that is not this match's, or whose last game was cut off as
// it was written, is refused by -resume with its line.
func TestResumeRefusesBadGames(t *testing.T) {
	dir := t.TempDir()
	args := append(fakeArgs(), "-nodes", "1", "-games", "4", "-quiet", "-openings", "../../testdata/noob_2moves.epd", "-out", dir)
	require.NoError(t, run(args))
	b, err := os.ReadFile(filepath.Join(dir, "games.pgn"))
	require.NoError(t, err)
	require.NoError(t, os.Remove(filepath.Join(dir, "results.json")))
	text := string(b)
	second := strings.Index(text, "\n[Event ") + 1
	tests := []struct {
		name, pgn, want string
	}{
		{"a game twice", text + text[second:], "game 1 played twice"},
		{"cut off before its result", text[:strings.LastIndex(text, "} ")+1], "round 2.2: no result: a game cut off as it was written"},
		{"cut off in its moves", text[:strings.LastIndex(text, "} ")-10], "a game cut off as it was written"},
		{"another round", strings.Replace(text, `[Round "2.1"]`, `[Round "9.1"]`, 1), `round "9.1": not a game of this match's 4`},
		{"colors swapped", strings.Replace(text, `[White "a"]`, `[White "c"]`, 1), `round 1.1: c vs b, want a as White`},
	}
	for _, tc := range tests {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "games.pgn"), []byte(tc.pgn), 0o644))
		require.NoError(t, os.RemoveAll(filepath.Join(dir, "results.json")))
		err := run(append(args, "-resume"))
		assert.ErrorContains(t, err, tc.want, tc.name)
	}
}
