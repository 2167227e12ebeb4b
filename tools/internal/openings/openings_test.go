package openings

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func testdata(name string) string { return filepath.Join("..", "..", "..", "testdata", name) }

func TestLoadEPDBooks(t *testing.T) {
	for name, n := range map[string]int{"2moves_v1.epd": 40457, "noob_2moves.epd": 7314, "8mvs_+90_+99.epd": 8533} {
		o, err := Load(testdata(name))
		require.NoError(t, err, name)
		assert.Len(t, o, n, name)
		require.NoError(t, o[0].Resolve())
		assert.Empty(t, o[0].Moves)
	}
}

func TestLoadPGNZip(t *testing.T) {
	o, err := Load(testdata("8moves_v3.pgn.zip"))
	require.NoError(t, err)
	require.Len(t, o, 34700)
	assert.Equal(t, "8moves_v3.pgn:1", o[0].Name)
	require.NoError(t, o[0].Resolve())
	assert.Equal(t, []string{"g1f3", "d7d5", "g2g3", "c7c6"}, o[0].Moves[:4])
	assert.Len(t, o[0].Moves, 16)
}

func TestReadPGNBadMove(t *testing.T) {
	o, err := ReadPGN(strings.NewReader("1. e4 e4 *"), "bad.pgn")
	require.NoError(t, err)
	assert.ErrorContains(t, o[0].Resolve(), "bad.pgn:1")
}

func TestLoadErrors(t *testing.T) {
	_, err := Load("openings.txt")
	assert.Error(t, err)
	_, err = ReadEPD(strings.NewReader("not a position"), "x.epd")
	assert.ErrorContains(t, err, "x.epd")
}

func TestOrder(t *testing.T) {
	assert.Equal(t, []int{0, 1, 2, 3}, Order(4, 0))
	a, b := Order(100, 7), Order(100, 7)
	assert.Equal(t, a, b, "the same seed gives the same order")
	assert.NotEqual(t, a, Order(100, 8))
	assert.ElementsMatch(t, Order(100, 0), a)
}
