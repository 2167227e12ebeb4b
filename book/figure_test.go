package book

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseSpec(t *testing.T) {
	tests := []struct {
		dest  string
		build string
		args  []string
		input []string
		plain bool
	}{
		{"bench:7", "7", []string{"bench"}, nil, true},
		{"bench:main:9", "main", []string{"bench", "9"}, nil, false},
		{"bench:10:9:-history,+lmr", "10", nil, []string{"set history off", "set lmr on", "bench 9"}, false},
		{"bench:10::-history", "10", nil, []string{"set history off", "bench"}, false},
		{"bench:main::capthist=same-victim,-lmr", "main", nil, []string{"set capthist same-victim", "set lmr off", "bench"}, false},
		{"perft:3:5", "3", []string{"perft", "5"}, nil, false},
		{"perft:3:4:kiwipete", "3", []string{"perft", "4", namedPositions["kiwipete"]}, nil, false},
		{"perft:3:2:8/8/8/8/8/8/8/K6k_w_-_-_0_1", "3", []string{"perft", "2", "8/8/8/8/8/8/8/K6k w - - 0 1"}, nil, false},
		{"perft:naive-perft:3", "naive-perft", []string{"perft", "3"}, nil, false},
		{`cmd:10:set history off; bench 9:(\d+) nodes`, "10", nil, []string{"set history off", "bench 9"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.dest, func(t *testing.T) {
			s, err := ParseSpec(tt.dest)
			require.NoError(t, err)
			assert.Equal(t, tt.build, s.Build)
			assert.Equal(t, tt.args, s.Args)
			assert.Equal(t, tt.input, s.Input)
			assert.Equal(t, tt.plain, s.Plain)
		})
	}
}

func TestParseSpecErrors(t *testing.T) {
	tests := map[string]string{
		"bench:0":           `stages: "0": not a stage (want 1..20 or main)`,
		"bench:21":          `stages: "21": not a stage (want 1..20 or main)`,
		"bench:07":          `stages: "07": not a stage (want 1..20 or main)`,
		"bench:7:x":         `depth "x" is not a number from 0 to 99`,
		"bench:7:9:history": `switch "history": want +name, -name or name=value`,
		"bench:7:9:a=":      `switch "a=": want +name, -name or name=value`,
		"bench:7:9:-a:b":    "want bench:BUILD[:DEPTH[:SWITCHES]]",
		"perft:3":           "want perft:BUILD:DEPTH[:POSITION]",
		"perft:3:4:nowhere": `position "nowhere" is neither a known name nor a FEN`,
		"perft:Main:4":      `build "Main" is not a stage number, main or a variant name`,
		"cmd:3:bench:nodes": `regexp "nodes" has no group to read the value from`,
		"cmd:3::(\\d+)":     "no commands",
		"cmd:3:bench:(":     "bad regexp: error parsing regexp: missing closing ): `(?m)(`",
		"cmd:3":             "want cmd:BUILD:COMMANDS:REGEXP",
	}
	for dest, want := range tests {
		t.Run(dest, func(t *testing.T) {
			_, err := ParseSpec(dest)
			require.Error(t, err)
			assert.Equal(t, want, err.Error())
		})
	}
}

func TestSpecValue(t *testing.T) {
	tests := []struct {
		dest, out, want string
	}{
		{"bench:3", "1: 20 nodes\n197281 nodes 1000 nps\n", "197281"},
		{"perft:3:2", "a2a3: 20\n\nNodes searched: 400\n", "400"},
		{`cmd:10:stats:cutoff rate (\S+)`, "cutoff rate 0.5\ncutoff rate 0.93\n", "0.93"},
	}
	for _, tt := range tests {
		s, err := ParseSpec(tt.dest)
		require.NoError(t, err, "ParseSpec(%q)", tt.dest)
		got, err := s.Value(tt.out)
		require.NoError(t, err, "%s: Value(%q)", tt.dest, tt.out)
		assert.Equal(t, tt.want, got, "%s: Value(%q)", tt.dest, tt.out)
	}
	failures := map[string]string{
		"bench:3":                   `exe: no "N nodes M nps" line in the output (last line: crashed)`,
		"perft:3:2":                 `exe: no "Nodes searched: N" line in the output (last line: crashed)`,
		`cmd:10:stats:cutoff (\S+)`: `no match for "(?m)cutoff (\\S+)" in the output (last line: crashed)`,
	}
	for dest, want := range failures {
		s, err := ParseSpec(dest)
		require.NoError(t, err, "ParseSpec(%q)", dest)
		_, err = s.Value("crashed\n")
		assert.EqualError(t, err, want, "%s: Value(crashed)", dest)
	}
}
