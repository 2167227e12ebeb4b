//book:stage main

package search

import "cb2026/engine/board"

// The size and the rates of the correction history.
const (
	correctionBits      = 14  // 2^14 pawn-structure slots per side to move
	correctionGrain     = 256 // an entry holds centipawns × this, for fine steps
	correctionLimit     = 128 // a correction is at most this many centipawns either way
	correctionWeights   = 256 // an update moves an entry by weight/correctionWeights …
	correctionMaxWeight = 16  // … where the weight is depth + 1, at most this
)

// correctionHistory holds, for each side to move and pawn structure, how far
// the search's scores came out from the static evaluation: centipawns ×
// correctionGrain, indexed [side to move][pawnIndex] (32,768 entries, 128
// KB). The evaluation misjudges some pawn structures the same way in every
// position that has them, and what a search found at one position then
// corrects the next. The idea is Stockfish's correction history, also in
// Berserk and others (see the Chess Programming Wiki); the code is this
// project's own: each entry is a running weighted average of the errors.
type correctionHistory [2][1 << correctionBits]int32

// pawnIndex returns the slot of p's pawn structure: the top bits of its
// pawn key.
func pawnIndex(p *board.Position) int {
	return int(p.PawnKey() >> (64 - correctionBits))
}

// get returns the correction, in centipawns, for side c and pawn slot i.
func (h *correctionHistory) get(c board.Color, i int) int {
	return int(h[c][i]) / correctionGrain
}

// forget empties the table, for a new game.
func (h *correctionHistory) forget() {
	*h = correctionHistory{}
}

// update moves the entry of side c and pawn slot i toward err centipawns
// (bounded by ±correctionLimit), the more the deeper the search that
// measured it: a weighted average, so an entry follows what the searches of
// that structure find, and an old error fades.
func (h *correctionHistory) update(c board.Color, i, err, depth int) {
	target := max(-correctionLimit, min(correctionLimit, err)) * correctionGrain
	w := min(depth+1, correctionMaxWeight)
	e := &h[c][i]
	*e = int32((int(*e)*(correctionWeights-w) + target*w) / correctionWeights)
}

// correctEval applies the correction history to the node's static
// evaluation, keeping the uncorrected one in n.rawEval for learning.
func (s *Searcher) correctEval(n *node) {
	n.rawEval = n.eval
	n.eval += s.correction.get(s.pos.SideToMove(), pawnIndex(s.pos))
}

// learnCorrection teaches the correction history the error of the node's
// static evaluation once its moves are searched, where the result says
// something reliable about it: not in check (no static eval), not a singular
// search, no capture or queen promotion as the best move (its gain is no
// error of the eval; after a fail low no move is best), not a mate, and a
// bound on the right side: a fail high says only that the score is at least
// best, so it teaches only when best is above the eval; a fail low, only
// when best is below it.
func (s *Searcher) learnCorrection(n *node, best int) {
	if n.inCheck ||
		n.excluded != board.NoMove ||
		isMate(best) ||
		best > n.startAlpha && isNoisy(s.pos, n.bestMove) ||
		best >= n.beta && best <= n.eval ||
		best <= n.startAlpha && best >= n.eval {
		return
	}
	s.correction.update(s.pos.SideToMove(), pawnIndex(s.pos), best-n.rawEval, n.depth)
}
