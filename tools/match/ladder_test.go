package main

import (
	"bytes"
	"math"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/internal/results"
	"cb2026/stages"
)

func TestParseLadder(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"5:7", []string{"4", "5", "6", "7"}},
		{"2:2", []string{"1", "2"}},
		{"19:main", []string{"18", "19", "20", "main"}},
		{"main:main", []string{"20", "main"}},
	}
	for _, tt := range tests {
		ladder, err := parseLadder(tt.in)
		require.NoError(t, err, "parseLadder(%q)", tt.in)
		var got []string
		for _, st := range ladder {
			got = append(got, st.String())
		}
		assert.Equal(t, tt.want, got, "parseLadder(%q)", tt.in)
	}
	for _, bad := range []string{"5", "1:3", "9:8", "a:b", "5:21", "main:20", "05:7"} {
		_, err := parseLadder(bad)
		assert.Error(t, err, "parseLadder(%q)", bad)
	}
}

func TestLadderTable(t *testing.T) {
	rows := []results.Summary{
		{Limits: "nodes=10000", Openings: "o.epd", Seed: 1, Adjudication: "off (rules only)", Games: 10,
			Wins: 10, Elo: results.Float(math.Inf(1)), EloError: results.Float(math.NaN()), Pentanomial: [5]int{0, 0, 0, 0, 5}},
		{Games: 10, Wins: 5, Draws: 2, Losses: 3, Elo: 70.4, EloError: 150.2, Pentanomial: [5]int{0, 1, 2, 1, 1}},
	}
	var buf bytes.Buffer
	ladder, err := parseLadder("5:6")
	require.NoError(t, err)
	require.NoError(t, writeLadderTable(&buf, ladder, rows))
	assert.Contains(t, buf.String(), "| 5 | 4 | 10 | 10-0-0 | [0, 0, 0, 0, 5] | +∞ | n/a |")
	assert.Contains(t, buf.String(), "| 6 | 5 | 10 | 5-2-3 | [0, 1, 2, 1, 1] | +70 | 150 |")
}

func TestStepArgs(t *testing.T) {
	st, err := stages.Parse("12")
	require.NoError(t, err)
	tests := []struct{ in, want []string }{
		{[]string{"-ladder", "9:main", "-nodes", "10000"}, []string{"-ladder", "12:12", "-nodes", "10000"}},
		{[]string{"-games", "4", "--ladder=9:20"}, []string{"-games", "4", "--ladder=12:12"}},
		{[]string{"-out", "ladder", "-ladder", "12:12"}, []string{"-out", "ladder", "-ladder", "12:12"}},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, stepArgs(tt.in, st), "stepArgs(%q)", tt.in)
	}
}

// The command a results file records is the match's: -resume, which says
// how it was played, is left out, so a ladder step resumed is the same step.
func TestCommandLine(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-nodes", "5", "-resume"}, "match -nodes 5"},
		{[]string{"--resume=true", "-ladder", "9:9"}, "match -ladder 9:9"},
		{[]string{"-out", "resume"}, "match -out resume"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, commandLine(tt.args), "commandLine(%q)", tt.args)
	}
}

func TestFinishedStep(t *testing.T) {
	const command = "match -ladder 9:10 (ladder step: stage=9 vs stage=8)"
	done := results.Summary{Command: command, Engines: []string{"9", "8"}, GamesPlanned: 10, Games: 10, Wins: 10,
		Pentanomial: [5]int{0, 0, 0, 0, 5}}
	tests := []struct {
		name    string
		saved   results.Summary
		command string
		want    bool
	}{
		{"the same command, every game played", done, command, true},
		{"another command", done, "match -ladder 9:10 -nodes 5000 (ladder step: stage=9 vs stage=8)", false},
		{"games missing", results.Summary{Command: command, Engines: done.Engines, GamesPlanned: 10, Games: 6, Wins: 6}, command, false},
		{"interrupted", results.Summary{Command: command, Engines: done.Engines, GamesPlanned: 10, Games: 10, Wins: 10,
			Interrupted: "terminated"}, command, false},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		require.NoError(t, writeJSON(filepath.Join(dir, "results.json"), tt.saved))
		s, ok := finishedStep(dir, tt.command)
		assert.Equal(t, tt.want, ok, tt.name)
		if ok {
			assert.True(t, math.IsInf(float64(s.Elo), 1), "%s: Elo %v, want +Inf from the counts", tt.name, s.Elo)
		}
	}
	_, ok := finishedStep(t.TempDir(), command)
	assert.False(t, ok, "a folder with no results")
}
