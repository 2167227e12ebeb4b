package eval

import "cb2026/engine/board"

// The piece weights of stage 19, hand-set teaching values. The bishop pair's
// half a pawn is Larry Kaufman's measurement ("The Evaluation of Material
// Imbalances", 1999); the rook-file bonuses are of the size classic engines
// such as Fruit 2.1 used. Stage 20 tunes them.
var (
	// bishopPair is the bonus for having two bishops or more: together
	// they reach every square.
	bishopPair = weight{30, 50}
	// rookOpenFile is the bonus of a rook on a file with no pawns at all.
	rookOpenFile = weight{25, 10}
	// rookSemiOpenFile is the bonus of a rook on a file with enemy pawns
	// only, which it can attack.
	rookSemiOpenFile = weight{10, 5}
)

// pieces returns the bishop-pair and rook-file term for color c.
func pieces(p *board.Position, c board.Color) score {
	var s score
	if p.Pieces(c, board.Bishop).More() {
		s.add(bishopPair, 1)
	}
	own := p.Pieces(c, board.Pawn)
	enemy := p.Pieces(c.Other(), board.Pawn)
	for rooks := p.Pieces(c, board.Rook); rooks != 0; {
		file := board.FileBB(rooks.PopLSB().File())
		switch {
		case file&(own|enemy) == 0:
			s.add(rookOpenFile, 1)
		case file&own == 0:
			s.add(rookSemiOpenFile, 1)
		}
	}
	return s
}
