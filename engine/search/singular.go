//book:stage main

package search

import "cb2026/engine/board"

// The margins and limits of singular extensions, in centipawns and plies.
const (
	singularMinDepth      = 6  // singular extensions: from this depth
	singularEntrySlack    = 3  // … when the table's entry is at most this much shallower
	singularMargin        = 2  // … and no other move reaches its score minus this per ply
	singularMaxPlyFactor  = 2  // … on lines up to this many times the iteration's depth
	doubleExtensionMargin = 20 // double extension: the others fall this much further short
	maxDoubleExtensions   = 6  // … at most this many times on one line
)

// trySingular asks, before the node's moves are searched, whether the hash
// move is singular: much better than every other move, so that the line
// hangs on it. It searches the others without it, shallower, with a null
// window just below the table's score, and sets n.extension to 1 or 2 plies
// when they all fail low. It returns the score and true when the node can be
// cut off instead (multi-cut).
func (s *Searcher) trySingular(n *node) (int, bool) {
	if !s.canBeSingular(n) {
		return 0, false
	}
	singularBeta := fromTT(int(n.entry.score), n.ply) - singularMargin*n.depth
	score := s.searchExcluding(n, singularBeta, (n.depth-1)/2)
	if s.stopped {
		return 0, true
	}
	// Double extension: every other move falls far short, so the hash move
	// alone decides the node; a cap per line keeps the tree finite.
	if score < singularBeta-doubleExtensionMargin &&
		!n.pvNode &&
		s.frames[n.ply].doubleExtensions < maxDoubleExtensions {
		n.extension = 2
		return 0, false
	}
	// Singular extension: no other move holds the score, so the node's value
	// is the hash move's, worth a ply more of certainty.
	if score < singularBeta {
		n.extension = 1
		return 0, false
	}
	// Multi-cut: without the hash move another move still beats a bound at
	// or above beta, so two moves refute the opponent's last one; the node
	// is expected to fail high.
	if singularBeta >= n.beta {
		return singularBeta, true
	}
	return 0, false
}

// canBeSingular reports whether the singular test is worth its search at n:
// deep enough, not the root nor a singular search itself, with a hash move
// whose table entry is a lower bound or exact, from a search nearly as
// deep, and not a mate score (a margin below a mate means nothing).
func (s *Searcher) canBeSingular(n *node) bool {
	return s.t.SingularExtensions &&
		n.ply > 0 &&
		n.excluded == board.NoMove &&
		n.depth >= singularMinDepth &&
		n.ply < singularMaxPlyFactor*s.rootDepth &&
		n.hashMove != board.NoMove &&
		n.entry.move == n.hashMove &&
		(n.entry.bound == boundLower || n.entry.bound == boundExact) &&
		int(n.entry.depth) >= n.depth-singularEntrySlack &&
		!isMate(fromTT(int(n.entry.score), n.ply)) &&
		s.pos.IsLegal(n.hashMove)
}

// singularSearch reports whether n is the node of a singular search, which
// leaves one move out: it neither reads nor writes the table, prunes
// nothing by its static eval or a null move, and fails low when the move
// left out was its only one.
func (s *Searcher) singularSearch(n *node) bool {
	return n.excluded != board.NoMove && s.t.SingularExtensions
}

// carryDoubleExtensions starts the count of the double extensions on the
// line below ply with the count down to ply.
func (s *Searcher) carryDoubleExtensions(ply int) {
	s.frames[ply+1].doubleExtensions = s.frames[ply].doubleExtensions
}

// searchExcluding searches the node again to depth without its hash move,
// with the null window (beta−1, beta), and returns the score. The search
// neither reads nor writes the node's table entry, and leaves no PV.
func (s *Searcher) searchExcluding(n *node, beta, depth int) int {
	s.frames[n.ply].excluded = n.hashMove
	score := s.search(beta-1, beta, depth, n.ply)
	s.frames[n.ply].excluded = board.NoMove
	s.pvLen[n.ply] = 0
	return score
}

// extend returns how many plies deeper than normal move m, just made at
// node n, is searched: the singular extension of the hash move, or none.
// A double extension is counted on the line below.
func (s *Searcher) extend(n *node, m board.Move) int {
	if m != n.hashMove {
		return 0
	}
	if n.extension == 2 {
		s.frames[n.ply+1].doubleExtensions++
	}
	return n.extension
}
