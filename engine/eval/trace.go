package eval

import "cb2026/engine/board"

// A Trace is one evaluation taken apart: the phase, and for every parameter
// its coefficient, the number of times the weight counts for White minus the
// number of times it counts for Black. Before tapering the evaluation is
// linear in its weights: its middlegame score (White's point of view) is the
// sum over the parameters of Coef[i] × weight i's middlegame value, and the
// same for the endgame. So the console's breakdown (Explain) can tell
// each term's share, and any set of weights can be scored without
// evaluating the position again.
type Trace struct {
	Phase int // 0 (endgame) .. 24 (middlegame); more after promotions
	Coef  [NumParams]int
	// the share of the tapered score that counts, of 64 (draws.go)
	scale int
}

// trace returns the trace of Evaluate(p): the coefficients of material and
// piece-square values. The weights it is taken with do not matter (the
// coefficients do not depend on them).
func trace(p *board.Position) *Trace {
	tr := &Trace{Phase: gamePhase(p)}
	e := evaluation{w: &hand.w, trace: tr}
	for c := board.White; c <= board.Black; c++ {
		for pt := board.Pawn; pt <= board.King; pt++ {
			for pieces := p.Pieces(c, pt); pieces != 0; {
				sq := pieces.PopLSB()
				if pt != board.King {
					e.add(c, valueParam(pt), 1)
				}
				e.add(c, squareParam(c, pt, sq), 1)
			}
		}
	}
	return tr
}
