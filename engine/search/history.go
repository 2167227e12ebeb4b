//book:stage 11

package search

import (
	"math"

	"cb2026/engine/board"
)

// maxHistory bounds every history score: the gravity update keeps each one in
// [-maxHistory, maxHistory], so scores of different tables can be added and
// compared with capture values without overflow.
const maxHistory = 16384

// gravity is the one update rule of every history table: it moves a score by
// bonus, less the more the score already leans that way, so that a score
// approaches ±maxHistory but never passes it, and a move that stops working
// loses its old credit quickly. With v the score and b the bonus (|b| ≤ max):
//
//	v += b - v·|b|/max
func gravity(v *int16, bonus int) {
	bonus = max(-maxHistory, min(maxHistory, bonus))
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*v += int16(bonus - int(*v)*abs/maxHistory)
}

// historyBonus is the reward of a move that caused a cutoff at depth, and the
// penalty of the moves tried before it: depth², so deep cutoffs, which are rare
// and save more, count more.
func historyBonus(depth int) int {
	return min(depth*depth, maxHistory)
}

// GravityRun returns a history score after each of updates updates by
// gravity, from 0: a share rate of them bonuses of bonus, the others
// penalties of the same size, spread evenly. It is for the console, which
// shows where a move's score settles for the share of its tries that cut
// off.
func GravityRun(bonus, updates int, rate float64) []int {
	scores := make([]int, updates)
	var v int16
	for i := range scores {
		b := -bonus
		if math.Floor(float64(i+1)*rate) > math.Floor(float64(i)*rate) {
			b = bonus
		}
		gravity(&v, b)
		scores[i] = int(v)
	}
	return scores
}

// quietHistory scores quiet moves by how often they caused cutoffs, indexed
// [side to move][from][to] (the "butterfly" table: 8,192 scores, 16 KB).
type quietHistory [2][64][64]int16

// get returns the score of move m for the side to move c.
func (h *quietHistory) get(c board.Color, m board.Move) int {
	return int(h[c][m.From()][m.To()])
}

// update adds bonus (negative: a penalty) to move m of side c.
func (h *quietHistory) update(c board.Color, m board.Move, bonus int) {
	gravity(&h[c][m.From()][m.To()], bonus)
}

// continuationHistory scores a quiet move by the move played before it,
// indexed [previous piece][previous destination][piece][destination], pieces
// by board.Piece.Index (0..11): 589,824 scores, 1.1 MB. The search keeps one
// for the previous ply (counter-move history) and one for two plies back
// (follow-up history). live marks the rows [previous piece][previous
// destination][piece] that may hold a nonzero score, so that halving skips
// the rest: a node-limited search of a thousand nodes teaches a few hundred
// rows of the 9,216, and halving them all took half its time.
type continuationHistory struct {
	scores [12][64][12][64]int16
	live   [12][64][12]bool
}

// get returns the score of piece pc moving to `to` after prev moved to prevTo.
func (h *continuationHistory) get(prev board.Piece, prevTo board.Square, pc board.Piece, to board.Square) int {
	return int(h.scores[prev.Index()][prevTo][pc.Index()][to])
}

// update adds bonus to piece pc moving to `to` after prev moved to prevTo.
func (h *continuationHistory) update(prev board.Piece, prevTo board.Square, pc board.Piece, to board.Square, bonus int) {
	h.live[prev.Index()][prevTo][pc.Index()] = true
	gravity(&h.scores[prev.Index()][prevTo][pc.Index()][to], bonus)
}

// captureHistory scores captures and queen promotions, indexed [moving piece
// (0..11)][destination][victim]: the victim is the captured piece type minus
// one (pawn 0 … queen 4; an en-passant victim is a pawn), or 5 for a queen
// promotion that captures nothing. 4,608 scores, 9 KB.
type captureHistory [12][64][6]int16

// victimIndex returns the victim index of a capture or queen promotion.
func victimIndex(p *board.Position, m board.Move) int {
	victim := p.Captured(m)
	if victim == board.NoPieceType {
		return 5
	}
	return int(victim - board.Pawn)
}

// get returns the score of the capture or queen promotion m in p.
func (h *captureHistory) get(p *board.Position, m board.Move) int {
	return int(h[p.Moving(m).Index()][m.To()][victimIndex(p, m)])
}

// update adds bonus to the capture or queen promotion m in p.
func (h *captureHistory) update(p *board.Position, m board.Move, bonus int) {
	gravity(&h[p.Moving(m).Index()][m.To()][victimIndex(p, m)], bonus)
}

// halve divides every score by two. The search calls it between searches, so
// that what earlier moves of the game taught still counts, but less.
func (h *quietHistory) halve() {
	for c := range h {
		for from := range h[c] {
			halveRow(h[c][from][:])
		}
	}
}

// halve divides every score by two, between searches. A row that is all
// zero stays so and is skipped; a row halved to zero is no longer live.
func (h *continuationHistory) halve() {
	for prev := range h.live {
		for prevTo := range h.live[prev] {
			for pc, live := range h.live[prev][prevTo] {
				if live {
					h.live[prev][prevTo][pc] = halveRow(h.scores[prev][prevTo][pc][:])
				}
			}
		}
	}
}

// halve divides every score by two, between searches.
func (h *captureHistory) halve() {
	for pc := range h {
		for to := range h[pc] {
			halveRow(h[pc][to][:])
		}
	}
}

// halveRow divides each score of a row by two and reports whether any
// score is still nonzero.
func halveRow(scores []int16) bool {
	var any int16
	for i := range scores {
		scores[i] /= 2
		any |= scores[i]
	}
	return any != 0
}

// forgetHistories zeroes every history table.
func (s *Searcher) forgetHistories() {
	s.learned = false
	s.quiet = quietHistory{}
	s.capture = captureHistory{}
	s.counter = continuationHistory{}
	s.followUp = continuationHistory{}
}

// ageHistories halves the histories in use between searches, so that what
// earlier moves of the game taught counts, but less. Right after NewGame
// they are all zero and stay so: halving megabytes of zeros is skipped.
func (s *Searcher) ageHistories() {
	if !s.learned {
		return
	}
	if s.t.History {
		s.quiet.halve()
	}
	if s.t.CaptureHistory != CaptureHistoryOff {
		s.capture.halve()
	}
	if s.t.ContinuationHistory {
		s.counter.halve()
		s.followUp.halve()
	}
}
