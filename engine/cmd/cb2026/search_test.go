//book:stage 3

package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tests of the commands that the search, from chapter 3 on, brings.

func TestPerftWithABadFENFails(t *testing.T) {
	var out bytes.Buffer
	err := run([]string{"perft", "2", "8/8/8 w"}, strings.NewReader(""), &out)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "perft: fen")
	assert.Empty(t, out.String(), "nothing is counted for a bad FEN")
}

func TestPerftFromTheCommandLine(t *testing.T) {
	var out bytes.Buffer
	kiwipete := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	require.NoError(t, run([]string{"perft", "2", kiwipete}, strings.NewReader(""), &out))
	assert.Contains(t, out.String(), "\nNodes searched: 2039\n")
}

// The console's stats searches the bench positions with the real search
// (which, without an evaluation, searches nothing).
func TestStatsFromTheCommandLine(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run([]string{"stats", "2-3", "2"}, strings.NewReader(""), &out))
	assert.Regexp(t, `^position +depth +nodes( +\w+)+\n2 +2 +\d+ .*\n3 +2 +\d+ .*\ntotal +2 +\d+ .*\n$`, out.String(), "stats 2-3 2")
}

func TestPipedSearchAnswersBeforeExit(t *testing.T) {
	var out bytes.Buffer
	in := "uci\nisready\nposition startpos moves e2e4 e7e5\ngo depth 2\n"
	require.NoError(t, run(nil, strings.NewReader(in), &out))
	assert.Contains(t, out.String(), "uciok\n")
	assert.Regexp(t, `(?m)^bestmove [a-h][1-8][a-h][1-8][qrbn]?( ponder \S+)?$`, out.String())
}
