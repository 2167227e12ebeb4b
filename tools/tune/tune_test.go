package main

import (
	"crypto/sha256"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/eval"
)

// tinyData is every 25th position of the first 22 games of an early gen run
// (stage 19, 1,000 nodes a move): sixty positions, enough to test the tuner
// quickly.
const tinyData = `
rn2kb1r/ppp1pppp/8/5b2/8/1PP2N2/P3PPPP/R1BK1B1R b kq - 0 7;0.0
3r4/1pp1kpp1/7p/1PnBN3/r3b3/8/P4PPP/1R2K2R w - - 0 23;0.0
8/5pp1/7p/1K2kb2/8/8/r7/8 b - - 3 44;0.0
r2qkb1r/1p2ppp1/1pn1b2p/4P3/p2p1P2/P2P1N1P/1PP1KBP1/R2Q1B1R w k - 1 14;0.5
3r2k1/1p3pp1/r6p/4P3/p1qP4/2P2Q1P/1P4P1/RK3R2 b - - 4 32;0.5
6k1/1p1qRpp1/3P3p/2P4P/5r2/8/1PQ3P1/1K6 b - - 4 47;0.5
1r1qkb1r/1bp2pp1/p1n1pn1p/8/3PpB1P/1QP3RN/1P2NPP1/R3KB2 w Qk - 5 16;0.0
8/R1prkpp1/4p2p/4q3/4p2P/2R3P1/1P2BP2/5K2 b - - 6 34;0.0
3k4/R4pp1/3q3p/4p3/4p2P/6P1/5PK1/3B4 w - - 3 52;0.0
8/8/3kB2p/5p2/7P/5q2/4p3/2R3K1 b - - 3 68;0.0
r4k1r/p1q2pp1/1ppp4/4p1p1/4P1B1/1Q1P3P/PP3PP1/2R1K2R b K - 1 21;1.0
8/4qpp1/2Rp2k1/p5p1/1r1QP3/7P/5PP1/4R1K1 w - - 2 39;1.0
6k1/3R1p2/6p1/4Q1P1/8/7P/5KP1/2q5 b - - 26 60;1.0
rn1qkb1r/pp2p1p1/3p1n2/3p1pp1/P2P4/1Q2P3/1P3PPP/RNB1KB1R w KQkq - 0 10;1.0
3r4/pp5R/2k5/P7/4P3/2B3P1/1P4K1/8 w - - 1 34;1.0
6r1/1R6/p2B4/k2K4/4P3/6P1/1P6/8 b - - 17 49;1.0
r2qkb1r/1pp2p1p/p1n1p1p1/3p1b2/1P1P1P2/P1N1PNnP/1BP3P1/R2QKB1R w KQkq - 3 10;1.0
8/5pkp/2R3p1/5p2/5P1P/2N1P3/3r4/6K1 b - - 0 33;1.0
4k3/5p2/5Rp1/2rNPp1p/5P1P/8/8/6K1 w - - 2 47;1.0
8/4kp2/3R2p1/4Pp1p/5P1P/2r1NK2/8/8 w - - 30 61;1.0
8/1R3p2/4k1p1/2r1Pp1p/5P1P/4NK2/8/8 w - - 58 75;1.0
8/8/1k4p1/4Rp1p/5P1P/2r1NK2/8/8 b - - 0 90;1.0
8/8/6k1/4K2p/5P1P/6N1/8/8 w - - 3 106;1.0
r1b2rk1/1pqn1ppp/p1pbpn2/3pN3/N2P1P2/3BP3/PPPB2PP/R2Q1RK1 w - - 10 11;0.0
1r4k1/5ppp/p1bbp3/Q2p4/2pP1P2/P3PBN1/2P2KPP/1r6 b - - 3 28;0.0
6k1/5ppp/8/3pP3/Pb1P4/1K6/5p2/r7 b - - 1 50;0.0
2r2rk1/1b5p/p2pp1pP/Pp1p1p2/2qPnB2/R2QPN2/1PP2PP1/2R3K1 b - - 1 19;0.0
8/4B2p/p3p1k1/Pb1p4/3P1Pp1/1p6/1Pr2PP1/1R4K1 w - - 1 37;0.0
8/7K/p7/P2pk2p/6b1/6P1/8/8 b - - 3 57;0.0
r2q1rk1/pppb1pp1/2nbpn1p/3p4/3P4/P1N1BNP1/1PP1PPBP/R2Q1RK1 b - - 2 9;0.0
r5k1/2rb1pp1/2n1p2p/pp1p4/3P4/P1R2NP1/1PP1RPBP/6K1 w - - 0 26;0.0
6k1/5pp1/2b4p/4n3/4p1P1/7P/2r2P2/3R2K1 b - - 1 44;0.0
8/8/5k2/8/5np1/7b/r7/6K1 w - - 0 62;0.0
r2r2k1/2p1q1pp/p1n1bp2/4p3/1pP1P3/1Q1PPN2/P3B1PP/1R3RK1 b - - 0 19;0.0
r2qkb1r/pbp2ppp/1p1p1n2/2nPp1B1/P1B1P3/2N2N2/1PP2PPP/R2QK2R b KQkq - 3 8;0.5
1rb1r1k1/2q1bpp1/pn1p3p/1p1Pp2P/1P2P3/1B2QNN1/2P2PP1/R2R2K1 w - - 5 23;0.5
2r1kb1r/pp2pppp/3p4/1N6/4nPn1/4PN2/PPP3PP/R1B1K2R w KQk - 1 14;0.0
8/1p6/pb2k1p1/3p2rp/1B6/1P5P/P5P1/3R1K2 w - - 4 33;0.0
8/1p6/p7/3k4/1B3b2/PP1p2p1/6P1/3K4 w - - 4 48;0.0
8/1p6/8/P7/1p6/6p1/2Kpk1P1/8 w - - 2 63;0.0
2kr3r/pp3ppp/2p5/3N4/4P3/3P1PP1/P1K2n1P/R6R w - - 1 21;1.0
3r4/kp2r1p1/4P2p/p6P/P1Rp2P1/3K4/8/4R3 b - - 2 36;1.0
6k1/6p1/1p5p/pK5P/P2R2P1/8/r7/8 b - - 21 53;1.0
8/8/1K1Q4/8/6pp/5k2/8/8 w - - 10 73;1.0
8/1Q6/8/8/4K3/7p/5kp1/8 w - - 0 94;1.0
8/8/8/4K3/8/2Q5/8/1k6 w - - 19 112;1.0
r2q1rk1/pppb1pp1/2n1p2p/1B1p4/3P4/4PN2/PPP2PPP/R2Q1RK1 b - - 0 12;1.0
1r3rk1/1ppb2p1/p1n1p2p/P2p4/3P1q2/1QPB1N2/1P3PPP/R3R1K1 w - - 1 26;1.0
4k3/1p6/p1b2Q1p/P2p4/3P4/7P/1q3PPK/8 w - - 10 48;1.0
8/1p6/p6k/P2p3P/3P2P1/4KP2/2b5/8 w - - 3 64;1.0
8/1p3k2/p4P1P/P2pK3/3P2P1/3b4/8/8 b - - 4 76;1.0
8/1p3Pk1/p2Pb1P1/P3K3/8/8/8/8 b - - 2 90;1.0
r2qkb1r/1pp1ppp1/2n1bn2/p2p2Pp/P2P1B2/2N1PP2/1PP4P/R2QKBNR b KQkq - 0 8;1.0
3rk2r/5pp1/2p5/p5Pb/P1B2N1p/1P5P/2P5/R3K2R w KQk - 1 28;1.0
8/8/7R/2k5/P7/1P6/2P2K2/8 w - - 3 49;1.0
1r1q1kr1/1pp1npp1/p2p1n1p/3P4/2P1pNbP/1QP1P3/PB3PP1/R3KB1R w KQ - 6 15;1.0
6kr/8/1p1p3p/p2Pr3/P4p2/1QP5/5KP1/8 w - - 0 37;1.0
3Q4/8/7k/4Q3/8/6P1/5K2/8 b - - 0 58;1.0
2r3kr/1p1np1b1/p3bnpp/q2p1p2/3P1B1P/1RN1PPN1/P1PQB1P1/4R1K1 w - - 1 19;1.0
6kr/4p1b1/pq2bn2/1p1p1pp1/1P1P4/2NQPPB1/2P1N1P1/1R4K1 b - - 0 34;1.0
`

// tiny returns the positions of tinyData.
func tiny(t *testing.T) []position {
	t.Helper()
	data, err := readData(strings.NewReader(strings.TrimSpace(tinyData)))
	require.NoError(t, err)
	require.Len(t, data, 60)
	return data
}

func TestReadDataFindsGames(t *testing.T) {
	data := tiny(t)
	assert.Equal(t, 0, data[0].game)
	assert.Equal(t, 16, data[len(data)-1].game, "games in tinyData")
	fit, held, err := split(data)
	require.NoError(t, err)
	assert.Len(t, held, 1)
	assert.Len(t, fit, len(data)-len(held))
	for _, p := range held {
		assert.Equal(t, validationEvery-1, p.game%validationEvery)
	}
}

func TestParseLineRejects(t *testing.T) {
	for _, line := range []string{
		"8/8/8/8/8/8/8/8 w - - 0 1;0.5", // no kings
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1;1",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1",
	} {
		_, err := parseLine(line)
		assert.Error(t, err, line)
	}
}

func TestExpMatchesMath(t *testing.T) {
	for x := -30.0; x <= 30; x += 0.37 {
		assert.InEpsilon(t, math.Exp(x), exp(x), 1e-14, "exp(%g)", x)
	}
	assert.Equal(t, 0.0, exp(-800))
	assert.True(t, math.IsInf(exp(800), 1))
}

// The gradient pass computes is the loss's derivative: compare a few
// parameters with central differences.
func TestGradientMatchesDifferences(t *testing.T) {
	data := tiny(t)
	x := toFloats(handWeightsForTest())
	const k, h = 1.1, 1e-3
	_, g := pass(data, k, x, true)
	for _, i := range []int{0, 1, 2 * 5, 2*int(paramPassedPawn4) + 1, 2 * int(paramMobilityKnight)} {
		up := append([]float64(nil), x...)
		down := append([]float64(nil), x...)
		up[i] += h
		down[i] -= h
		want := (loss(data, k, up) - loss(data, k, down)) / (2 * h)
		assert.InDelta(t, want, g[i], 1e-9+1e-4*math.Abs(want), "parameter %d", i)
	}
}

func TestFitKFindsTheMinimum(t *testing.T) {
	data := tiny(t)
	x := toFloats(handWeightsForTest())
	k := fitK(data, x)
	l := loss(data, k, x)
	assert.LessOrEqual(t, l, loss(data, k*1.05, x))
	assert.LessOrEqual(t, l, loss(data, k*0.95, x))
}

// A tuning run of the tiny data set is deterministic and lowers the loss;
// its generated source is pinned, so that a change of the arithmetic shows.
func TestTuneTinyIsPinned(t *testing.T) {
	o := tuneOptions{epochs: 30, rate: 1, prior: 1e-6}
	r, err := tune(tiny(t), o)
	require.NoError(t, err)
	assert.Less(t, r.after[0], r.before[0], "fitted loss")
	require.Len(t, r.curve, o.epochs)
	src, err := source(r, o)
	require.NoError(t, err)
	r2, err := tune(tiny(t), o)
	require.NoError(t, err)
	again, err := source(r2, o)
	require.NoError(t, err)
	assert.Equal(t, string(src), string(again))
	assert.Contains(t, string(src), "DO NOT EDIT.")
	assert.Equal(t, "K 1.014044, before 0.125229, after 0.050551",
		fmt.Sprintf("K %.6f, before %.6f, after %.6f", r.k, r.before[0], r.after[0]))
	assert.Equal(t, "9bb70cb4d3ff031f9b21b525734e43ba9cc447b26827d4ae40c989ba6d84e860", fmt.Sprintf("%x", sha256.Sum256(src)))
}

// Parameters the gradient test looks at.
const (
	paramPassedPawn4    = eval.PassedPawn + 4
	paramMobilityKnight = eval.Mobility
)

// handWeightsForTest returns the hand-set weights.
func handWeightsForTest() eval.Weights { return eval.HandWeights() }

// loadData reads the manifest's pieces in order, numbers the games on from
// piece to piece, and refuses a piece whose file has another checksum.
func TestLoadDataReadsPieces(t *testing.T) {
	dir := t.TempDir()
	lines := strings.Split(strings.TrimSpace(tinyData), "\n")
	games := tiny(t)
	cut := 30 // a piece ends with a game: cut where one begins
	for games[cut].game == games[cut-1].game {
		cut++
	}
	var rows []piece
	for i, part := range [][]string{lines[:cut], lines[cut:]} {
		src := []byte(strings.Join(part, "\n") + "\n")
		require.NoError(t, os.WriteFile(pieceFile(dir, 2*i+1), src, 0o644))
		rows = append(rows, piece{n: 2*i + 1, bytes: int64(len(src)), sha256: fmt.Sprintf("%x", sha256.Sum256(src))})
	}
	manifest := filepath.Join(dir, "pieces.tsv")
	require.NoError(t, writeManifest(manifest, rows))
	data, sum, err := loadData(manifest, dir)
	require.NoError(t, err)
	require.Len(t, data, 60)
	assert.Equal(t, fmt.Sprintf("%x", sha256.Sum256([]byte(strings.Join(lines, "\n")+"\n"))), sum, "sha256 of the pieces one after the other")
	for i, p := range games {
		assert.Equal(t, p.game, data[i].game, "game of position %d", i)
	}
	require.NoError(t, os.WriteFile(pieceFile(dir, 3), []byte(lines[0]+"\n"), 0o644))
	_, _, err = loadData(manifest, dir)
	assert.ErrorContains(t, err, "piece-03.txt has sha256")
}

func TestMeasureMoves(t *testing.T) {
	hand := eval.HandWeights()
	tuned := hand
	tuned[eval.BishopPair][0] += 4
	tuned[eval.BishopPair][1] -= 2
	tuned[eval.PieceValue][1] += 9
	got := measureMoves(hand, tuned)
	assert.Equal(t, moves{params: 2, numbers: 3, mean: 5, most: 9, mostParam: eval.PieceValue}, got,
		"measureMoves(hand, hand with three values changed)")
	assert.Equal(t, moves{}, measureMoves(hand, hand), "measureMoves(hand, hand)")
}

// runTune refuses data it cannot tune on, and a fit that diverges, with the
// file and line at fault, and then writes neither the weights nor the curve.
func TestRunTuneRefuses(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(tinyData), "\n")
	tests := []struct {
		name string
		data string
		args []string
		want string
	}{
		{"empty piece", "", nil, "piece-01.txt: no positions (piece 1 of "},
		{"one line", lines[0] + "\n", nil, "1 positions of 1 games: every 10th game is held out"},
		{"seven games", strings.Join(lines[:26], "\n") + "\n", nil, "26 positions of 7 games"},
		{"long line", strings.Repeat("8", 70000) + "\n", nil, "piece-01.txt: line 1: bufio.Scanner: token too long"},
		{"diverges", tinyData[1:], []string{"-rate", "1e300", "-epochs", "3"}, "the fit diverged"},
	}
	for _, tc := range tests {
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(pieceFile(dir, 1), []byte(tc.data), 0o644))
		manifest := filepath.Join(dir, "pieces.tsv")
		row := piece{n: 1, bytes: int64(len(tc.data)), sha256: fmt.Sprintf("%x", sha256.Sum256([]byte(tc.data)))}
		require.NoError(t, writeManifest(manifest, []piece{row}))
		out, curve := filepath.Join(dir, "tuned.go"), filepath.Join(dir, "loss.tsv")
		args := append([]string{"tune", "-manifest", manifest, "-dir", dir, "-out", out, "-curve", curve, "-epochs", "1"}, tc.args...)
		err := run(args)
		assert.ErrorContains(t, err, tc.want, "tune %s", tc.name)
		assert.NoFileExists(t, out, "tune %s writes no weights", tc.name)
		assert.NoFileExists(t, curve, "tune %s writes no curve", tc.name)
	}
}
