//book:stage main

package search

import "testing"

// The pawn hash changes no node and no move, with the evaluation cache and
// without it: every bench position gives the same count and best move with
// the hash as without it.
func TestPawnHashChangesNothingButSpeed(t *testing.T) {
	for _, cache := range []bool{true, false} {
		tq := current()
		tq.EvalCache = cache
		assertBenchUnchanged(t, tq, func(tq *Techniques, on bool) { tq.PawnHash = on })
	}
}
