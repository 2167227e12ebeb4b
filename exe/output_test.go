package exe

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBenchLine(t *testing.T) {
	tests := []struct {
		line string
		want Bench
		ok   bool
	}{
		{"2120584 nodes 1234567 nps", Bench{2120584, 1234567}, true},
		{"  420 nodes 0 nps\r", Bench{420, 0}, true},
		{"18446744073709551615 nodes 1 nps", Bench{18446744073709551615, 1}, true},
		{"18446744073709551616 nodes 1 nps", Bench{}, false},
		{"1: 20 nodes", Bench{}, false},
		{"20 nodes 1000 nps extra", Bench{}, false},
		{"-5 nodes 1000 nps", Bench{}, false},
		{"+5 nodes 1000 nps", Bench{}, false},
		{"5 nodes 1.5 nps", Bench{}, false},
		{"5 Nodes 1000 nps", Bench{}, false},
		{"info depth 5 nodes 1000 nps 20", Bench{}, false},
		{"", Bench{}, false},
	}
	for _, tt := range tests {
		got, ok := BenchLine(tt.line)
		assert.Equal(t, tt.ok, ok, "BenchLine(%q) ok", tt.line)
		assert.Equal(t, tt.want, got, "BenchLine(%q)", tt.line)
	}
}

func TestPositionLine(t *testing.T) {
	tests := []struct {
		line     string
		position int
		nodes    uint64
		ok       bool
	}{
		{"position  1:        57435 nodes  best e2e4   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 57435, true},
		{"position 13: 30413 nodes  best -", 13, 30413, true},
		{"position 2: 0 nodes", 2, 0, true},
		{"position 0: 5 nodes", 0, 0, false},
		{"position x: 5 nodes", 0, 0, false},
		{"position 2 5 nodes", 0, 0, false},
		{"position 2: -5 nodes", 0, 0, false},
		{"position 2: 5 Nodes", 0, 0, false},
		{"1746288 nodes 965999 nps", 0, 0, false},
		{"", 0, 0, false},
	}
	for _, tt := range tests {
		position, nodes, ok := PositionLine(tt.line)
		assert.Equal(t, tt.ok, ok, "PositionLine(%q) ok", tt.line)
		assert.Equal(t, tt.position, position, "PositionLine(%q) position", tt.line)
		assert.Equal(t, tt.nodes, nodes, "PositionLine(%q) nodes", tt.line)
	}
}

func TestParseBench(t *testing.T) {
	got, err := ParseBench("1: 20 nodes\n197281 nodes 1000 nps\n5 nodes 7 nps\n\n")
	require.NoError(t, err)
	assert.Equal(t, Bench{5, 7}, got, "the last summary line counts")
	_, err = ParseBench("crashed\n")
	assert.EqualError(t, err, `exe: no "N nodes M nps" line in the output`)
}

func TestPerftLine(t *testing.T) {
	tests := []struct {
		line string
		want uint64
		ok   bool
	}{
		{"Nodes searched: 8902", 8902, true},
		{"Nodes searched: 0 ", 0, true},
		{"\tNodes searched:  119060324\r", 119060324, true},
		{"Nodes searched: x", 0, false},
		{"Nodes searched: -1", 0, false},
		{"Nodes searched : 20", 0, false},
		{"Nodes searched: 20 nodes", 0, false},
		{"a2a3: 20", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, ok := PerftLine(tt.line)
		assert.Equal(t, tt.ok, ok, "PerftLine(%q) ok", tt.line)
		assert.Equal(t, tt.want, got, "PerftLine(%q)", tt.line)
	}
}

func TestParsePerft(t *testing.T) {
	got, err := ParsePerft("a2a3: 380\nb2b3: 420\n\nNodes searched: 8902\n")
	require.NoError(t, err)
	assert.Equal(t, uint64(8902), got)
	_, err = ParsePerft("a2a3: 380\n")
	assert.EqualError(t, err, `exe: no "Nodes searched: N" line in the output`)
}

func FuzzBenchLine(f *testing.F) {
	f.Add("2120584 nodes 1234567 nps")
	f.Add("1: 20 nodes")
	f.Fuzz(func(t *testing.T, line string) {
		b, ok := BenchLine(line)
		if !ok {
			assert.Equal(t, Bench{}, b, "BenchLine(%q) failed but returned a bench", line)
			return
		}
		again, ok := BenchLine(fmt.Sprintf("%d nodes %d nps", b.Nodes, b.NPS))
		assert.True(t, ok && again == b, "BenchLine(%q) = %+v does not print back", line, b)
	})
}

func FuzzPerftLine(f *testing.F) {
	f.Add("Nodes searched: 8902")
	f.Add("a2a3: 20")
	f.Fuzz(func(t *testing.T, line string) {
		n, ok := PerftLine(line)
		if !ok {
			assert.Zero(t, n, "PerftLine(%q) failed but returned a count", line)
			return
		}
		again, ok := PerftLine(fmt.Sprintf("Nodes searched: %d", n))
		assert.True(t, ok && again == n, "PerftLine(%q) = %d does not print back", line, n)
	})
}
