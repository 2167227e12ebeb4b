package search

// Aspiration windows: the first window's half-width, and from which depth
// the windows are used (the scores of shallow iterations swing too much).
const (
	aspirationDelta    = 25
	aspirationMinDepth = 5
)

// searchAspirated searches one iteration with an aspiration window around
// previous, the last iteration's score, widened on each failure: expect the
// score near the last one; a narrow window cuts off more, and a failure
// costs a re-search with a wider one.
func (s *Searcher) searchAspirated(depth, previous int) int {
	delta := aspirationDelta
	alpha, beta := previous-delta, previous+delta
	for {
		score := s.search(alpha, beta, depth, 0)
		s.stats.Windows = append(s.stats.Windows, Window{Depth: depth, Alpha: alpha, Beta: beta, Score: score})
		switch {
		case s.stopped:
			return score
		case score <= alpha:
			alpha = max(score-delta, -infinity)
		case score >= beta:
			beta = min(score+delta, infinity)
		default:
			return score
		}
		delta *= 2
	}
}
