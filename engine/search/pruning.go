package search

import (
	"math"
	"slices"

	"cb2026/engine/board"
)

// The margins and depth limits of the pruning and reduction rules, in
// centipawns and plies.
const (
	rfpMaxDepth      = 8   // reverse futility pruning: up to this depth
	rfpMargin        = 80  // … when the static eval beats beta by this per ply
	nullMinDepth     = 3   // null-move pruning: from this depth
	nullReduction    = 3   // … searching the null move this much shallower
	nullDepthDivisor = 4   // … and one more ply per this many plies of depth
	futilityMaxDepth = 6   // futility pruning: up to this depth
	futilityBase     = 100 // … when eval + base + perDepth × depth is below alpha
	futilityPerDepth = 80
	lmpMaxDepth      = 8 // late move pruning: up to this depth
	lmpBase          = 3 // … after base + depth² quiet moves
	lmrMinDepth      = 3 // late move reductions: from this depth
	lmrMinIndex      = 3 // … for the moves after this many
	lmrBase          = 0.75
	lmrDivisor       = 2.25
	lmrTableSize     = 64
)

// lmrTable holds the late move reduction for each depth and move index,
// 0.75 + ln(depth) × ln(index) / 2.25 plies: computed once by init and only
// read afterwards.
var lmrTable [lmrTableSize][lmrTableSize]int

// init fills lmrTable.
//
//book:stage 14
func init() {
	for d := 1; d < lmrTableSize; d++ {
		for i := 1; i < lmrTableSize; i++ {
			lmrTable[d][i] = int(lmrBase + math.Log(float64(d))*math.Log(float64(i))/lmrDivisor)
		}
	}
}

// LMRTable returns a copy of the late move reductions of lmrTable for
// depths 1 to depths and move indexes 1 to moves, row d−1 for depth d, for
// the console; both are capped at the table's size, 63.
//
//book:stage 14
func LMRTable(depths, moves int) [][]int {
	rows := make([][]int, min(depths, lmrTableSize-1))
	for d := range rows {
		rows[d] = slices.Clone(lmrTable[d+1][1 : min(moves, lmrTableSize-1)+1])
	}
	return rows
}

// needsEval reports whether a switch that is on reads the node's static
// evaluation.
func (s *Searcher) needsEval() bool {
	return s.t.ReverseFutility || s.t.NullMove || s.t.Futility || s.t.CorrectionHistory
}

// reverseFutilityMargin returns how far the static eval must beat beta for
// reverse futility pruning at node n: rfpMargin per ply of depth.
func (s *Searcher) reverseFutilityMargin(n *node) int {
	margin := rfpMargin * n.depth
	// The improving flag: a rising eval is trusted one ply sooner.
	if s.t.Improving && n.improving {
		margin -= rfpMargin
	}
	return margin
}

// tryReverseFutility returns the static eval when the node can be cut off
// without searching, and whether it can.
func (s *Searcher) tryReverseFutility(n *node) (int, bool) {
	// Reverse futility pruning: so far above beta near the horizon that no
	// reply of the opponent is expected to bring the score back below it.
	if s.t.ReverseFutility &&
		!n.pvNode &&
		!s.singularSearch(n) &&
		!n.inCheck &&
		n.depth <= rfpMaxDepth &&
		!isMate(n.beta) &&
		n.eval-s.reverseFutilityMargin(n) >= n.beta {
		return n.eval, true
	}
	return 0, false
}

// tryNullMove lets the opponent move twice in a row; if a shallower search
// still fails high, a real move would too, and the node is cut off. It
// returns the score and whether the node is cut off.
func (s *Searcher) tryNullMove(n *node) (int, bool) {
	// Null-move pruning, sound unless passing would be better than any move
	// (zugzwang): rare while the side to move has a piece besides pawns.
	if !s.t.NullMove ||
		n.pvNode ||
		s.singularSearch(n) ||
		n.inCheck ||
		n.ply == 0 ||
		n.depth < nullMinDepth ||
		n.eval < n.beta ||
		s.frames[n.ply-1].piece == board.NoPiece ||
		!s.hasPieces() {
		return 0, false
	}
	s.stats.NullTries++
	s.makeNullMove(n.ply)
	score := -s.search(-n.beta, -n.beta+1, n.depth-1-nullMoveReduction(n.depth), n.ply+1)
	s.unmakeNullMove()
	if s.stopped || score < n.beta {
		return 0, s.stopped
	}
	s.stats.NullCutoffs++
	if isMate(score) {
		score = n.beta // a mate found after passing is not a real mate
	}
	return score, true
}

// nullMoveReduction returns how many plies shallower than a real move's the
// null move is searched at a node of the given depth: three, and one more
// for every four plies of depth.
func nullMoveReduction(depth int) int {
	return nullReduction + depth/nullDepthDivisor
}

// hasPieces reports whether the side to move has a piece besides its king
// and pawns: the zugzwang guard of null-move pruning.
func (s *Searcher) hasPieces() bool {
	us := s.pos.SideToMove()
	pawnsAndKing := s.pos.Pieces(us, board.Pawn) | s.pos.Pieces(us, board.King)
	return s.pos.ByColor(us)&^pawnsAndKing != 0
}

// lateMoveCount returns how many quiet moves late move pruning lets node n
// search: lmpBase + depth².
func (s *Searcher) lateMoveCount(n *node) int {
	count := lmpBase + n.depth*n.depth
	// The improving flag: a node whose eval is falling keeps half as many.
	if s.t.Improving && !n.improving {
		count /= 2
	}
	return count
}

// mayPrune reports whether a node's quiet moves may be pruned at all: once
// a move has a score (best, the best so far) that is not a mate against the
// side to move, and never at a PV node or in check, where the node may
// matter.
func mayPrune(n *node, best int) bool {
	return best != -infinity && best > -mateBound && !n.pvNode && !n.inCheck
}

// pruneFutile reports whether quiet move m can be skipped by futility
// pruning: near the horizon, a quiet move will not lift a static eval this
// far below alpha, unless it gives check.
func (s *Searcher) pruneFutile(n *node, m board.Move, best int) bool {
	return s.t.Futility &&
		mayPrune(n, best) &&
		n.depth <= futilityMaxDepth &&
		n.eval+futilityBase+futilityPerDepth*n.depth <= n.alpha &&
		!s.pos.GivesCheck(m)
}

// pruneLate reports whether the next quiet move can be skipped by late move
// pruning: near the horizon, after the best-ordered quiet moves (quiets is
// how many have been searched), the late ones seldom cut off. When it
// prunes one it prunes them all, and tells the picker so.
func (s *Searcher) pruneLate(n *node, pk *picker, best, quiets int) bool {
	if s.t.LateMovePruning &&
		mayPrune(n, best) &&
		n.depth <= lmpMaxDepth &&
		quiets >= s.lateMoveCount(n) {
		pk.skipQuiets = true
		return true
	}
	return false
}

// reduction returns how many plies shallower than normal the move just made
// at node n is searched.
func (s *Searcher) reduction(n *node) int {
	// Late move reductions: in a well-ordered list, a late quiet move is
	// unlikely to be best, so it is searched shallower, and again at full
	// depth only if it beats alpha.
	index := s.searched(n)
	if !s.t.LMR ||
		n.depth < lmrMinDepth ||
		index < lmrMinIndex ||
		!n.quietMove ||
		n.inCheck ||
		s.pos.InCheck() {
		return 0
	}
	r := lmrTable[min(n.depth, lmrTableSize-1)][min(index, lmrTableSize-1)]
	if n.pvNode {
		r--
	}
	return max(0, min(r, n.depth-2))
}

// searchReduced searches the position after a late move to depth, fewer
// plies than its due, with the window searchChild gives the move first: a
// null window under PVS, the node's own window for the first move or
// without PVS.
func (s *Searcher) searchReduced(n *node, depth int) int {
	alpha, beta := n.alpha, n.beta
	if s.t.PVS && s.searched(n) > 0 {
		beta = alpha + 1
	}
	return -s.search(-beta, -alpha, depth, n.ply+1)
}
