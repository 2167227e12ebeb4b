package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Published fastchess results (its default normalized SPRT model, α = β = 0.05),
// as printed in match reports: "Ptnml(0-2): [...]", "Elo: x +/- y, nElo: …",
// "LLR: z (-2.94, 2.94) [elo0, elo1]".
var fastchessResults = []struct {
	penta           Pentanomial
	elo, eloErr     float64
	nElo, nEloErr   float64
	elo0, elo1, llr float64
}{
	{Pentanomial{1, 11, 47, 25, 16}, 77.71, 33.03, 117.50, 48.15, 0, 10, 1.71},
	{Pentanomial{1, 24, 42, 25, 8}, 26.11, 31.23, 40.51, 48.15, 0, 10, 0.60},
	{Pentanomial{2, 23, 32, 35, 8}, 41.89, 33.28, 61.39, 48.15, 0, 10, 0.92},
}

func TestEstimateMatchesFastchess(t *testing.T) {
	for _, r := range fastchessResults {
		e := r.penta.Estimate()
		assert.InDelta(t, r.elo, e.Elo, 0.01, "Elo(%v)", r.penta)
		assert.InDelta(t, r.eloErr, e.EloError, 0.01, "EloError(%v)", r.penta)
		assert.InDelta(t, r.nElo, e.NElo, 0.01, "NElo(%v)", r.penta)
		assert.InDelta(t, r.nEloErr, e.NEloError, 0.01, "NEloError(%v)", r.penta)
	}
}

func TestNormalizedLLRMatchesFastchess(t *testing.T) {
	for _, r := range fastchessResults {
		s, err := NewSPRT(r.elo0, r.elo1, 0.05, 0.05, Normalized)
		require.NoError(t, err)
		assert.InDelta(t, r.llr, s.LLR(r.penta), 0.005, "LLR(%v)", r.penta)
	}
}

func TestOneSidedResultIsRegularized(t *testing.T) {
	// fastchess: "Ptnml(0-2): [0, 0, 2, 0, 37] ... LLR: 2.96 (-2.94, 2.94) [0.00, 20.00]".
	s, err := NewSPRT(0, 20, 0.05, 0.05, Normalized)
	require.NoError(t, err)
	p := Pentanomial{0, 0, 2, 0, 37}
	assert.InDelta(t, 2.96, s.LLR(p), 0.005)
	assert.Equal(t, AcceptH1, s.Verdict(s.LLR(p)))
	assert.InDelta(t, 631.91, p.Estimate().Elo, 0.01)
}

func TestBounds(t *testing.T) {
	s, err := NewSPRT(0, 5, 0.05, 0.05, Logistic)
	require.NoError(t, err)
	lo, hi := s.Bounds()
	assert.InDelta(t, -2.944, lo, 0.001)
	assert.InDelta(t, 2.944, hi, 0.001)
	assert.Equal(t, Continue, s.Verdict(0))
	assert.Equal(t, AcceptH0, s.Verdict(-3))
}

func TestNewSPRTRejectsNonsense(t *testing.T) {
	for _, c := range []struct {
		elo0, elo1, alpha, beta float64
		model                   Model
	}{
		{5, 0, 0.05, 0.05, Logistic},
		{0, 5, 0, 0.05, Logistic},
		{0, 5, 0.6, 0.5, Logistic},
		{0, 5, 0.05, 0.05, "bayes"},
	} {
		_, err := NewSPRT(c.elo0, c.elo1, c.alpha, c.beta, c.model)
		assert.Error(t, err, "NewSPRT(%v)", c)
	}
}

// The logistic GSPRT agrees with its normal approximation,
// LLR ≈ N (s1 − s0)(2μ − s0 − s1) / (2σ²), when the counts are large.
func TestLogisticLLRNearNormalApproximation(t *testing.T) {
	p := Pentanomial{400, 2300, 4700, 2500, 450}
	s, err := NewSPRT(0, 5, 0.05, 0.05, Logistic)
	require.NoError(t, err)
	mu, v := meanVariance(pairScores, p.frequencies())
	s0, s1 := EloToScore(0), EloToScore(5)
	approx := float64(p.Pairs()) * (s1 - s0) * (2*mu - s0 - s1) / (2 * v)
	assert.InDelta(t, approx, s.LLR(p), 0.02)
}

func TestLLRSymmetry(t *testing.T) {
	s, err := NewSPRT(-5, 5, 0.05, 0.05, Logistic)
	require.NoError(t, err)
	p := Pentanomial{3, 10, 20, 10, 3}
	assert.InDelta(t, 0, s.LLR(p), 1e-6)
	mirrored := Pentanomial{8, 10, 20, 10, 3}
	assert.InDelta(t, -s.LLR(mirrored), s.LLR(Pentanomial{3, 10, 20, 10, 8}), 1e-6)
}

func TestEmpty(t *testing.T) {
	var p Pentanomial
	s, err := NewSPRT(0, 5, 0.05, 0.05, Logistic)
	require.NoError(t, err)
	assert.Equal(t, 0.0, s.LLR(p))
	assert.True(t, math.IsInf(p.Estimate().EloError, 1))
}

func TestEloScoreRoundTrip(t *testing.T) {
	for _, elo := range []float64{-400, -35, 0, 5, 120} {
		assert.InDelta(t, elo, ScoreToElo(EloToScore(elo)), 1e-9)
	}
	assert.InDelta(t, 0.5, EloToScore(0), 1e-12)
	assert.InDelta(t, 0.75974, EloToScore(200), 1e-5)
}
