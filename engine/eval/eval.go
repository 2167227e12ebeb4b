package eval

import (
	"fmt"
	"io"

	"cb2026/engine/board"
)

// phaseWeight is how much each piece type counts toward the game phase: a full
// set of pieces (4 knights and bishops, 4 rooks, 2 queens) makes maxPhase, the
// middlegame; bare kings and pawns make 0, the endgame.
var phaseWeight = [board.NumPieceTypes]int{0, 0, 1, 1, 2, 4, 0}

// maxPhase is the phase of the starting position.
const maxPhase = 24

// Evaluate returns the static score of p in centipawns from the side to
// move's point of view: material and piece-square values, tapered by the
// game phase. The first evaluation of p makes it keep the sum of those
// values (material), for the evaluations after the moves made from it.
func Evaluate(p *board.Position) int {
	s, phase := material(p, hand)
	return fromSideToMove(p, taper(s[mg], s[eg], phase))
}

// fromSideToMove returns a score from White's point of view as the side to
// move sees it.
func fromSideToMove(p *board.Position, white int) int {
	if p.SideToMove() == board.Black {
		return -white
	}
	return white
}

// material returns stage 4's evaluation, material plus piece-square values
// (White's point of view) from the table of ws, and the game phase. The sum
// is the position's: the first evaluation of a position makes it keep the
// sum of ws's table (KeepValues), and the moves made from it update the
// sum, so that the evaluations after them read it instead of adding up
// every piece again.
func material(p *board.Position, ws *weightSet) (score, int) {
	s, ok := p.ValueSum(&ws.squares)
	if !ok {
		s = p.KeepValues(&ws.squares)
	}
	return s, gamePhase(p)
}

// gamePhase returns the phase of p: the phase weights of its pieces.
func gamePhase(p *board.Position) int {
	phase := 0
	for t := board.Knight; t <= board.Queen; t++ {
		phase += phaseWeight[t] * p.ByType(t).Count()
	}
	return phase
}

// taper blends a middlegame and an endgame score by the phase (0..maxPhase;
// more than maxPhase, after promotions, counts as maxPhase).
func taper(middlegame, endgame, phase int) int {
	phase = min(phase, maxPhase)
	return (middlegame*phase + endgame*(maxPhase-phase)) / maxPhase
}

// A Breakdown is the evaluation split into its terms, for the console's eval
// command. Scores are from White's point of view, per phase (middlegame,
// endgame); a term that is off is zero.
type Breakdown struct {
	// the terms that count
	Terms         Terms  //book:stage 19
	Phase         int    // 0 (endgame) .. 24 (middlegame)
	Material      [2]int // White minus Black, middlegame and endgame
	Squares       [2]int // piece-square bonuses, White minus Black
	PawnStructure [2]int // passed, isolated and doubled pawns
	Mobility      [2]int // safe squares of knights, bishops, rooks, queens
	KingSafety    [2]int // king-zone attacks and pawn shield
	Pieces        [2]int // bishop pair, rook files, outposts and threats
	White         int    // the tapered total from White's point of view
	Score         int    // the tapered total from the side to move's point of view
	scale         int    // the share of the total that counts, of scaleNormal (draws.go)
	// the total counts only scale/scaleNormal of itself (draws.go)
	drawish bool //book:stage 19
}

// Explain returns the terms Evaluate adds up for p. It is built from the
// trace, not from a second evaluation: each traced coefficient times its
// weight goes to the term its parameter belongs to.
func Explain(p *board.Position) Breakdown {
	b := breakdown(trace(p), &hand.w)
	b.Score = Evaluate(p)
	return b
}

// breakdown returns the terms of a traced evaluation with the weights w, and
// their tapered total.
func breakdown(tr *Trace, w *Weights) Breakdown {
	b := Breakdown{Phase: tr.Phase}
	for i, n := range tr.Coef {
		if n == 0 {
			continue
		}
		term := b.term(Param(i))
		term[mg] += n * w[i][mg]
		term[eg] += n * w[i][eg]
	}
	b.White = taper(b.total(mg), b.total(eg), b.Phase)
	return b
}

// term returns the field of b that parameter i's weight adds to: the line
// of i's group.
func (b *Breakdown) term(i Param) *[2]int {
	for _, g := range groups {
		if i >= g.First && i < g.First+Param(g.Len) {
			return b.field(g.line)
		}
	}
	panic(fmt.Sprintf("eval: parameter %d is in no group", i))
}

// field returns the field of b that holds line l.
func (b *Breakdown) field(l line) *[2]int {
	switch l {
	case materialLine:
		return &b.Material
	case squaresLine:
		return &b.Squares
	case pawnsLine:
		return &b.PawnStructure
	case mobilityLine:
		return &b.Mobility
	case kingLine:
		return &b.KingSafety
	}
	return &b.Pieces
}

// total returns the sum of the terms for one phase.
func (b Breakdown) total(phase int) int {
	return b.Material[phase] + b.Squares[phase] + b.PawnStructure[phase] +
		b.Mobility[phase] + b.KingSafety[phase] + b.Pieces[phase]
}

// Write prints the breakdown as a small table, one term a line; a term
// that is switched off is marked "(off)".
func (b Breakdown) Write(w io.Writer) error {
	rows := []struct {
		name  string
		v     [2]int
		on    bool
		stage int // the chapter that brings the term, if a later one than the first
	}{
		{name: "material", v: b.Material, on: true},
		{name: "piece-square", v: b.Squares, on: true},
		{name: "pawns", v: b.PawnStructure, on: b.Terms.PawnStructure, stage: 19},
		{name: "mobility", v: b.Mobility, on: b.Terms.Mobility, stage: 19},
		{name: "king safety", v: b.KingSafety, on: b.Terms.KingSafety, stage: 19},
		{name: "pieces", v: b.Pieces, on: b.Terms.Pieces, stage: 19},
	}
	out := &printer{w: w}
	out.printf("term          middlegame  endgame\n")
	for _, r := range rows {
		off := ""
		if !r.on {
			off = "  (off)"
		}
		out.printf("%-13s %10d %8d%s\n", r.name, r.v[mg], r.v[eg], off)
	}
	b.writeScale(out)
	out.printf("phase %d/%d: tapered total %d (White's view), %d for the side to move\n",
		min(b.Phase, maxPhase), maxPhase, b.White, b.Score)
	return out.err
}

// A printer writes formatted text to w until a write fails, and keeps the
// first error.
type printer struct {
	w   io.Writer
	err error
}

// printf writes one piece of text, unless a write has failed.
func (p *printer) printf(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}
