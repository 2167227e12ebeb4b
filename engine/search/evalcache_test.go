package search

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"cb2026/engine/eval"
)

// The cache returns what the evaluation returns, for every set of terms, on
// a miss and on a hit; and the evaluation reads nothing the key leaves out
// (the move counters), which the cache relies on.
func TestEvalCacheIsExact(t *testing.T) {
	for _, tc := range []struct {
		name  string
		terms eval.Terms
	}{
		{"stage 4", eval.Terms{}},
		{"stage 19", eval.AllTerms()},
		{"tuned", eval.Terms{PawnStructure: true, Mobility: true, KingSafety: true, Pieces: true, Tuned: true}},
		{"pawns only", eval.Terms{PawnStructure: true}},
	} {
		ec := newEvalCache()
		ec.setTerms(tc.terms)
		for _, p := range randomPositions(t, 60) {
			want := eval.EvaluateTerms(p, tc.terms)
			assert.Equal(t, want, ec.evaluate(p), "%s: miss in %s", tc.name, p.FEN())
			assert.Equal(t, want, ec.evaluate(p), "%s: hit in %s", tc.name, p.FEN())
			f := strings.Fields(p.FEN())
			f[4], f[5] = "99", "120"
			q := mustFEN(t, strings.Join(f, " "))
			assert.Equal(t, want, eval.EvaluateTerms(q, tc.terms), "%s: the move counters change the evaluation of %s", tc.name, p.FEN())
		}
	}
}

// Changing the terms empties the cache: a position is scored again with the
// new terms.
func TestEvalCacheTermsChange(t *testing.T) {
	p := mustFEN(t, benchPositions[1].FEN)
	ec := newEvalCache()
	for _, terms := range []eval.Terms{{}, eval.AllTerms(), {}, {Mobility: true}} {
		ec.setTerms(terms)
		assert.Equal(t, eval.EvaluateTerms(p, terms), ec.evaluate(p), "%+v", terms)
	}
	assert.NotEqual(t, eval.EvaluateTerms(p, eval.Terms{}), eval.EvaluateTerms(p, eval.AllTerms()),
		"the test needs terms that score the position differently")
}
