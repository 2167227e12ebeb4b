package eval

import "cb2026/engine/board"

// The piece weights of stage 19, hand-set teaching values. The bishop pair's
// half a pawn is Larry Kaufman's measurement ("The Evaluation of Material
// Imbalances", 1999); the rook-file bonuses are of the size classic engines
// such as Fruit 2.1 used. Stage 20 tunes them.
var (
	// bishopPair is the bonus for having two bishops or more: together
	// they reach every square.
	bishopPair = Weight{30, 50}
	// rookOpenFile is the bonus of a rook on a file with no pawns at all.
	rookOpenFile = Weight{25, 10}
	// rookSemiOpenFile is the bonus of a rook on a file with enemy pawns
	// only, which it can attack.
	rookSemiOpenFile = Weight{10, 5}
)

// pieces adds the bishop-pair and rook-file term for color c.
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
}
