package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMedian(t *testing.T) {
	assert.Equal(t, 2.0, Median([]float64{3, 1, 2}))
	assert.Equal(t, 2.5, Median([]float64{4, 1, 3, 2}))
	assert.True(t, math.IsNaN(Median(nil)))
}

func TestBinomialHalfCDF(t *testing.T) {
	assert.InDelta(t, 1.0/64, BinomialHalfCDF(6, 0), 1e-12)
	assert.InDelta(t, 7.0/64, BinomialHalfCDF(6, 1), 1e-12)
	assert.InDelta(t, 1.0, BinomialHalfCDF(6, 6), 1e-12)
	assert.Equal(t, 0.0, BinomialHalfCDF(6, -1))
}

// The published table of order-statistic intervals for the median (e.g.
// Conover, Practical Nonparametric Statistics): for n = 10 the 95% interval
// runs from the 2nd to the 9th smallest (coverage 97.9%), for n = 20 from the
// 6th to the 15th (95.9%), for n = 6 from the 1st to the 6th (96.9%).
func TestMedianInterval(t *testing.T) {
	seq := func(n int) []float64 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = float64(n - i) // reversed, so sorting matters
		}
		return xs
	}
	tests := []struct {
		n      int
		lo, hi float64
	}{{6, 1, 6}, {10, 2, 9}, {20, 6, 15}, {3, 1, 3}}
	for _, tc := range tests {
		lo, _, hi := MedianInterval(seq(tc.n))
		assert.Equal(t, tc.lo, lo, "MedianInterval(1..%d) low", tc.n)
		assert.Equal(t, tc.hi, hi, "MedianInterval(1..%d) high", tc.n)
	}
}
