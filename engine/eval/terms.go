//book:stage 19

package eval

import "cb2026/engine/board"

// Terms selects what EvaluateTerms adds to Evaluate's material and
// piece-square values. The zero value selects nothing, and EvaluateTerms
// then returns what Evaluate does; the search turns each on with its
// switch.
type Terms struct {
	// PawnStructure: passed, isolated and doubled pawns (pawns.go).
	PawnStructure bool
	// Mobility: safe squares per piece type (mobility.go).
	Mobility bool
	// KingSafety: attackers on the king zone, pawn shield (king.go).
	KingSafety bool
	// Pieces: bishop pair, rook files, outposts (pieces.go), threats
	// (threats.go), and the discount of material that cannot win (draws.go).
	Pieces bool
	// Tuned selects the weights found by tools/tune instead of the hand-set
	// ones.
	Tuned bool //book:stage 20
	// Pawns, when not nil, keeps the shapes of the pawn structures the
	// evaluations meet, for the evaluations after them (pawnhash.go).
	Pawns *PawnHash //book:stage main
}

// AllTerms returns Terms with every term on, with the hand-set weights.
func AllTerms() Terms {
	return Terms{
		PawnStructure: true,
		Mobility:      true,
		KingSafety:    true,
		Pieces:        true,
	}
}

// EvaluateTerms returns the static score of p in centipawns from the side to
// move's point of view, as Evaluate does, with the terms t switches on added,
// from the weight set t selects. Each term costs a pass over the pieces it
// looks at.
func EvaluateTerms(p *board.Position, t Terms) int {
	ws := t.set()
	s, phase := material(p, ws)
	if t.PawnStructure || t.Mobility || t.KingSafety || t.Pieces {
		s = withTerms(p, t, &ws.w, s)
	}
	white := taper(s[mg], s[eg], phase)
	if t.Pieces {
		white = scaled(white, t.scale(p))
	}
	return fromSideToMove(p, white)
}

// withTerms returns s with the terms t selects added, by the
// weights w: s itself when t selects none.
func withTerms(p *board.Position, t Terms, w *Weights, s score) score {
	e := evaluation{w: w, s: s, t: t}
	e.terms(p, t)
	return e.s
}

// terms adds the terms t selects; none when t selects none.
func (e *evaluation) terms(p *board.Position, t Terms) {
	if t.PawnStructure {
		e.both(p, pawnStructure)
	}
	if t.Mobility {
		e.both(p, mobility)
	}
	if t.KingSafety {
		e.both(p, kingSafety)
	}
	if t.Pieces {
		e.both(p, pieces)
	}
}

// set returns the weight set t selects.
func (t Terms) set() *weightSet {
	if ws, ok := t.tunedSet(); ok {
		return ws
	}
	return hand
}

// TraceTerms returns the trace of EvaluateTerms(p, t): the coefficients of
// material, piece-square values and the terms t selects. The weight set is
// irrelevant (the coefficients do not depend on it).
func TraceTerms(p *board.Position, t Terms) *Trace {
	tr := trace(p)
	e := evaluation{w: &hand.w, trace: tr}
	e.terms(p, t)
	tr.scale = t.scale(p)
	return tr
}

// ExplainTerms returns the terms EvaluateTerms(p, t) adds up, built from the
// trace as Explain's are.
func ExplainTerms(p *board.Position, t Terms) Breakdown {
	tr := TraceTerms(p, t)
	b := breakdown(tr, &t.set().w)
	b.Terms, b.scale = t, tr.scale
	if t.Pieces {
		b.White = scaled(b.White, b.scale)
		b.drawish = b.scale != scaleNormal
	}
	b.Score = EvaluateTerms(p, t)
	return b
}
