// Package stats turns game results into Elo estimates with their errors and
// into the log-likelihood ratio of a sequential probability ratio test (SPRT).
//
// Games are counted in pairs: the same opening played twice with colors
// swapped. A pair scores 0, ½, 1, 1½ or 2 points, so a match is summed up by
// five counts, the pentanomial. Pairs carry less noise than single games
// because the opening's bias cancels inside a pair; the errors and the SPRT
// here use the pair statistics, as fishtest, OpenBench and fastchess do.
package stats

import (
	"fmt"
	"math"
)

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// eloPerNormal converts a normalized score difference into Elo: the logistic
// Elo curve's slope at 50% is ln(10)/1600 score per Elo, so one unit of
// (score − ½) / σ per game is 800 / ln(10) Elo (Van den Bergh's nElo).
var eloPerNormal = 800 / math.Ln10

// PairScore is the score of one pair of games, in half points: 0 (two
// losses) to 4 (two wins).
type PairScore int

// Pentanomial counts pairs by their score: Pentanomial[k] is the number of
// pairs that scored k half points, LL, LD, DD or WL, WD, WW.
type Pentanomial [5]int

// PairOf returns the pentanomial index of a pair whose two games scored a and
// b, each 0 (loss), 1 (draw) or 2 (win) half points.
func PairOf(a, b int) PairScore { return PairScore(a + b) }

// Add counts one pair.
func (p *Pentanomial) Add(s PairScore) { p[s]++ }

// Pairs returns the number of pairs.
func (p Pentanomial) Pairs() int {
	n := 0
	for _, c := range p {
		n += c
	}
	return n
}

// String prints the counts as fastchess does: [LL, LD, DD+WL, WD, WW].
func (p Pentanomial) String() string {
	return fmt.Sprintf("[%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4])
}

// pairScores are the five pair results as a fraction of the pair's 2 points.
var pairScores = []float64{0, 0.25, 0.5, 0.75, 1}

// frequencies returns the relative frequency of each pair result.
func (p Pentanomial) frequencies() []float64 {
	n := float64(p.Pairs())
	f := make([]float64, len(p))
	for i, c := range p {
		f[i] = float64(c) / n
	}
	return f
}

// meanVariance returns the mean score per pair (as a fraction) and the
// variance of one pair's score.
func meanVariance(scores, probs []float64) (mean, variance float64) {
	for i, s := range scores {
		mean += probs[i] * s
	}
	for i, s := range scores {
		variance += probs[i] * (s - mean) * (s - mean)
	}
	return mean, variance
}

// ScoreToElo converts an expected score in (0, 1) to a logistic Elo difference.
func ScoreToElo(score float64) float64 {
	return -400 * math.Log10(1/score-1)
}

// EloToScore converts a logistic Elo difference to the expected score.
func EloToScore(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// Estimate is an Elo difference with its 95% error, in logistic Elo and in
// normalized Elo (nElo: Elo scaled by the match's own noise, so the same nElo
// takes the same number of games to find whatever the draw rate).
type Estimate struct {
	Score           float64 // points per game, 0..1
	Elo, EloError   float64 // logistic Elo ± half the 95% interval
	NElo, NEloError float64 // normalized Elo ± half the 95% interval
	LOS             float64 // likelihood of superiority, 0..1
	Pairs           int
}

// Estimate returns the Elo estimate from the pair counts. With no pairs, or
// when every pair scored the same, the errors are NaN or infinite.
func (p Pentanomial) Estimate() Estimate {
	n := float64(p.Pairs())
	if n == 0 {
		return Estimate{Score: 0.5, EloError: math.Inf(1), NEloError: math.Inf(1), LOS: 0.5}
	}
	mean, variance := meanVariance(pairScores, p.frequencies())
	se := math.Sqrt(variance / n)
	lo, hi := mean-z95*se, mean+z95*se
	return Estimate{
		Score:     mean,
		Elo:       ScoreToElo(mean),
		EloError:  (ScoreToElo(hi) - ScoreToElo(lo)) / 2,
		NElo:      (mean - 0.5) / math.Sqrt(2*variance) * eloPerNormal,
		NEloError: z95 * eloPerNormal / math.Sqrt(2*n),
		LOS:       normalCDF((mean - 0.5) / se),
		Pairs:     p.Pairs(),
	}
}

// normalCDF is the standard normal distribution function.
func normalCDF(x float64) float64 {
	return 0.5 * math.Erfc(-x/math.Sqrt2)
}
