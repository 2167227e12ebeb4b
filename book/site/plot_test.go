package site

import (
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/book"
	"cb2026/internal/stats"
)

// plotChapter is a chapter with a table of figures and the plot below it;
// plot is the plot block's opening fence line.
func plotChapter(table, plot string) string {
	return "---\ntitle: T\nstage: 7\nmilestone: M2\n---\n\n# T\n\n" + table + "\n" + plot + "\n```\n\nText.\n"
}

const plotTable = `| depth | on | off |
| ---: | ---: | ---: |
| 1 | [20](bench:7:1) | [20](bench:7:1:-mvvlva) |
| 2 | [1,400](bench:7:2) | |
| 3 | [9,000](bench:7:3) | [40,000](bench:7:3:-mvvlva) |
`

func TestPlotSVG(t *testing.T) {
	ch, probs := book.ParseChapter("chapters/07-t.md", []byte(plotChapter(plotTable, "```plot {caption=\"Nodes <per> depth.\" scale=\"log\"}")))
	require.Empty(t, probs)
	svg, err := chartSVG(ch.Blocks[0].Plot)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(svg, `<svg class="plot" role="img" aria-label="Nodes &lt;per&gt; depth." fill="currentColor" viewBox=`), svg[:120])
	assert.Contains(t, svg, "<title>Nodes &lt;per&gt; depth.</title>")
	assert.NotContains(t, svg, "<?xml", "an inline element has no prologue")
	assert.NotContains(t, svg, "#000000", "black is the text's colour, for dark mode")
	assert.NotContains(t, svg, "#FFFFFF", "no background")
	assert.Contains(t, svg, "stroke:var(--plot-1, #1D4ED8)")
	assert.Contains(t, svg, "stroke:var(--plot-2, #C2410C)")
	assert.Contains(t, svg, ">on</text>", "the legend names the lines")
	for _, label := range []string{"100", "1k", "10k", "100k"} {
		assert.Contains(t, svg, ">"+label+"</text>", "log axis label %s", label)
	}
	assert.GreaterOrEqual(t, len(regexp.MustCompile(`<path `).FindAllString(svg, -1)), 10)
}

func TestHeatMapSVG(t *testing.T) {
	src := plotChapter("```text {run=\"cb2026\" input=\"reductions 2 3\"}\ndepth 1 2 3\n1 0 0 0\n2 0 1 <2>\n```\n", "```plot {caption=\"Reductions <a>.\" kind=\"heatmap\" xlabel=\"move\"}")
	_, probs := book.ParseChapter("chapters/07-t.md", []byte(src))
	require.Len(t, probs, 1, "a cell that is not a number")
	src = strings.Replace(src, "<2>", "2", 1)
	_, p := parsedChapterPlot(t, src)
	svg := heatMapSVG(p)
	assert.True(t, strings.HasPrefix(svg, `<svg class="plot heatmap" role="img" aria-label="Reductions &lt;a&gt;." viewBox="0 0 144 104"`), svg[:100])
	assert.Contains(t, svg, "<title>Reductions &lt;a&gt;.</title>")
	assert.Len(t, regexp.MustCompile(`<rect `).FindAllString(svg, -1), 6, "a cell per value")
	assert.Contains(t, svg, "fill-opacity:0.06;", "a 0 is faint")
	assert.Contains(t, svg, "fill-opacity:0.50;", "the largest value half opaque")
	assert.Contains(t, svg, "fill-opacity:0.28;", "and 1 of 2 between")
	for _, label := range []string{">move</text>", ">depth</text>", ">3</text>", ">2</text>"} {
		assert.Contains(t, svg, label)
	}
	fig := plotBlockHTMLOf(t, src)
	assert.Contains(t, fig, `<figure class="plot"><svg class="plot heatmap"`, "the site draws the block as a heat map")
	assert.Contains(t, fig, "(the engine&#39;s output above, which make check runs again)", "and says where its numbers come from")
	assert.NotContains(t, svg, "--plot-2", "no negative value")

	_, p = parsedChapterPlot(t, strings.Replace(src, "2 0 1 2", "2 0 -1 2", 1))
	signed := heatMapSVG(p)
	assert.Contains(t, signed, "fill:var(--plot-2,#c2410c);fill-opacity:0.28;", "a negative value in the second colour, as far from 0 as +1")
}

func TestHeatMapSVGLeavesTheGapBlank(t *testing.T) {
	src := plotChapter("```text {run=\"cb2026\" input=\"shift east\"}\nrank a b | a b\n2 1 0 | 0 1\n1 1 1 | 0 1\n```\n", "```plot {caption=\"A set, moved.\" kind=\"heatmap\"}")
	_, p := parsedChapterPlot(t, src)
	svg := heatMapSVG(p)
	assert.Len(t, regexp.MustCompile(`<rect `).FindAllString(svg, -1), 8, "a cell per value, none in the gap")
	assert.NotContains(t, svg, ">|</text>", "the gap has no name")
	assert.NotContains(t, svg, "NaN")
	assert.Len(t, regexp.MustCompile(`<text `).FindAllString(svg, -1), 2+4+2, "a set of squares is shaded, not numbered: the axes' names, the columns' and the rows' only")
	assert.Contains(t, svg, "fill-opacity:0.85;", "a square in the set shaded deep")
	assert.Contains(t, svg, "fill-opacity:0.06;", "one outside it faint")
}

func TestLayoutSVG(t *testing.T) {
	src := plotChapter("```text {run=\"cb2026\" input=\"ttentry\"}\nfield offset bytes type\nkey 0 8 uint64\nmove 8 2 board.Move\nscore 10 4 int32\ndepth 14 1 int8\npadding 15 1 -\n```\n", "```plot {caption=\"An entry.\" kind=\"layout\"}")
	_, p := parsedChapterPlot(t, src)
	svg := layoutSVG(p)
	assert.True(t, strings.HasPrefix(svg, `<svg class="plot layout" role="img" aria-label="An entry."`), svg[:80])
	assert.Len(t, regexp.MustCompile(`<rect `).FindAllString(svg, -1), 5, "a box per field")
	for _, label := range []string{">key</text>", ">64 bits</text>", ">move</text>", ">16 bits</text>", ">score</text>", ">32 bits</text>", ">padding</text>", ">bytes 0–7</text>", ">bytes 8–15</text>", ">+7</text>"} {
		assert.Contains(t, svg, label)
	}
	assert.Contains(t, svg, `<rect x="464" y="84" width="56" height="56" style="fill:none;stroke:currentColor;stroke-dasharray:4 3"/>`, "the padding dashed, unfilled, in byte 15's place")
	assert.Len(t, regexp.MustCompile(`<line `).FindAllString(svg, -1), 7+1+3, "a line between the bytes of each field")

	_, p = parsedChapterPlot(t, strings.Replace(strings.Replace(src, "key 0 8 uint64\nmove 8 2", "key 0 6 uint64\nmove 6 4", 1), "", "", 1))
	split := layoutSVG(p)
	assert.Len(t, regexp.MustCompile(`>move</text>`).FindAllString(split, -1), 2, "a field that runs on to the next row is drawn in two parts")
	assert.Contains(t, plotBlockHTMLOf(t, src), `<figure class="plot"><svg class="plot layout"`, "the site draws the block as a layout")
}

func TestFlowSVG(t *testing.T) {
	src := plotChapter("```text {run=\"cb2026\" input=\"order\"}\nstage moves first\nhash-move 1 e1g1\nkillers 0\nquiets 34 e1f1,b5c3\n```\n", "```plot {caption=\"The picker <a>.\" kind=\"flow\"}")
	_, p := parsedChapterPlot(t, src)
	svg := flowSVG(p)
	assert.True(t, strings.HasPrefix(svg, `<svg class="plot flow" role="img" aria-label="The picker &lt;a&gt;."`), svg[:80])
	assert.Len(t, regexp.MustCompile(`<rect [^>]*rx="6"`).FindAllString(svg, -1), 3, "a box per step")
	assert.Len(t, regexp.MustCompile(`<path `).FindAllString(svg, -1), 2, "an arrow between two steps")
	for _, label := range []string{">hash-move</text>", ">1 moves</text>", ">e1g1</text>", ">34 moves</text>", ">e1f1,b5c3</text>", ">0 moves</text>"} {
		assert.Contains(t, svg, label)
	}
	assert.Contains(t, svg, `width="338.0" height="6"`, "the largest count's bar fills the box")
	assert.Contains(t, svg, `width="0.0" height="6"`, "no moves, no bar")
	assert.Len(t, regexp.MustCompile(`font-family:var\(--mono\)`).FindAllString(svg, -1), 2, "a note only where there is one")
	assert.Contains(t, plotBlockHTMLOf(t, src), `<figure class="plot"><svg class="plot flow"`, "the site draws the block as a flow")
}

func TestWindowsSVG(t *testing.T) {
	src := plotChapter("```text {run=\"cb2026\" input=\"windows\"}\nsearch depth alpha beta score result\n1 9 -559 -509 -507 high\n2 10 -514 -464 -514 low\n3 10 -32000 -464 -532 inside\n```\n", "```plot {caption=\"Windows <a>.\" kind=\"windows\"}")
	_, p := parsedChapterPlot(t, src)
	svg := windowsSVG(p)
	assert.True(t, strings.HasPrefix(svg, `<svg class="plot windows" role="img" aria-label="Windows &lt;a&gt;."`), svg[:80])
	assert.Len(t, regexp.MustCompile(`<rect `).FindAllString(svg, -1), 3, "a window per search")
	assert.Len(t, regexp.MustCompile(`<circle `).FindAllString(svg, -1), 1, "a dot for the score inside its window")
	assert.Contains(t, svg, `<path d="M328.6 17.0 l-7 -5 v10 z"`, "a fail high at -507 points up the scale: the axis runs from -560 to -460 over 470 units")
	assert.Contains(t, svg, `<path d="M288.7 39.0 l7 -5 v10 z"`, "a fail low at -514 points down it")
	assert.Contains(t, svg, `<path d="M76.0 56.0 l-6.0 5 l6.0 5"`, "an alpha far below the scores is cut at the axis's left end, open")
	for _, label := range []string{">depth 9</text>", ">depth 10</text>", ">score</text>", ">-560</text>", ">-460</text>"} {
		assert.Contains(t, svg, label)
	}
	assert.NotContains(t, svg, "-32000", "the axis follows the scores, not the infinite edge")
	assert.Contains(t, plotBlockHTMLOf(t, src), `<figure class="plot"><svg class="plot windows"`, "the site draws the block as windows")
}

func TestTreeSVG(t *testing.T) {
	src := plotChapter("```text {run=\"cb2026\" input=\"tree 2\"}\nply move kind score searched moves\n0 - pv 40 2 2\n1 e2e3 all -30 1 1\n2 e5e4 leaf 30 - -\n1 e2e4 cut 70 1 6\n2 e5e4 leaf -70 - -\n```\n", "```plot {caption=\"A tree <a>.\" kind=\"tree\"}")
	_, p := parsedChapterPlot(t, src)
	svg := treeSVG(p)
	assert.True(t, strings.HasPrefix(svg, `<svg class="plot tree" role="img" aria-label="A tree &lt;a&gt;."`), svg[:80])
	assert.Len(t, regexp.MustCompile(`<rect `).FindAllString(svg, -1), 5, "a mark per node")
	assert.Len(t, regexp.MustCompile(`<path `).FindAllString(svg, -1), 4, "a line from each node but the root to its parent")
	assert.Contains(t, svg, `<path d="M15 31 V67 H33"`, "the second child of the root hangs from the line to the first, past the first one's subtree")
	for i, mark := range []string{"var(--plot-1,#1d4ed8)", "var(--plot-3,#15803d)", "var(--plot-2,#c2410c)"} {
		assert.Contains(t, svg, "fill:"+mark, "kind %d in its colour", i)
	}
	for _, label := range []string{">root</text>", ">e2e3</text>", ">-70</text>", ">pv, 2 of 2 moves</text>", ">cut, 1 of 6 moves, 5 cut off</text>"} {
		assert.Contains(t, svg, label)
	}
	assert.Contains(t, plotBlockHTMLOf(t, src), `<figure class="plot"><svg class="plot tree"`, "the site draws the block as a tree")
}

// Above the data the axis leaves the legend room: its ticks are chosen for
// the data's range, and none is marked in the room.
func TestPlainTicksStopAboveTheData(t *testing.T) {
	var labels []string
	for _, tk := range (plainTicks{top: 16384}).Ticks(-5000, 30000) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	assert.Equal(t, []string{"\u22125000", "5000", "15000"}, labels, "ticks for -5,000 to 16,384, none in the legend's room")
	var all []string
	for _, tk := range (plainTicks{}).Ticks(-5000, 30000) {
		if tk.Label != "" {
			all = append(all, tk.Label)
		}
	}
	assert.Contains(t, all, "30000", "without a top, every major tick is labelled")
}

// parsedChapterPlot parses a chapter that must have no problems and
// returns it with its plot.
func parsedChapterPlot(t *testing.T, src string) (*book.Chapter, *book.Plot) {
	t.Helper()
	ch, probs := book.ParseChapter("chapters/07-t.md", []byte(src))
	require.Empty(t, probs)
	for _, b := range ch.Blocks {
		if b.Plot != nil {
			return ch, b.Plot
		}
	}
	require.FailNow(t, "no plot", src)
	return nil, nil
}

// plotBlockHTMLOf renders a chapter and returns its first figure's HTML.
func plotBlockHTMLOf(t *testing.T, src string) string {
	t.Helper()
	var buf strings.Builder
	require.NoError(t, book.NewMarkdown(plots).Convert([]byte(src), &buf))
	html := buf.String()
	i := strings.Index(html, "<figure")
	require.GreaterOrEqual(t, i, 0, html)
	return html[i:]
}

func TestPowerTicks(t *testing.T) {
	labels := func(lo, hi float64) []string {
		var l []string
		for _, tk := range (powerTicks{}).Ticks(lo, hi) {
			if tk.Label != "" {
				l = append(l, tk.Label)
			}
		}
		return l
	}
	assert.Equal(t, []string{"1k", "10k", "100k", "1M", "10M"}, labels(900, 2e7))
	assert.Equal(t, []string{"2M", "5M", "10M", "20M"}, labels(1.1e6, 3e7), "a short axis labels 2 and 5 times too")
}

func TestStageTicks(t *testing.T) {
	labels := func(lo, hi float64) []string {
		var l []string
		for _, tk := range (stageTicks{}).Ticks(lo, hi) {
			l = append(l, tk.Label)
		}
		return l
	}
	assert.Equal(t, []string{"6", "8", "10", "12", "14", "16", "18", "20", "main"}, labels(4.5, 21.5))
	assert.Equal(t, []string{"2", "3", "4"}, labels(1.5, 4.5), "no main on an axis that ends before it")
}

func TestEloText(t *testing.T) {
	tests := []struct {
		e    stats.Estimate
		want string
	}{
		{stats.Estimate{Elo: 88.74, EloError: 65.31}, "+88.7 ± 65.3"},
		{stats.Estimate{Elo: -120.44, EloError: 97.7}, "−120.4 ± 97.7"},
		{stats.Estimate{Elo: math.Inf(1), EloError: math.NaN()}, "+∞"},
		{stats.Estimate{Elo: math.Inf(-1)}, "−∞"},
		{stats.Estimate{Elo: 0, EloError: 0}, "+0.0 ± 0.0"},
		{stats.Estimate{Elo: 12, EloError: math.NaN()}, "+12.0 ± n/a"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, eloText(tt.e), "eloText(%+v)", tt.e)
	}
}

func FuzzPlot(f *testing.F) {
	f.Add(plotTable, `caption="c" scale="log"`)
	f.Add("| d | n |\n| - | - |\n| 1 | [5](bench:7) |\n| 1 | [5](bench:7) |\n", `caption="c"`)
	f.Add("| s | depth 8 | depth 9 |\n| - | - | - |\n| on | [1e300](bench:7) | [-4](bench:7) |\n", `caption="c" by="rows"`)
	transcript := func(lines string) string { return "```text {run=\"cb2026\" input=\"x\"}\n" + lines + "```\n" }
	f.Add(transcript("rank a b | a b\n2 1 0 | 0 1\n1 1 1 | 0 1\n"), `caption="c" kind="heatmap"`)
	f.Add(transcript("field offset bytes\nkey 0 8\nmove 8 1000000000\n"), `caption="c" kind="layout"`)
	f.Add(transcript("stage moves first\nhash 1 e1g1\nquiets 1e300 a2a3\n"), `caption="c" kind="flow"`)
	f.Add(transcript("search depth alpha beta score\n1 5 -1e300 1e300 3\n"), `caption="c" kind="windows"`)
	f.Add(transcript("ply move kind score searched moves\n0 - pv 4 1 1\n1 e2e4 leaf -4 - -\n"), `caption="c" kind="tree"`)
	f.Fuzz(func(t *testing.T, table, attrs string) {
		ch, _ := book.ParseChapter("chapters/07-fuzz.md", []byte(plotChapter(table, "```plot {"+attrs+"}")))
		for _, b := range ch.Blocks {
			if b.Plot == nil {
				continue
			}
			svg, err := drawPlot(b.Plot)
			if err == nil && !strings.HasPrefix(svg, `<svg class="plot`) {
				t.Fatalf("drawPlot() = %.80q, want an svg.plot element", svg)
			}
		}
	})
}
