//book:stage main

package search

import (
	"unsafe"

	"cb2026/engine/eval"
)

// evalCacheBits sets the size of the evaluation cache: 2^16 entries of 16
// bytes, one mebibyte.
const evalCacheBits = 16

// An evalCache remembers the static evaluations of recent positions by their
// Zobrist keys, so that a position the search meets again (a transposition
// the table did not cut, a re-search, the quiescence search's stand pat after
// the main search's pruning evaluation) is not evaluated twice. The
// evaluation depends on the position alone, so a hit returns exactly what
// evaluating would, and the search is the same node for node, only faster.
// Many engines keep such a cache (Ethereal's evaluation cache, for one); a
// pawn hash is its narrower cousin.
type evalCache struct {
	entries []evalEntry
	terms   eval.Terms // the terms and weights the stored scores were computed with
}

// An evalEntry is one cached evaluation.
type evalEntry struct {
	key   uint64 // the position's full Zobrist key
	score int32  // the static evaluation, side to move's view
	used  bool
}

// prepare readies the cache for a search with the given terms: it is made on
// first use, and emptied when the terms change (a switch turned between
// searches), since its scores were computed with the old ones.
func (c *evalCache) prepare(terms eval.Terms) {
	if c.entries == nil {
		c.entries = make([]evalEntry, 1<<evalCacheBits)
	} else if terms != c.terms {
		clear(c.entries)
	}
	c.terms = terms
}

// probe returns the cached evaluation of the position with the given key.
func (c *evalCache) probe(key uint64) (int, bool) {
	e := &c.entries[key&(1<<evalCacheBits-1)]
	if !e.used || e.key != key {
		return 0, false
	}
	return int(e.score), true
}

// prefetch starts loading the entry of key (see Searcher.prefetch).
func (c *evalCache) prefetch(key uint64) {
	prefetch(unsafe.Pointer(&c.entries[key&(1<<evalCacheBits-1)]))
}

// store caches an evaluation, replacing whatever shared its slot.
func (c *evalCache) store(key uint64, score int) {
	c.entries[key&(1<<evalCacheBits-1)] = evalEntry{key: key, score: int32(score), used: true}
}

// cachedEvaluate returns the static evaluation of the current position from
// the cache, evaluating and storing it on a miss.
func (s *Searcher) cachedEvaluate() int {
	key := s.pos.Key()
	if score, ok := s.evals.probe(key); ok {
		return score
	}
	score := eval.EvaluateTerms(s.pos, s.mainTerms())
	s.evals.store(key, score)
	return score
}
