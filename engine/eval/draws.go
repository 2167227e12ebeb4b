//book:stage 19

package eval

import "cb2026/engine/board"

// Material that cannot win, stage 19 (with the Pieces term): a bare minor
// piece, two knights, a bishop with rook pawns of the wrong color, less
// than a rook more with no pawns. Counting material says such a side is
// hundreds of centipawns ahead; the game is a draw. The evaluation keeps
// its sign and shrinks toward zero, by a scale factor out of scaleNormal, as
// Stockfish's classical evaluation scales its endgames (the cases and their
// factors here are this engine's own, hand-set).
const (
	scaleNormal       = 64 // the whole score counts
	scaleDraw         = 0  // a draw, whatever the material says
	scaleMinorEdge    = 8  // no pawns and at most a minor piece more
	scaleOppositeBish = 48 // bishops of opposite colors, pawns only beside them
)

// darkSquares is the set of dark squares: a1, c1, …, b2, ….
const darkSquares board.Bitboard = 0xAA55AA55AA55AA55

// scaled returns the tapered score s scaled by scale out of scaleNormal.
func scaled(s, scale int) int {
	if scale == scaleNormal {
		return s
	}
	return s * scale / scaleNormal
}

// scale returns the share of the score that counts for p, out of
// scaleNormal: less when the side with more material (pawns 1, minor pieces
// 3, rooks 5, queens 9) cannot win, or hardly. Material decides rather than
// the score, so that the scale does not depend on the weights (the tuner
// scores its traces with any). With equal material a scale counts only if
// it holds from both sides. Only with the Pieces term on, otherwise
// scaleNormal.
func (t Terms) scale(p *board.Position) int {
	if !t.Pieces {
		return scaleNormal
	}
	white, black := materialCount(p, board.White), materialCount(p, board.Black)
	switch {
	case white > black:
		return drawScale(p, board.White)
	case black > white:
		return drawScale(p, board.Black)
	}
	return max(drawScale(p, board.White), drawScale(p, board.Black))
}

// materialCount returns c's pawns and pieces counted 1, 3, 3, 5, 9.
func materialCount(p *board.Position, c board.Color) int {
	return nonPawn(p, c) + p.Pieces(c, board.Pawn).Count()
}

// drawScale returns the scale for strong, the side with more material:
// scaleNormal unless strong cannot win, or hardly.
func drawScale(p *board.Position, strong board.Color) int {
	weak := strong.Other()
	if p.Pieces(strong, board.Pawn) != 0 {
		if wrongRookPawns(p, strong) {
			return scaleDraw
		}
		if oppositeBishops(p) {
			return scaleOppositeBish
		}
		return scaleNormal
	}
	s, w := nonPawn(p, strong), nonPawn(p, weak)
	switch {
	case s <= minorMaterial:
		return scaleDraw // a bare king or one minor piece cannot mate
	case twoKnights(p, strong) && materialCount(p, weak) == 0:
		return scaleDraw // two knights cannot force mate
	case s-w <= minorMaterial && s < rookMaterial:
		return scaleDraw
	case s-w <= minorMaterial:
		return scaleMinorEdge
	}
	return scaleNormal
}

// Material counts of drawScale, by the hand-set middlegame piece values'
// order of magnitude: a minor piece, a rook.
const (
	minorMaterial = 3
	rookMaterial  = 5
)

// nonPawn returns c's pieces other than pawns and the king counted 3, 3, 5, 9.
func nonPawn(p *board.Position, c board.Color) int {
	return 3*p.Pieces(c, board.Knight).Count() + 3*p.Pieces(c, board.Bishop).Count() +
		5*p.Pieces(c, board.Rook).Count() + 9*p.Pieces(c, board.Queen).Count()
}

// twoKnights reports whether c's pieces are two knights and the king.
func twoKnights(p *board.Position, c board.Color) bool {
	return nonPawn(p, c) == 6 && p.Pieces(c, board.Knight).Count() == 2
}

// wrongRookPawns reports whether c has a bishop, no other piece, and pawns
// only on one rook file whose promotion square the bishop cannot cover,
// with the enemy king on or next to that square and the enemy without
// pieces: the classic fortress in the corner.
func wrongRookPawns(p *board.Position, c board.Color) bool {
	bishops := p.Pieces(c, board.Bishop)
	if nonPawn(p, c) != 3 || bishops == 0 || nonPawn(p, c.Other()) != 0 {
		return false
	}
	pawns := p.Pieces(c, board.Pawn)
	var file board.File
	switch {
	case pawns&^board.FileABB == 0:
		file = 0
	case pawns&^board.FileHBB == 0:
		file = 7
	default:
		return false
	}
	corner := board.MakeSquare(file, board.Rank(7*(1-int(c))))
	if (darkSquares.Has(corner)) == (darkSquares&bishops != 0) {
		return false
	}
	return distance(p.KingSquare(c.Other()), corner) <= 1
}

// oppositeBishops reports whether each side has one bishop, on squares of
// different colors, and no other piece: such endgames are often drawn a
// pawn or two down.
func oppositeBishops(p *board.Position) bool {
	w, b := p.Pieces(board.White, board.Bishop), p.Pieces(board.Black, board.Bishop)
	if nonPawn(p, board.White) != 3 || nonPawn(p, board.Black) != 3 || w == 0 || b == 0 {
		return false
	}
	return (darkSquares&w != 0) != (darkSquares&b != 0)
}

// writeScale adds the line of the eval command that says how much of the
// total counts, when drawish material scales it down.
func (b Breakdown) writeScale(out *printer) {
	if b.drawish {
		out.printf("drawish material: the total counts %d/%d\n", b.scale, scaleNormal)
	}
}
