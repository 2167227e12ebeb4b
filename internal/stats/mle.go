package stats

import "math"

// The maximum-likelihood distributions below follow Michel Van den Bergh,
// "Comments on Normalized Elo" (proposition 1.1 and section 4.1): among all
// distributions on the given scores with a constraint on their mean, the one
// most likely to have produced the observed frequencies p̂ is
// p_i = p̂_i / (1 + θ·φ_i), where φ_i is the constraint's term for score i and
// θ solves Σ p̂_i φ_i / (1 + θ φ_i) = 0.

// thetaTolerance stops the bisection for θ.
const thetaTolerance = 1e-10

// normalizedIterations and normalizedTolerance bound the fixed-point iteration
// of the normalized-Elo distribution.
const (
	normalizedIterations = 10
	normalizedTolerance  = 1e-4
)

// solveTheta finds θ with Σ p̂_i φ_i / (1 + θ φ_i) = 0 by bisection. The sum
// falls from +∞ to −∞ on the interval where every 1 + θ φ_i is positive,
// between −1/max φ and −1/min φ.
func solveTheta(phi, probs []float64) float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, f := range phi {
		if f > 0 {
			lo = max(lo, -1/f)
		} else if f < 0 {
			hi = min(hi, -1/f)
		}
	}
	sum := func(theta float64) float64 {
		s := 0.0
		for i, f := range phi {
			s += probs[i] * f / (1 + theta*f)
		}
		return s
	}
	for hi-lo > thetaTolerance {
		mid := (lo + hi) / 2
		if sum(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// reweight returns p̂_i / (1 + θ φ_i).
func reweight(phi, probs []float64, theta float64) []float64 {
	p := make([]float64, len(probs))
	for i := range probs {
		p[i] = probs[i] / (1 + theta*phi[i])
	}
	return p
}

// mleMean returns the most likely distribution on scores whose mean is s.
func mleMean(scores, probs []float64, s float64) []float64 {
	phi := make([]float64, len(scores))
	for i, a := range scores {
		phi[i] = a - s
	}
	return reweight(phi, probs, solveTheta(phi, probs))
}

// mleNormalized returns the most likely distribution on scores whose
// normalized score (μ − ½)/σ is t, by the fixed-point iteration of section
// 4.1 started from the uniform distribution.
func mleNormalized(scores, probs []float64, t float64) []float64 {
	p := make([]float64, len(scores))
	for i := range p {
		p[i] = 1 / float64(len(p))
	}
	phi := make([]float64, len(scores))
	for range normalizedIterations {
		mu, variance := meanVariance(scores, p)
		sigma := math.Sqrt(variance)
		for i, a := range scores {
			z := (a - mu) / sigma
			phi[i] = a - 0.5 - 0.5*t*sigma*(1+z*z)
		}
		next := reweight(phi, probs, solveTheta(phi, probs))
		diff := 0.0
		for i := range p {
			diff = max(diff, math.Abs(next[i]-p[i]))
		}
		p = next
		if diff < normalizedTolerance {
			break
		}
	}
	return p
}
