package book

import (
	"math"
	"strings"
	"testing"

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

// parsedPlot parses a chapter that must have no problems and returns it
// with its plot.
func parsedPlot(t *testing.T, src string) (*Chapter, *Plot) {
	t.Helper()
	ch, probs := ParseChapter("chapters/07-t.md", []byte(src))
	require.Empty(t, probs)
	for _, b := range ch.Blocks {
		if b.Kind == PlotBlock {
			return ch, b.Plot
		}
	}
	require.FailNow(t, "no plot block", src)
	return nil, nil
}

func TestParsePlotFromTheTableAbove(t *testing.T) {
	_, p := parsedPlot(t, plotChapter(plotTable, "```plot {caption=\"Nodes.\" scale=\"log\" ylabel=\"nodes\"}"))
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

// heatTranscript is a transcript's opening and output lines up to its
// last row, which a test completes.
const heatTranscript = "```text {run=\"cb2026\" input=\"reductions 2 2\"}\ndepth 1 2\n1 0 0\n"

func TestParseHeatMapFromTheTranscriptAbove(t *testing.T) {
	src := plotChapter(heatTranscript+"2 0 1\n```\n", "```plot {caption=\"Reductions.\" kind=\"heatmap\" xlabel=\"move\"}")
	ch, p := parsedPlot(t, src)
	assert.True(t, ch.Blocks[0].Plotted, "the transcript is marked as drawn")
	assert.Equal(t, &Plot{Caption: "Reductions.", XLabel: "move", YLabel: "depth",
		Heat: &HeatMap{Rows: []string{"1", "2"}, Columns: []string{"1", "2"}, Values: [][]float64{{0, 0}, {0, 1}}}}, p)
}

func TestHeatMapGapPartsTheGrids(t *testing.T) {
	src := plotChapter("```text {run=\"cb2026\" input=\"shift east\"}\nrank a b | a b\n2 1 0 | 0 1\n1 1 1 | 0 1\n```\n", "```plot {caption=\"A set, moved.\" kind=\"heatmap\"}")
	_, p := parsedPlot(t, src)
	require.NotNil(t, p.Heat)
	assert.Equal(t, []string{"a", "b", HeatGap, "a", "b"}, p.Heat.Columns)
	assert.True(t, math.IsNaN(p.Heat.Values[1][2]), "the gap has no value")
	assert.Equal(t, []float64{1, 1}, p.Heat.Values[1][:2])
	assert.Equal(t, []float64{0, 1}, p.Heat.Values[1][3:])
}

func TestParsePlotErrors(t *testing.T) {
	tests := []struct {
		table, fence, want string
	}{
		{plotTable, "```plot {scale=\"log\"}", "plot: caption is missing (one line saying what the plot shows)"},
		{plotTable, "```plot {caption=\"c\" scale=\"ln\"}", `plot: scale "ln": want linear or log`},
		{plotTable, "```plot {caption=\"c\" by=\"cells\"}", `plot: by "cells": want columns (each column a line) or rows (each row a line)`},
		{plotTable, "```plot {caption=\"c\" columns=\"1\"}", `plot: columns: "1" is not a column from 2 to 3 (column 1 gives x or the line's name)`},
		{plotTable, "```plot {caption=\"c\" colour=\"red\"}", `plot: unknown attribute "colour" (known: by, caption, columns, kind, scale, xlabel, ylabel)`},
		{plotTable, "```plot {caption=\"c\"}\n1 2 3", "plot: the body must be empty: a plot draws the table just above it"},
		{"Some text, no table.\n", "```plot {caption=\"c\"}", "plot: no table just above the block: put the plot block right after the table it draws (a header, at least one row and two columns)"},
		{"| d | n |\n| - | - |\n| 1 | 20 |\n", "```plot {caption=\"c\"}", `plot: row 1 (1), column 2 (n): "20" is not a figure: a plot draws only measured numbers, written as [N](bench:…), [N](perft:…) or [N](<cmd:…>)`},
		{"| d | n |\n| - | - |\n| one | [20](bench:7) |\n", "```plot {caption=\"c\"}", `plot: row 1: x "one" is not a number (the first column gives x; or use by="rows")`},
		{"| d | n |\n| - | - |\n| 1 | [0](bench:7) |\n", "```plot {caption=\"c\" scale=\"log\"}", `plot: row 1 (1), column 2 (n): "0" cannot be drawn on a log scale (want a value above 0)`},
		{"| d | n | m |\n| - | - | - |\n| 1 | [2](bench:7) | |\n", "```plot {caption=\"c\"}", `plot: line "m" has no values`},
		{"| d | n |\n| - | - |\n| on | [2](bench:7) |\n", "```plot {caption=\"c\" by=\"rows\"}", `plot: column 2's header "n" has no number to use as x (by="rows" reads x from the headers)`},
		{plotTable, "```plot {caption=\"c\" kind=\"pie\"}", `plot: kind "pie": want lines, heatmap, layout, flow, windows or tree`},
		{plotTable, "```plot {caption=\"c\" kind=\"heatmap\"}", `plot: heatmap: row 2 (2), column 3 (off): empty: a heat map has a value in every cell`},
		{"```text\nd 1 2\n1 0 1\n```\n", "```plot {caption=\"c\" kind=\"heatmap\"}", "plot: no table just above the block: put the plot block right after the table it draws (a header, at least one row and two columns)"},
		{heatTranscript + "2 x 1\n```\n", "```plot {caption=\"c\" kind=\"heatmap\"}", `plot: heatmap: row 2 (2), column 2 (1): "x" is not a number`},
		{heatTranscript + "2 1\n```\n", "```plot {caption=\"c\" kind=\"heatmap\"}", `plot: heatmap: row 2 (2) has 2 cells, the header 3`},
		{"```text {run=\"cb2026\" input=\"shift east\"}\nrank a | a\n1 1 0 1\n```\n", "```plot {caption=\"c\" kind=\"heatmap\"}", `plot: heatmap: row 1 (1), column 3: "0" under a "|" column: a gap parts the grids in every row`},
	}
	for _, tt := range tests {
		src := plotChapter(tt.table, tt.fence)
		_, probs := ParseChapter("chapters/07-t.md", []byte(src))
		require.Len(t, probs, 1, "ParseChapter(%q)", src)
		line := strings.Count(src[:strings.Index(src, "```plot")], "\n") + 1
		assert.Equal(t, Problem{File: "chapters/07-t.md", Line: line, Msg: tt.want}, probs[0], "ParseChapter(%q)", src)
	}
}

// The ladder's axis names main, whose number is one past stage 20's, and
// labels no stage past it.

// layoutTranscript is a ttentry transcript; a test replaces its rows.
const layoutTranscript = "```text {run=\"cb2026\" input=\"ttentry\"}\nfield offset bytes type\nkey 0 8 uint64\nmove 8 2 board.Move\npadding 10 6 -\n```\n"

func TestParseLayout(t *testing.T) {
	_, p := parsedPlot(t, plotChapter(layoutTranscript, "```plot {caption=\"An entry.\" kind=\"layout\"}"))
	assert.Equal(t, &Layout{Size: 16, Fields: []LayoutField{{"key", 0, 8}, {"move", 8, 2}, {"padding", 10, 6}}}, p.Layout)
	tests := []plotEdit{
		{"move 8 2", "move 9 2", "plot: layout: row 2 (move) covers bytes 9 to 10: the fields must follow each other from byte 0, each at least a byte long (name any gap as padding)"},
		{"move 8 2", "move 8 0", "plot: layout: row 2 (move) covers bytes 8 to 7: the fields must follow each other from byte 0, each at least a byte long (name any gap as padding)"},
		{"move 8 2", "move 8 two", `plot: layout: row 2 (move), column 3 (bytes): "two" is not a number`},
		{"move 8 2", "move 8 1.5", "plot: layout: row 2 (move), column 3 (bytes): want a whole number of bytes, at most 1024"},
		{"move 8 2", "move 8 2000", "plot: layout: row 2 (move), column 3 (bytes): want a whole number of bytes, at most 1024"},
		{"field offset bytes", "field start bytes", "plot: layout: the header needs a column named offset and one named bytes, after the fields' names"},
	}
	assertPlotEdits(t, layoutTranscript, "```plot {caption=\"An entry.\" kind=\"layout\"}", tests)
}

// flowTranscript is an order transcript; a test replaces its rows.
const flowTranscript = "```text {run=\"cb2026\" input=\"order\"}\nstage moves first\nhash-move 1 e1g1\nquiets 34 e1f1,b5c3\n```\n"

func TestParseFlow(t *testing.T) {
	_, p := parsedPlot(t, plotChapter(flowTranscript, "```plot {caption=\"The picker.\" kind=\"flow\"}"))
	assert.Equal(t, &Flow{Unit: "moves", Steps: []FlowStep{{"hash-move", 1, "e1g1"}, {"quiets", 34, "e1f1,b5c3"}}}, p.Flow)
	tests := []plotEdit{
		{"quiets 34", "quiets many", `plot: flow: row 2 (quiets), column 2 (moves): "many" is not a number`},
		{"quiets 34", "quiets -1", "plot: flow: row 2 (quiets), column 2 (moves): a count cannot be negative"},
	}
	assertPlotEdits(t, flowTranscript, "```plot {caption=\"The picker.\" kind=\"flow\"}", tests)
}

// windowsTranscript is a windows transcript; a test replaces its rows.
const windowsTranscript = "```text {run=\"cb2026\" input=\"windows\"}\nsearch depth alpha beta score result\n1 5 -508 -458 -508 low\n2 5 -533 -458 -511 inside\n```\n"

func TestParseWindows(t *testing.T) {
	_, p := parsedPlot(t, plotChapter(windowsTranscript, "```plot {caption=\"Windows.\" kind=\"windows\"}"))
	assert.Equal(t, &Windows{Searches: []WindowSearch{{"depth 5", -508, -458, -508}, {"depth 5", -533, -458, -511}}}, p.Windows)
	tests := []plotEdit{
		{"2 5 -533 -458", "2 5 -533 -533", "plot: windows: row 2: alpha -533 is not below beta -533"},
		{"2 5 -533", "2 5 x", `plot: windows: row 2, column 3 (alpha): "x" is not a number`},
		{"beta score", "beta value", "plot: windows: the header needs columns named alpha, beta and score"},
	}
	assertPlotEdits(t, windowsTranscript, "```plot {caption=\"Windows.\" kind=\"windows\"}", tests)
	// Without a depth column, the columns before alpha name a row.
	tries := "```text {run=\"cb2026\" input=\"tries\"}\nmove search alpha beta score result\ne5c4 test -260 -259 -259 high\ne5c4 re-search -260 32000 -259 inside\n```\n"
	_, p = parsedPlot(t, plotChapter(tries, "```plot {caption=\"Tries.\" kind=\"windows\"}"))
	assert.Equal(t, &Windows{Searches: []WindowSearch{{"e5c4 test", -260, -259, -259}, {"e5c4 re-search", -260, 32000, -259}}}, p.Windows)
}

// A plotEdit changes a chapter's text above a plot and says the one problem
// the plot must then have.
type plotEdit struct{ from, to, want string }

// assertPlotEdits makes each edit of the transcript above a plot block
// (fence, its opening line) and requires the problem it names.
func assertPlotEdits(t *testing.T, transcript, fence string, edits []plotEdit) {
	t.Helper()
	for _, e := range edits {
		src := plotChapter(strings.Replace(transcript, e.from, e.to, 1), fence)
		_, probs := ParseChapter("chapters/07-t.md", []byte(src))
		require.Len(t, probs, 1, e.to)
		assert.Equal(t, e.want, probs[0].Msg, e.to)
	}
}

// treeTranscript is a tree transcript; a test replaces its rows.
const treeTranscript = "```text {run=\"cb2026\" input=\"tree 2\"}\nply move kind score searched moves\n0 - pv 40 2 2\n1 e2e3 pv -30 1 1\n2 e5e4 leaf 30 - -\n1 e2e4 cut 70 1 6\n2 e5e4 leaf -70 - -\n```\n"

func TestParseTree(t *testing.T) {
	_, p := parsedPlot(t, plotChapter(treeTranscript, "```plot {caption=\"A tree.\" kind=\"tree\"}"))
	assert.Equal(t, &Tree{Nodes: []TreeNode{{0, "-", "pv", 40, 2, 2}, {1, "e2e3", "pv", -30, 1, 1}, {2, "e5e4", "leaf", 30, 0, 0},
		{1, "e2e4", "cut", 70, 1, 6}, {2, "e5e4", "leaf", -70, 0, 0}}}, p.Tree)
	assertPlotEdits(t, treeTranscript, "```plot {caption=\"A tree.\" kind=\"tree\"}", []plotEdit{
		{"1 e2e4 cut", "1 e2e4 big", `plot: tree: row 4: kind "big": want pv, cut, all or leaf`},
		{"1 e2e4 cut 70 1 6", "1 e2e4 cut 70 1 -", `plot: tree: row 4, column 6 (moves): "-" is not a number`},
		{"2 e5e4 leaf 30", "3 e5e4 leaf 30", "plot: tree: row 3: ply 3: a tree starts at its root, ply 0, and each node is at most one ply below the row before it"},
		{"0 - pv", "1 - pv", "plot: tree: row 1: ply 1: a tree starts at its root, ply 0, and each node is at most one ply below the row before it"},
		{"kind score", "type score", "plot: tree: the header needs columns named ply, move, kind, score, searched and moves"},
	})
}
