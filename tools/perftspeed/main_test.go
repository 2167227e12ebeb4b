package main

import (
	"bufio"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMedianInterval(t *testing.T) {
	tests := []struct {
		xs          []float64
		lo, mid, hi float64
	}{
		// Below six samples no 95% order-statistic interval exists: the extremes.
		{[]float64{3, 1, 2}, 1, 2, 3},
		// n = 6: P(X <= 0) = 1/64 <= 0.025, so the interval is x(1)..x(6).
		{[]float64{6, 5, 4, 3, 2, 1}, 1, 3.5, 6},
		// n = 9: P(X <= 1) = 10/512 = 0.0195, so x(2)..x(8).
		{[]float64{9, 8, 7, 6, 5, 4, 3, 2, 1}, 2, 5, 8},
		// n = 12: P(X <= 2) = 79/4096 = 0.0193, so x(3)..x(10).
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 3, 6.5, 10},
	}
	for _, tt := range tests {
		lo, mid, hi := medianInterval(tt.xs)
		assert.Equal(t, [3]float64{tt.lo, tt.mid, tt.hi}, [3]float64{lo, mid, hi}, "medianInterval(%v)", tt.xs)
	}
}

func TestBinomialCDF(t *testing.T) {
	assert.InDelta(t, 1.0/64, binomialCDF(6, 0), 1e-12)
	assert.InDelta(t, 10.0/512, binomialCDF(9, 1), 1e-12)
	assert.InDelta(t, 1.0, binomialCDF(5, 5), 1e-12)
}

func TestNodesSearched(t *testing.T) {
	out := "info string ok\na2a3: 380\nb2b3: 420\n\nNodes searched: 8902\n\n"
	n, err := nodesSearched(bufio.NewScanner(strings.NewReader(out)))
	require.NoError(t, err)
	assert.Equal(t, uint64(8902), n)
	_, err = nodesSearched(bufio.NewScanner(strings.NewReader("bestmove e2e4\n")))
	assert.Error(t, err)
}
