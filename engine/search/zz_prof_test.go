package search

import (
	"io"
	"testing"
)

func BenchmarkZZBench(b *testing.B) {
	for range b.N {
		Bench(io.Discard, DefaultTechniques(21), 10)
	}
}
