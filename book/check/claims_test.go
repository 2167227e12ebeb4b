package check

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"cb2026/book"
	"cb2026/internal/results"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeMatch writes a results folder under root holding one match's
// results.json: its record and pair counts.
func writeMatch(t *testing.T, root, name string, engines [2]string, wdl [3]int, pairs [5]int) results.Summary {
	t.Helper()
	dir := filepath.Join(root, "tools", "match", "results", filepath.FromSlash(name))
	require.NoError(t, os.MkdirAll(dir, 0o755))
	s := results.Summary{Engines: engines[:], Limits: "nodes=10000", Wins: wdl[0], Draws: wdl[1], Losses: wdl[2], Pentanomial: pairs}
	s.Games = wdl[0] + wdl[1] + wdl[2]
	data, err := json.Marshal(s)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, results.File), data, 0o644))
	s, err = results.ReadDir(dir)
	require.NoError(t, err)
	return s
}

// eloText writes a summary's Elo as a chapter states it.
func eloText(s results.Summary) string {
	sign := "+"
	if s.Elo < 0 {
		sign = "−"
	}
	return fmt.Sprintf("%s%.1f ± %.1f", sign, math.Abs(float64(s.Elo)), float64(s.EloError))
}

func TestResultClaims(t *testing.T) {
	root := t.TempDir()
	eng := [2]string{"name=a stage=main", "name=b stage=main"}
	a := writeMatch(t, root, "a-main", eng, [3]int{30, 50, 20}, [5]int{2, 8, 20, 12, 8})
	p1 := writeMatch(t, root, "b-main-part1", eng, [3]int{20, 10, 10}, [5]int{1, 3, 8, 5, 3})
	p2 := writeMatch(t, root, "b-main-part2", eng, [3]int{10, 20, 10}, [5]int{2, 4, 8, 4, 2})
	pooled, err := results.Pool([]results.Piece{{Dir: "1", Summary: p1}, {Dir: "2", Summary: p2}})
	require.NoError(t, err)
	void := writeMatch(t, root, "b-main-part3", eng, [3]int{40, 0, 0}, [5]int{0, 0, 0, 0, 20})
	require.NoError(t, os.WriteFile(filepath.Join(root, "tools", "match", "results", "b-main-part3", results.VoidFile), []byte("Played on a loaded machine.\n"), 0o644))
	step := writeMatch(t, root, "ladder-x/stage3", eng, [3]int{60, 30, 10}, [5]int{0, 2, 10, 18, 20})
	require.NoError(t, os.MkdirAll(filepath.Join(root, "tools", "suite", "results", "s1"), 0o755))

	tests := []claimTest{
		{name: "the folder in the paragraph",
			body: "It scored " + eloText(a) + " (`tools/match/results/a-main`).\n"},
		{name: "no folder",
			body: "It scored " + eloText(a) + ".\n",
			want: []string{"6: " + eloText(a) + " states a match result but names no results folder: name it, `tools/match/results/NAME`, in the same paragraph or table or in the block just before it"}},
		{name: "another match's Elo",
			body: "It scored +99.9 ± 9.9 (`tools/match/results/a-main`).\n",
			want: []string{"6: +99.9 ± 9.9 is not the result of a match the block names (tools/match/results/a-main: " + eloText(a) + ")"}},
		{name: "the sign is the side's",
			body: fmt.Sprintf("Without it: −%.1f ± %.1f (`tools/match/results/a-main`).\n", float64(a.Elo), float64(a.EloError))},
		{name: "the decimals written",
			body: fmt.Sprintf("About +%.0f ± %.0f (`tools/match/results/a-main`).\n", float64(a.Elo), float64(a.EloError))},
		{name: "a table, its folder in the paragraph after",
			body: "| match | Elo |\n| --- | --- |\n| a | " + eloText(a) + " |\n\nThe games are in `tools/match/results/a-main`.\n"},
		{name: "a paragraph, a command, the result",
			body: "The match (`tools/match/results/a-main`):\n\n```text\ngo run ./tools/match …\n```\n\nIt scored " + eloText(a) + ".\n"},
		{name: "a heading ends what a result may lean on",
			body: "The match is `tools/match/results/a-main`.\n\n## Next\n\nIt scored " + eloText(a) + ".\n",
			want: []string{"10: " + eloText(a) + " states a match result but names no results folder: name it, `tools/match/results/NAME`, in the same paragraph or table or in the block just before it"}},
		{name: "a pattern, pooled and each part",
			body: "Pooled " + eloText(pooled) + ", the first part " + eloText(p1) + " (`tools/match/results/b-main-part*`).\n"},
		{name: "a void part is left out of the pooled result, not of its own",
			body: "Pooled " + eloText(pooled) + ", the void part alone " + eloText(void) + " (`tools/match/results/b-main-part*`).\n"},
		{name: "a ladder's folder holds a match per stage",
			body: "Stage 3 scored " + eloText(step) + " (`tools/match/results/ladder-x`).\n"},
		{name: "a record from either side",
			body: "It went 30-50-20, or 20–50–30 seen from the other side (`tools/match/results/a-main`).\n"},
		{name: "another record",
			body: "It went 31-50-19 (`tools/match/results/a-main`).\n",
			want: []string{"6: 31-50-19 is not the result of a match the block names (tools/match/results/a-main: 30-50-20)"}},
		{name: "a folder that holds no match",
			body: "It scored " + eloText(a) + " (`tools/suite/results/s1`).\n",
			want: []string{"6: " + eloText(a) + " states a match result, but no folder it names holds a match's results.json (tools/suite/results/s1)"}},
		{name: "code is not prose",
			body: "Run `x -elo +1.0 ± 2.0`:\n\n```text\n+3.0 ± 4.0 and 1-2-3\n```\n"},
		{name: "a date is not a record",
			body: "Played on 2026-12-05.\n"},
	}
	assertClaims(t, root, tests)
}

func TestScoreAndVerdictClaims(t *testing.T) {
	root := t.TempDir()
	eng := [2]string{"name=a stage=main", "name=b stage=main"}
	a := writeMatch(t, root, "a-main", eng, [3]int{30, 50, 20}, [5]int{2, 8, 20, 12, 8})
	sprt := filepath.Join(root, "tools", "match", "results", "s-main")
	require.NoError(t, os.MkdirAll(sprt, 0o755))
	s := results.Summary{Engines: eng[:], Limits: "nodes=10000", Wins: 60, Draws: 20, Losses: 20, Pentanomial: [5]int{2, 6, 12, 14, 16},
		SPRT: &results.SPRT{Verdict: "H1 accepted", DecidedGames: 98}}
	data, err := json.Marshal(s)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(sprt, results.File), data, 0o644))
	other := [2]string{"name=a stage=main", "name=c stage=main"}
	v := writeMatch(t, root, "g-v2-part1", eng, [3]int{2, 2, 6}, [5]int{2, 1, 1, 1, 0})
	writeMatch(t, root, "g-v2-part2", eng, [3]int{2, 2, 6}, [5]int{2, 1, 1, 1, 0})
	writeMatch(t, root, "g-off-part1", other, [3]int{5, 0, 5}, [5]int{1, 1, 1, 1, 1})
	score := func(s results.Summary) string { return fmt.Sprintf("%.1f%%", 100*float64(s.Score)) }

	tests := []claimTest{
		{name: "a score", body: "It scored " + score(a) + " (`tools/match/results/a-main`).\n"},
		{name: "another score", body: "It scored 99.0% (`tools/match/results/a-main`).\n",
			want: []string{"6: scored 99.0% is not the result of a match the block names (tools/match/results/a-main: score " + score(a) + ")"}},
		{name: "a likelihood of superiority",
			body: fmt.Sprintf("Its likelihood\nof superiority %.1f%% (`tools/match/results/a-main`).\n", 100*float64(a.LOS))},
		{name: "a verdict where the LLR crossed", body: "H1 accepted at game 98 (`tools/match/results/s-main`).\n"},
		{name: "the other verdict", body: "H0 accepted (`tools/match/results/s-main`).\n",
			want: []string{"6: H0 accepted is not the result of a match the block names (tools/match/results/s-main: H1 accepted at game 98)"}},
		{name: "a verdict without a folder", body: "The SPRT ended, H1 accepted.\n",
			want: []string{"6: H1 accepted states a match result but names no results folder: name it, `tools/match/results/NAME`, in the same paragraph or table or in the block just before it"}},
		{name: "a pattern over two matches pools each",
			body: "It scored " + score(pool(t, v, v)) + " with version 2 (`tools/match/results/g-*-part*`).\n"},
		{name: "a score is not any percentage", body: "The model expects White to score 57% here.\n"},
	}
	assertClaims(t, root, tests)
}

// pool pools summaries as match combine does.
func pool(t *testing.T, ss ...results.Summary) results.Summary {
	t.Helper()
	var pieces []results.Piece
	for i, s := range ss {
		pieces = append(pieces, results.Piece{Dir: fmt.Sprint(i), Summary: s})
	}
	all, err := results.Pool(pieces)
	require.NoError(t, err)
	return all
}

// A claimTest is a chapter's body and the problems the result claims in it
// have, each as "line: message".
type claimTest struct {
	name, body string
	want       []string
}

// assertClaims checks each body's result claims against the results
// recorded under root.
func assertClaims(t *testing.T, root string, tests []claimTest) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ch, probs := book.ParseChapter("chapters/01-x.md", []byte("---\ntitle: T\nstage: 1\nmilestone: M1\n---\n"+tt.body))
			require.Empty(t, probs)
			var got []string
			found, _ := resultClaims(root, ch, proseMask(ch))
			for _, p := range found {
				got = append(got, fmt.Sprintf("%d: %s", p.Line, p.Msg))
			}
			assert.Equal(t, tt.want, got)
		})
	}
}
