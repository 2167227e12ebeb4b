package book

import (
	"math"
	"regexp"
	"strings"
	"testing"

	"cb2026/internal/stats"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

func TestParsePlotFromTheTableAbove(t *testing.T) {
	ch, probs := ParseChapter("chapters/07-t.md", []byte(plotChapter(plotTable, "```plot {caption=\"Nodes.\" scale=\"log\" ylabel=\"nodes\"}")))
	require.Empty(t, probs)
	var p *Plot
	for _, b := range ch.Blocks {
		if b.Kind == PlotBlock {
			p = b.Plot
		}
	}
	require.NotNil(t, p)
	assert.Equal(t, &Plot{Caption: "Nodes.", Log: true, XLabel: "depth", YLabel: "nodes", Series: []PlotSeries{
		{Name: "on", Points: []PlotPoint{{X: 1, Y: 20}, {X: 2, Y: 1400}, {X: 3, Y: 9000}}},
		{Name: "off", Points: []PlotPoint{{X: 1, Y: 20}, {X: 3, Y: 40000}}},
	}}, p)
}

func TestParsePlotByRows(t *testing.T) {
	table := "| switches | depth 8 | depth 9 | cut |\n| --- | ---: | ---: | ---: |\n| on | [5](bench:7:8) | [7](bench:7:9) | [97.3](bench:7:1)% |\n| off | [6](bench:7:8:-see) | [9](bench:7:9:-see) | |\n"
	ch, probs := ParseChapter("chapters/07-t.md", []byte(plotChapter(table, "```plot {caption=\"c\" by=\"rows\" columns=\"2 3\" xlabel=\"depth\"}")))
	require.Empty(t, probs)
	p := ch.Blocks[0].Plot
	require.NotNil(t, p)
	assert.Equal(t, []PlotSeries{{Name: "on", Points: []PlotPoint{{X: 8, Y: 5}, {X: 9, Y: 7}}}, {Name: "off", Points: []PlotPoint{{X: 8, Y: 6}, {X: 9, Y: 9}}}}, p.Series)
}

func TestParsePlotErrors(t *testing.T) {
	tests := []struct {
		table, fence, want string
	}{
		{plotTable, "```plot {scale=\"log\"}", "plot: caption is missing (one line saying what the plot shows)"},
		{plotTable, "```plot {caption=\"c\" scale=\"ln\"}", `plot: scale "ln": want linear or log`},
		{plotTable, "```plot {caption=\"c\" by=\"cells\"}", `plot: by "cells": want columns (each column a line) or rows (each row a line)`},
		{plotTable, "```plot {caption=\"c\" columns=\"1\"}", `plot: columns: "1" is not a column from 2 to 3 (column 1 gives x or the line's name)`},
		{plotTable, "```plot {caption=\"c\" colour=\"red\"}", `plot: unknown attribute "colour" (known: by, caption, columns, scale, xlabel, ylabel)`},
		{plotTable, "```plot {caption=\"c\"}\n1 2 3", "plot: the body must be empty: a plot draws the table just above it"},
		{"Some text, no table.\n", "```plot {caption=\"c\"}", "plot: no table just above the block: put the plot block right after the table it draws (a header, at least one row and two columns)"},
		{"| d | n |\n| - | - |\n| 1 | 20 |\n", "```plot {caption=\"c\"}", `plot: row 1 (1), column 2 (n): "20" is not a figure: a plot draws only measured numbers, written as [N](bench:…), [N](perft:…) or [N](<cmd:…>)`},
		{"| d | n |\n| - | - |\n| one | [20](bench:7) |\n", "```plot {caption=\"c\"}", `plot: row 1: x "one" is not a number (the first column gives x; or use by="rows")`},
		{"| d | n |\n| - | - |\n| 1 | [0](bench:7) |\n", "```plot {caption=\"c\" scale=\"log\"}", `plot: row 1 (1), column 2 (n): "0" cannot be drawn on a log scale (want a value above 0)`},
		{"| d | n | m |\n| - | - | - |\n| 1 | [2](bench:7) | |\n", "```plot {caption=\"c\"}", `plot: line "m" has no values`},
		{"| d | n |\n| - | - |\n| on | [2](bench:7) |\n", "```plot {caption=\"c\" by=\"rows\"}", `plot: column 2's header "n" has no number to use as x (by="rows" reads x from the headers)`},
	}
	for _, tt := range tests {
		src := plotChapter(tt.table, tt.fence)
		_, probs := ParseChapter("chapters/07-t.md", []byte(src))
		require.Len(t, probs, 1, "ParseChapter(%q)", src)
		line := strings.Count(src[:strings.Index(src, "```plot")], "\n") + 1
		assert.Equal(t, Problem{File: "chapters/07-t.md", Line: line, Msg: tt.want}, probs[0], "ParseChapter(%q)", src)
	}
}

func TestPlotSVG(t *testing.T) {
	ch, probs := ParseChapter("chapters/07-t.md", []byte(plotChapter(plotTable, "```plot {caption=\"Nodes <per> depth.\" scale=\"log\"}")))
	require.Empty(t, probs)
	svg, err := ch.Blocks[0].Plot.SVG()
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

// The ladder's axis names main, whose number is one past stage 20's, and
// labels no stage past it.
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
	f.Fuzz(func(t *testing.T, table, attrs string) {
		ch, _ := ParseChapter("chapters/07-fuzz.md", []byte(plotChapter(table, "```plot {"+attrs+"}")))
		for _, b := range ch.Blocks {
			if b.Plot == nil {
				continue
			}
			svg, err := b.Plot.SVG()
			if err == nil && !strings.HasPrefix(svg, `<svg class="plot"`) {
				t.Fatalf("SVG() = %.80q, want an svg.plot element", svg)
			}
		}
	})
}
