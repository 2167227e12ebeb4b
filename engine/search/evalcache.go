package search

import (
	"cb2026/engine/board"
	"cb2026/engine/eval"
)

// evalCacheBits sets the evaluation cache's size: 2^16 entries of 16 bytes,
// 1 MB.
const evalCacheBits = 16

// An evalEntry is one slot of the evaluation cache.
type evalEntry struct {
	key   uint64 // the position's full Zobrist key
	score int32  // its static evaluation, side to move's view
	used  bool   // the slot holds a score
}

// evalCache remembers the static evaluations of recent positions by their
// Zobrist key, one per slot, the newest kept. The search meets the same
// position many times: every iteration of iterative deepening, every
// re-search of PVS, LMR and aspiration windows, and every transposition
// walks the same leaves again, and about a third of the evaluations at main
// are repeats. A cached score is the score the evaluation would return, so
// the cache changes the speed of the search and never its tree. That holds
// while the evaluation reads nothing but what the key encodes (placement,
// side to move, castling rights, en passant): TestEvalCacheIsExact checks it.
type evalCache struct {
	entries []evalEntry
	terms   eval.Terms // the terms the scores were computed with
}

// newEvalCache returns an empty cache.
func newEvalCache() evalCache {
	return evalCache{entries: make([]evalEntry, 1<<evalCacheBits)}
}

// setTerms makes t the terms of the scores to come, emptying the cache if
// the scores it holds were computed with others.
func (ec *evalCache) setTerms(t eval.Terms) {
	if t != ec.terms {
		clear(ec.entries)
		ec.terms = t
	}
}

// evaluate returns the static evaluation of p with the cache's terms, from
// the cache when p's key is there.
func (ec *evalCache) evaluate(p *board.Position) int {
	key := p.Key()
	e := &ec.entries[key&(1<<evalCacheBits-1)]
	if e.used && e.key == key {
		return int(e.score)
	}
	score := eval.EvaluateTerms(p, ec.terms)
	*e = evalEntry{key: key, score: int32(score), used: true}
	return score
}
