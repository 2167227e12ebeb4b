//book:stage 20

// Stage 20 finds the weights of stages 4 and 19 again by Texel's method
// (tools/tune, written to tuned.go): they are read when Terms.Tuned is set.
// The tuner scores a trace (Trace.Score) with any set of weights.
package eval

// Score returns the tapered score, White's point of view, that weights w
// give the traced position: what EvaluateTerms returns for White to move.
func (tr *Trace) Score(w *Weights) int {
	var s score
	for i, n := range tr.Coef {
		s[mg] += n * w[i][mg]
		s[eg] += n * w[i][eg]
	}
	return scaled(taper(s[mg], s[eg], tr.Phase), tr.scale)
}

// MiddlegameShare returns the middlegame's share of the score, 0..1: the
// phase, capped as taper caps it, over maxPhase, times the scale of drawish
// material (draws.go).
func (tr *Trace) MiddlegameShare() float64 {
	return float64(min(tr.Phase, maxPhase)) / maxPhase * tr.share()
}

// EndgameShare returns the endgame's share of the score, 0..1: one minus the
// phase's share, times the scale of drawish material.
func (tr *Trace) EndgameShare() float64 {
	return (1 - float64(min(tr.Phase, maxPhase))/maxPhase) * tr.share()
}

// share returns the scale as a fraction.
func (tr *Trace) share() float64 {
	return float64(tr.scale) / scaleNormal
}

// tunedSet returns the tuned weight set, and whether t selects it.
func (t Terms) tunedSet() (*weightSet, bool) {
	return tuned, t.Tuned
}
