package main

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLadder(t *testing.T) {
	from, to, err := parseLadder("5:20")
	require.NoError(t, err)
	assert.Equal(t, []int{5, 20}, []int{from, to})
	for _, bad := range []string{"5", "1:3", "9:8", "a:b"} {
		_, _, err := parseLadder(bad)
		assert.Error(t, err, "parseLadder(%q)", bad)
	}
}

func TestLadderTable(t *testing.T) {
	rows := []Summary{
		{Limits: "nodes=10000", Openings: "o.epd", Seed: 1, Adjudication: "off (rules only)", Games: 10,
			Wins: 10, Elo: jsonFloat(math.Inf(1)), EloError: jsonFloat(math.NaN()), Pentanomial: [5]int{0, 0, 0, 0, 5}},
		{Games: 10, Wins: 5, Draws: 2, Losses: 3, Elo: 70.4, EloError: 150.2, Pentanomial: [5]int{0, 1, 2, 1, 1}},
	}
	var buf bytes.Buffer
	require.NoError(t, writeLadderTable(&buf, 5, rows))
	assert.Contains(t, buf.String(), "| 5 | 4 | 10 | 10-0-0 | [0, 0, 0, 0, 5] | +∞ | n/a |")
	assert.Contains(t, buf.String(), "| 6 | 5 | 10 | 5-2-3 | [0, 1, 2, 1, 1] | +70 | 150 |")
}

func TestJSONFloat(t *testing.T) {
	b, err := json.Marshal([]jsonFloat{1.5, jsonFloat(math.Inf(1)), jsonFloat(math.NaN())})
	require.NoError(t, err)
	assert.Equal(t, "[1.5,null,null]", string(b))
}
