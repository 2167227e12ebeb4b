//book:stage 19

package eval

import "cb2026/engine/board"

// The piece weights of stage 19, hand-set teaching values. The bishop pair's
// half a pawn is Larry Kaufman's measurement ("The Evaluation of Material
// Imbalances", 1999); the rook-file bonuses are of the size classic engines
// such as Fruit 2.1 used.
var (
	// bishopPair is the bonus for having two bishops or more: together
	// they reach every square.
	bishopPair = Weight{30, 50}
	// rookOpenFile is the bonus of a rook on a file with no pawns at all.
	rookOpenFile = Weight{25, 10}
	// rookSemiOpenFile is the bonus of a rook on a file with enemy pawns
	// only, which it can attack.
	rookSemiOpenFile = Weight{10, 5}
	// knightOutpost and bishopOutpost are the bonuses of a knight or a
	// bishop on an outpost (the Chess Programming Wiki's "Outposts"): on
	// the fourth to sixth rank, defended by a pawn, where no enemy pawn
	// can ever attack it. A knight, which needs such a square more, gains
	// more.
	knightOutpost = Weight{25, 15}
	bishopOutpost = Weight{12, 6}
)

// pieces adds the pieces term for color c: the bishop pair, the rook files,
// the outposts and the threats (threats.go).
func pieces(e *evaluation, p *board.Position, c board.Color) {
	if p.Pieces(c, board.Bishop).More() {
		e.add(c, BishopPair, 1)
	}
	own := p.Pieces(c, board.Pawn)
	enemy := p.Pieces(c.Other(), board.Pawn)
	for rooks := p.Pieces(c, board.Rook); rooks != 0; {
		file := board.FileBB(rooks.PopLSB().File())
		switch {
		case file&(own|enemy) == 0:
			e.add(c, RookOpenFile, 1)
		case file&own == 0:
			e.add(c, RookSemiOpenFile, 1)
		}
	}
	outposts(e, p, c)
	threats(e, p, c)
}

// outposts adds the outpost bonuses of c's knights and bishops.
func outposts(e *evaluation, p *board.Position, c board.Color) {
	squares := outpostSquares(p, c)
	e.add(c, KnightOutpost, (p.Pieces(c, board.Knight) & squares).Count())
	e.add(c, BishopOutpost, (p.Pieces(c, board.Bishop) & squares).Count())
}

// outpostSquares returns c's outposts: the squares of c's fourth to sixth
// ranks that a pawn of c defends and that no enemy pawn attacks, now or
// after any number of pushes.
func outpostSquares(p *board.Position, c board.Color) board.Bitboard {
	ranks := board.Rank4BB | board.Rank5BB | board.Rank6BB
	if c == board.Black {
		ranks = board.Rank5BB | board.Rank4BB | board.Rank3BB
	}
	them := c.Other()
	reach := frontFill(them, pawnAttacks(them, p.Pieces(them, board.Pawn)))
	return ranks & pawnAttacks(c, p.Pieces(c, board.Pawn)) &^ reach
}
