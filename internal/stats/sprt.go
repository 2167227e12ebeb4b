package stats

import (
	"fmt"
	"math"
)

// Model says what unit an SPRT's Elo bounds are in.
type Model string

// The SPRT models: logistic Elo (the classic scale, where the draw rate
// changes how many games a bound takes) and normalized Elo (fastchess's
// default and fishtest's, where it does not).
const (
	Logistic   Model = "logistic"
	Normalized Model = "normalized"
)

// Verdict is an SPRT's state.
type Verdict string

// The three verdicts: keep playing, H1 accepted (the change gains at least
// elo1), H0 accepted (it gains at most elo0).
const (
	Continue Verdict = "continue"
	AcceptH1 Verdict = "H1 accepted"
	AcceptH0 Verdict = "H0 accepted"
)

// SPRT is a generalized sequential probability ratio test on pentanomial
// results (Michel Van den Bergh's GSPRT, as fastchess and OpenBench compute it):
// the log-likelihood ratio compares the maximum-likelihood pair distributions
// whose expected score is that of Elo0 and of Elo1.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Model       Model
}

// NewSPRT returns a test of H0 "gain ≤ elo0" against H1 "gain ≥ elo1" with
// the given error rates, or an error when the bounds make no sense.
func NewSPRT(elo0, elo1, alpha, beta float64, model Model) (SPRT, error) {
	switch {
	case elo0 >= elo1:
		return SPRT{}, fmt.Errorf("sprt: elo0 %g must be below elo1 %g", elo0, elo1)
	case alpha <= 0 || beta <= 0 || alpha+beta >= 1:
		return SPRT{}, fmt.Errorf("sprt: alpha %g and beta %g must be positive with a sum below 1", alpha, beta)
	case model != Logistic && model != Normalized:
		return SPRT{}, fmt.Errorf("sprt: unknown model %q (logistic or normalized)", model)
	}
	return SPRT{Elo0: elo0, Elo1: elo1, Alpha: alpha, Beta: beta, Model: model}, nil
}

// Bounds returns the LLR bounds: below lower H0 is accepted, above upper H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Verdict returns the test's state at the given LLR.
func (t SPRT) Verdict(llr float64) Verdict {
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// String names the test as the output prints it: "[0.00, 5.00] logistic".
func (t SPRT) String() string {
	return fmt.Sprintf("[%.2f, %.2f] %s, alpha %.2f, beta %.2f", t.Elo0, t.Elo1, t.Model, t.Alpha, t.Beta)
}

// zeroCount replaces an empty pentanomial cell so that the likelihoods stay
// finite (fastchess regularizes the same way).
const zeroCount = 1e-3

// LLR returns the log-likelihood ratio of H1 against H0 for the pair counts.
func (t SPRT) LLR(p Pentanomial) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	counts := make([]float64, len(p))
	total := 0.0
	for i, c := range p {
		counts[i] = max(float64(c), zeroCount)
		total += counts[i]
	}
	probs := make([]float64, len(p))
	for i := range counts {
		probs[i] = counts[i] / total
	}
	var p0, p1 []float64
	if t.Model == Normalized {
		p0 = mleNormalized(pairScores, probs, math.Sqrt2*t.Elo0/eloPerNormal)
		p1 = mleNormalized(pairScores, probs, math.Sqrt2*t.Elo1/eloPerNormal)
	} else {
		p0 = mleMean(pairScores, probs, EloToScore(t.Elo0))
		p1 = mleMean(pairScores, probs, EloToScore(t.Elo1))
	}
	llr := 0.0
	for i := range probs {
		llr += probs[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return total * llr
}
