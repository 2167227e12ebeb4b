package stats

import (
	"math"
	"slices"
)

// confidence95 is the coverage asked of a median interval.
const confidence95 = 0.95

// Median returns the middle value of xs (the mean of the two middle values
// for an even count), or NaN for none.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// MedianInterval returns the median of xs and a distribution-free 95%
// confidence interval for the true median: the k-th smallest and k-th
// largest samples, for the largest k such that a Binomial(n, ½) count falls
// below k with probability at most 2.5%. It needs no assumption about the
// samples' distribution, only that they are independent. With fewer than 6
// samples no such k exists and the extremes are returned.
func MedianInterval(xs []float64) (lo, median, hi float64) {
	if len(xs) == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	k := 0 // samples cut from each end; the interval's coverage is 1 − 2·P(X ≤ k)
	for k+1 < (n+1)/2 && BinomialHalfCDF(n, k+1) <= (1-confidence95)/2 {
		k++
	}
	return s[k], Median(s), s[n-1-k]
}

// BinomialHalfCDF returns P(X ≤ j) for X ~ Binomial(n, ½).
func BinomialHalfCDF(n, j int) float64 {
	if j < 0 {
		return 0
	}
	sum, term := 0.0, math.Pow(0.5, float64(n)) // term = C(n, i) / 2^n
	for i := 0; i <= j && i <= n; i++ {
		sum += term
		term = term * float64(n-i) / float64(i+1)
	}
	return sum
}
