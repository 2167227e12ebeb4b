package check

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cb2026/book"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMeasuredNumbers(t *testing.T) {
	tests := []struct {
		text string
		want []string // the numbers that look measured, as reported
	}{
		// in: what a measurement looks like
		{"it searched 93.1 nodes a move", []string{"93.1"}},
		{"a 91% score, 7 % more, 12 percent less", []string{"91%", "7 %", "12 percent"}},
		{"1,017 games and 1017 games", []string{"1,017", "1017"}},
		{"**Elo +107.5 ± 33.6** (95%)", []string{"+107.5", "33.6"}},
		{"scores −10.8 ± 14.1 Elo", []string{"−10.8", "14.1"}},
		{"a difference of about ±27 Elo", []string{"±27"}},
		{"+35 Elo, or **Elo +233 ± 42**", []string{"+35", "+233", "42"}},
		{"the tree is -12.5% smaller", []string{"-12.5%"}},
		{"White 2.34 pawns, and SEE 24.3 ns", []string{"2.34", "24.3"}},
		{"0 Elo, 0.64 is about +100", []string{"0.64"}},
		{"on Kiwipete (1.06 to 1.67)", []string{"1.06", "1.67"}},
		{"the game. For 1.1 MB of scores", []string{"1.1"}},
		{"a 2,500-node search", []string{"2,500"}},
		{"the year 2150", []string{"2150"}},
		// out: numbers that are not measurements, or not told apart from
		// the numbers prose explains with
		{"depth 7, three moves, 487 parameters", nil},
		{"a step north is +8, a knight's jump ±6; −40 for Black", nil},
		{"Stockfish 15.1, Glaurung 2.2 and Go 1.22", nil},
		{"Fruit 2.1's mobility and *Stockfish* 15.1", nil},
		{"section 10.1, chapter 19.2, sections 16.1 and 16.2", nil},
		{"sections 16.1, 16.2 or 19.1", nil},
		{"as section\n19.1 says", nil},
		{"round 93.1 of the match; Round 42.2 too", nil},
		{"in 1999 and 2026", nil},
		{"1. e4 e5 2. Nf3, 12...Nf3, 1234. Kf2", nil},
		{"e4, sha256, x1000, 4th, 1000th, #1234, stage_2048", nil},
		{"GPL-3.0 and Blunder 8.5.5 at 10+0.1", nil},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", nil},
		{"(Stockfish 15.1 finds a mate)", nil},
		{"https://example.org/v2/1234/page and a/b/c/2048", nil},
		{"12 ± 3", nil},
		{"at 10,000 nodes a move, 20,000\nnodes a position", nil},
		{"**+59.6 ± 20.0** (95%), a 95%\ninterval, Elo ± 95%", []string{"+59.6", "20.0"}},
		{"it cuts off 95% of the time (95.7%)", []string{"95%", "95.7%"}},
	}
	for _, tt := range tests {
		var got []string
		for _, m := range measuredNumbers(tt.text) {
			got = append(got, tt.text[m[0]:m[1]])
		}
		assert.Equal(t, tt.want, got, "measuredNumbers(%q)", tt.text)
	}
}

// statsFixture is the chapter of the counting tests: figures, numbers in
// prose that look measured, and numbers in code, transcripts, links,
// headings and front matter that count for nothing.
const statsFixture = "stats/01-numbers.md"

func TestStatsCountsAChapter(t *testing.T) {
	st, err := Stats(fixture, "chapters", []string{statsFixture})
	require.NoError(t, err)
	require.Len(t, st, 1)
	assert.Equal(t, statsFixture, st[0].Path)
	assert.Equal(t, 3, st[0].Figures, "[401], [8,000] and the table's [8000]")
	var got []string
	for _, n := range st[0].Unmarked {
		got = append(got, n.Text)
	}
	assert.Equal(t, []string{"12.5%", "1,200", "+35", "12", "0.953", "1024"}, got,
		"not the heading's, the code's, the transcript's, the link's, the years, the versions, sections and move numbers")
	pct, ok := st[0].Share()
	assert.True(t, ok)
	assert.InDelta(t, 33.3, pct, 0.1)

	var out bytes.Buffer
	require.NoError(t, WriteStats(&out, st, true))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.Contains(t, lines[0], "see book/check/stats.go")
	assert.Regexp(t, `^stats/01-numbers.md +3 +0 +6 +33%$`, lines[2])
	assert.Regexp(t, `^total +3 +0 +6 +33%$`, lines[3])
	assert.Equal(t, []string{
		`stats/01-numbers.md:12: 12.5% in "[8,000](perft:1:3); it searched 12.5% fewer nodes than a"`,
		`stats/01-numbers.md:14: 1,200 in "A match of 1,200 games at 10+0.1 scored"`,
		`stats/01-numbers.md:14: +35 in "at 10+0.1 scored **Elo +35 ± 12**; Stockfish 15.1"`,
		`stats/01-numbers.md:14: 12 in "scored **Elo +35 ± 12**; Stockfish 15.1"`,
		`stats/01-numbers.md:32: 0.953 in "Kiwipete | [8000](<perft:1:3:kiwipete>) | 0.953 |"`,
		`stats/01-numbers.md:34: 1024 in "Nf3, then 12...Nf3 and 1024 leaves of rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR."`,
	}, lines[4:])
}

func TestStatsCountsCheckedResults(t *testing.T) {
	root := t.TempDir()
	a := writeMatch(t, root, "a-main", [2]string{"name=a stage=main", "name=b stage=main"}, [3]int{30, 50, 20}, [5]int{2, 8, 20, 12, 8})
	src := "---\ntitle: T\nstage: 1\nmilestone: M1\n---\nIt scored " + eloText(a) + " in 100 games, 30-50-20 (`tools/match/results/a-main`).\n\nAnother scored +1.5 ± 2.5 in 1,000.\n"
	ch, probs := book.ParseChapter("chapters/01-x.md", []byte(src))
	require.Empty(t, probs)
	st := countNumbers(root, ch)
	assert.Equal(t, 2, st.Results, "the Elo and its interval of the match the paragraph names (a record's numbers do not look measured)")
	var got []string
	for _, n := range st.Unmarked {
		got = append(got, n.Text)
	}
	assert.Equal(t, []string{"+1.5", "2.5", "1,000"}, got, "a result that names no folder is not checked")
	pct, _ := st.Share()
	assert.InDelta(t, 40, pct, 0.01)
}

func TestStatsReadsChaptersAndAnswers(t *testing.T) {
	st, err := Stats(fixture, "chapters", nil)
	require.NoError(t, err)
	var paths []string
	figures := 0
	for _, s := range st {
		paths = append(paths, s.Path)
		figures += s.Figures
	}
	assert.Equal(t, []string{"chapters/01-board.md", "chapters/01.1-more-leaves.md", "chapters/A-measuring.md", "answers/01-board.md"}, paths)
	assert.Equal(t, 11, figures, "as book check counts them")

	var out bytes.Buffer
	require.NoError(t, WriteStats(&out, st, false))
	assert.NotContains(t, out.String(), ".md:", "no list of numbers unless chapters are named")
	assert.Regexp(t, `(?m)^total +11 +0 +0 +100%$`, out.String())
}

func TestStatsMissingChapter(t *testing.T) {
	_, err := Stats(fixture, "chapters", []string{"stats/nope.md"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "stats/nope.md")
}

// The report's header names the file of the rule: it must be this one.
func TestStatsFileIsTheRule(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("../..", statsFile))
	require.NoError(t, err)
	assert.Contains(t, string(src), "func measuredNumbers(")
}

func TestShareOfNothing(t *testing.T) {
	_, ok := ChapterStats{}.Share()
	assert.False(t, ok)
	var out bytes.Buffer
	require.NoError(t, WriteStats(&out, []ChapterStats{{Path: "chapters/01-x.md"}}, false))
	assert.Regexp(t, `(?m)^chapters/01-x.md +0 +0 +0 +-$`, out.String())
}

// FuzzCountNumbers reads any chapter without panicking, and every number
// it lists is in the chapter as it says, in order.
func FuzzCountNumbers(f *testing.F) {
	src, err := os.ReadFile(filepath.Join(fixture, statsFixture))
	require.NoError(f, err)
	f.Add(string(src))
	f.Add("---\ntitle: x\n---\n\u2003\u20031,000 and Å1,000\xff2.5%")
	f.Fuzz(func(t *testing.T, text string) {
		ch, _ := book.ParseChapter("chapters/01-x.md", []byte(text))
		st := countNumbers(fixture, ch)
		last := 0
		for _, n := range st.Unmarked {
			require.GreaterOrEqual(t, n.Line, last)
			last = n.Line
			require.Contains(t, n.Context, n.Text)
		}
	})
}
