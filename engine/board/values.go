//book:stage 4

package board

// SquareValues is what each piece is worth on each square, in the
// middlegame and in the endgame: an evaluation's material and piece-square
// values in one table, indexed by Piece.Index (0..11) and square, from
// White's point of view, so that a black piece's values are negative.
// Package eval fills it; a position only adds it up.
type SquareValues [12][64][2]int

// KeepValues makes p keep the sum of v over its pieces from now on, and
// returns the sum. The three methods that place, take off and move a piece
// update it as they update the Zobrist key, so MakeMove and UnmakeMove keep
// it in step with the pieces at the cost of an addition or two a piece.
func (p *Position) KeepValues(v *SquareValues) [2]int {
	p.values, p.valueSum = v, [2]int{}
	for sq, pc := range p.board {
		if pc != NoPiece {
			p.addValue(pc, Square(sq))
		}
	}
	return p.valueSum
}

// ValueSum returns the sum of v over p's pieces, and whether p keeps it
// (KeepValues(v) was called on p or on the position it was cloned from).
func (p *Position) ValueSum(v *SquareValues) ([2]int, bool) {
	return p.valueSum, v != nil && p.values == v
}

// addValue adds the value of piece pc on sq to the sum p keeps, if any.
func (p *Position) addValue(pc Piece, sq Square) {
	if p.values != nil {
		v := &p.values[pc.Index()][sq]
		p.valueSum[0] += v[0]
		p.valueSum[1] += v[1]
	}
}

// subtractValue takes the value of piece pc on sq out of the sum p keeps,
// if any.
func (p *Position) subtractValue(pc Piece, sq Square) {
	if p.values != nil {
		v := &p.values[pc.Index()][sq]
		p.valueSum[0] -= v[0]
		p.valueSum[1] -= v[1]
	}
}
