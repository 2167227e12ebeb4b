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

// slot returns the entry a key maps to: the key's low evalCacheBits bits.
func (c *evalCache) slot(key uint64) *evalEntry {
	return &c.entries[key&(1<<evalCacheBits-1)]
}

// probe returns the cached evaluation of the position with the given key.
func (c *evalCache) probe(key uint64) (int, bool) {
	e := c.slot(key)
	if !e.used || e.key != key {
		return 0, false
	}
	return int(e.score), true
}

// store caches an evaluation, replacing whatever shared its slot.
func (c *evalCache) store(key uint64, score int) {
	*c.slot(key) = evalEntry{key: key, score: int32(score), used: true}
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

// prefetch starts loading, as soon as a move is made, what the new node
// reads first from memory: its entry in the evaluation cache and its slot
// in the transposition table. Both lie anywhere in megabytes, mostly
// outside the processor's caches, and a read from main memory takes a few
// hundred cycles; asked for here, they arrive while the node does its
// first steps.
func (s *Searcher) prefetch() {
	key := s.pos.Key()
	if s.t.EvalCache {
		prefetch(unsafe.Pointer(s.evals.slot(key)))
	}
	if s.t.TT {
		prefetch(unsafe.Pointer(s.tt.slot(key)))
	}
}
