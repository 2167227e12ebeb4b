//book:stage main

package search

import "cb2026/engine/eval"

// tempo is what the Tempo switch adds to the static evaluation for the side
// to move, in centipawns: the value of having the next move. A static
// evaluation counts the pieces as they stand, but the side to move moves
// first: it can take a piece that hangs, save one that is attacked or push
// a passed pawn, so a quiet position is worth a little more to it than to
// its opponent. Ethereal adds 20; Stockfish's classical evaluation added 28.
const tempo = 20

// evaluateMain returns the static evaluation as main's switches take it:
// from the evaluation cache when EvalCache is on, counted with the pawn
// hash when PawnHash is on (mainTerms), with the tempo bonus when Tempo is
// on.
func (s *Searcher) evaluateMain() int {
	var score int
	if s.t.EvalCache {
		score = s.cachedEvaluate()
	} else {
		score = eval.EvaluateTerms(s.pos, s.mainTerms())
	}
	if s.t.Tempo {
		score += tempo
	}
	return score
}

// mainTerms returns what the static evaluation counts as main's switches
// take it: chapter 19's terms and chapter 20's weights as the switches
// select them, and with PawnHash on the searcher's pawn hash, made on first
// use and kept from one search to the next, since a pawn structure's shape
// is the same whatever the terms and the weights.
func (s *Searcher) mainTerms() eval.Terms {
	t := s.t.evalTerms()
	if s.t.PawnHash {
		if s.pawns == nil {
			s.pawns = eval.NewPawnHash()
		}
		t.Pawns = s.pawns
	}
	return t
}
