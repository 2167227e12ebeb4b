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

// Evaluate returns the static score of p in centipawns from the side to move's
// point of view. It costs one pass over the pieces.
func Evaluate(p *board.Position) int {
	var score [2]int // per phase, White's point of view
	phase := 0
	for c := board.White; c <= board.Black; c++ {
		sign := 1 - 2*int(c)
		for t := board.Pawn; t <= board.King; t++ {
			pieces := p.Pieces(c, t)
			phase += phaseWeight[t] * pieces.Count()
			index := board.MakePiece(c, t).Index()
			for pieces != 0 {
				sq := pieces.PopLSB()
				score[mg] += sign * pieceSquareValue[mg][index][sq]
				score[eg] += sign * pieceSquareValue[eg][index][sq]
			}
		}
	}
	white := taper(score[mg], score[eg], phase)
	if p.SideToMove() == board.Black {
		return -white
	}
	return white
}

// taper blends a middlegame and an endgame score by the phase (0..maxPhase;
// more than maxPhase, after promotions, counts as maxPhase).
func taper(middlegame, endgame, phase int) int {
	phase = min(phase, maxPhase)
	return (middlegame*phase + endgame*(maxPhase-phase)) / maxPhase
}

// A Breakdown is the evaluation split into its terms, for the console's eval
// command. Scores are from White's point of view, per phase.
type Breakdown struct {
	Phase    int    // 0 (endgame) .. 24 (middlegame)
	Material [2]int // White minus Black, middlegame and endgame
	Squares  [2]int // piece-square bonuses, White minus Black
	White    int    // the tapered total from White's point of view
	Score    int    // the tapered total from the side to move's point of view
}

// Explain returns the terms Evaluate adds up for p.
func Explain(p *board.Position) Breakdown {
	var b Breakdown
	for c := board.White; c <= board.Black; c++ {
		sign := 1 - 2*int(c)
		for t := board.Pawn; t <= board.King; t++ {
			pieces := p.Pieces(c, t)
			b.Phase += phaseWeight[t] * pieces.Count()
			index := board.MakePiece(c, t).Index()
			for pieces != 0 {
				sq := pieces.PopLSB()
				for phase := mg; phase <= eg; phase++ {
					v := pieceSquareValue[phase][index][sq]
					b.Material[phase] += sign * pieceValue[phase][t]
					b.Squares[phase] += sign * (v - pieceValue[phase][t])
				}
			}
		}
	}
	b.White = taper(b.Material[mg]+b.Squares[mg], b.Material[eg]+b.Squares[eg], b.Phase)
	b.Score = Evaluate(p)
	return b
}

// Write prints the breakdown as a small table, one term a line.
func (b Breakdown) Write(w io.Writer) error {
	_, err := fmt.Fprintf(w,
		"term          middlegame  endgame\n"+
			"material      %10d %8d\n"+
			"piece-square  %10d %8d\n"+
			"phase %d/%d: tapered total %d (White's view), %d for the side to move\n",
		b.Material[mg], b.Material[eg], b.Squares[mg], b.Squares[eg],
		min(b.Phase, maxPhase), maxPhase, b.White, b.Score)
	return err
}
