package eval

import "cb2026/engine/board"

// A Trace is one evaluation taken apart: the phase, and for every parameter
// its coefficient, the number of times the weight counts for White minus the
// number of times it counts for Black. Before tapering the evaluation is
// linear in its weights: its middlegame score (White's point of view) is the
// sum over the parameters of Coef[i] × weight i's middlegame value, and the
// same for the endgame. So the console's breakdown (ExplainTerms) can tell
// each term's share, and any set of weights can be scored without
// evaluating the position again.
type Trace struct {
	Phase int // 0 (endgame) .. 24 (middlegame); more after promotions
	Coef  [NumParams]int
	//book:stage 19
	scale int // the share of the tapered score that counts, of 64 (draws.go)
}

// TraceTerms returns the trace of EvaluateTerms(p, t): the coefficients of
// material, piece-square tables and the terms t selects. The weight
// set is irrelevant (the coefficients do not depend on it).
func TraceTerms(p *board.Position, t Terms) *Trace {
	tr := &Trace{}
	e := evaluation{w: &hand.w, trace: tr}
	for c := board.White; c <= board.Black; c++ {
		for pt := board.Pawn; pt <= board.King; pt++ {
			pieces := p.Pieces(c, pt)
			tr.Phase += phaseWeight[pt] * pieces.Count()
			for pieces != 0 {
				sq := pieces.PopLSB()
				if pt != board.King {
					e.add(c, valueParam(pt), 1)
				}
				e.add(c, squareParam(c, pt, sq), 1)
			}
		}
	}
	e.terms(p, t)
	tr.scale = t.scale(p)
	return tr
}

// Score returns the tapered score, White's point of view, that weights w
// give the traced position: what EvaluateTerms returns for White to move.
//
//book:stage 20
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
//
//book:stage 20
func (tr *Trace) MiddlegameShare() float64 {
	return float64(min(tr.Phase, maxPhase)) / maxPhase * tr.share()
}

// EndgameShare returns the endgame's share of the score, 0..1: one minus the
// phase's share, times the scale of drawish material.
//
//book:stage 20
func (tr *Trace) EndgameShare() float64 {
	return (1 - float64(min(tr.Phase, maxPhase))/maxPhase) * tr.share()
}

// share returns the scale as a fraction.
//
//book:stage 20
func (tr *Trace) share() float64 {
	return float64(tr.scale) / scaleNormal
}
