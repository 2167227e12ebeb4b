//book:stage main

package search

import "cb2026/engine/eval"

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
