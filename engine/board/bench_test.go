package board

import "testing"

// BenchmarkPerft measures Perft on the start position to depth 6 and on
// Kiwipete to depth 5, and reports nodes per second.
func BenchmarkPerft(b *testing.B) {
	benchmarks := []struct {
		name  string
		fen   string
		depth int
		nodes uint64
	}{
		{"startpos-6", StartFEN, 6, 119060324},
		{"kiwipete-5", cpwPositions[0].fen, 5, 193690690},
	}
	for _, bm := range benchmarks {
		b.Run(bm.name, func(b *testing.B) {
			p, err := ParseFEN(bm.fen)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if got := Perft(p, bm.depth); got != bm.nodes {
					b.Fatalf("Perft(%q, %d) = %d, want %d", bm.fen, bm.depth, got, bm.nodes)
				}
			}
			b.ReportMetric(float64(bm.nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
