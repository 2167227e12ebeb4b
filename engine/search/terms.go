//book:stage 19

package search

import "cb2026/engine/eval"

// withTerms reports whether t switches on anything the evaluation adds to
// stage 4's material and piece-square values.
func (t Techniques) withTerms() bool {
	return t.PawnStructure || t.Mobility || t.KingSafety || t.Pieces || t.TunedWeights
}

// evalTerms returns what t switches on in the evaluation, for
// eval.EvaluateTerms.
func (t Techniques) evalTerms() eval.Terms {
	terms := eval.Terms{
		PawnStructure: t.PawnStructure,
		Mobility:      t.Mobility,
		KingSafety:    t.KingSafety,
		Pieces:        t.Pieces,
	}
	if t.TunedWeights {
		terms.Tuned = true
	}
	return terms
}
