//book:stage 19

// Stage 19 adds the terms of Terms, each switchable and each a set of named
// weights (a middlegame and an endgame value), one concept a file: pawn
// structure (pawns.go), mobility (mobility.go), king safety (king.go), bishop
// pair, rook files and outposts (pieces.go) with the threats against the
// enemy's pieces (threats.go). With every term off the evaluation is stage
// 4's, exactly.
package eval

import "cb2026/engine/board"

// The pawn-structure weights of stage 19, hand-set teaching values. Their
// orders of magnitude are those of classic hand-written evaluations such as
// Fabien Letouzey's Fruit 2.1 (2005), whose numbers are public: a structural
// weakness costs a tenth to a fifth of a pawn, more in the endgame where
// pawns decide; a passed pawn is worth little on its own side of the board
// and more than a piece just before it promotes.
var (
	// isolatedPawn is the cost of a pawn with no friendly pawn on the
	// neighboring files: no pawn can ever defend it.
	isolatedPawn = Weight{-10, -15}
	// doubledPawn is the cost of each pawn that has a friendly pawn in
	// front of it on its file.
	doubledPawn = Weight{-10, -20}
	//book:region passed-weights
	// passedPawn is the bonus of a passed pawn (no enemy pawn in front of it
	// on its file or the neighboring ones), by rank counted from its side.
	passedPawn = [8]Weight{{0, 0}, {5, 10}, {5, 15}, {10, 25}, {20, 40}, {35, 70}, {60, 110}, {0, 0}}
	// passedFreePath is added when nothing stands on the squares in front of
	// the passed pawn, by rank as above.
	passedFreePath = [8]Weight{{0, 0}, {0, 0}, {0, 5}, {5, 10}, {10, 20}, {15, 35}, {25, 60}, {0, 0}}
	//book:end passed-weights
	// passedEnemyKing and passedOwnKing are paid per king move between a
	// king and the square in front of a passed pawn, endgame only: the
	// enemy king should be far, the own king close.
	passedEnemyKing = Weight{0, 5}
	passedOwnKing   = Weight{0, -2}
	// passedEnemyKingRank and passedOwnKingRank are added to them per king
	// move, by the pawn's rank: the nearer the pawn is to promotion, the
	// more the race of the kings decides, as Stockfish's classical
	// evaluation and Ethereal weigh the kings' distances by rank.
	passedEnemyKingRank = [8]Weight{{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 2}, {0, 4}, {0, 6}, {0, 0}}
	passedOwnKingRank   = [8]Weight{{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, -1}, {0, -2}, {0, -3}, {0, 0}}
	// passedSafeStop is added, by rank, when the square in front of a
	// passed pawn holds no enemy piece and no enemy piece or pawn attacks
	// it: the pawn can step forward. passedSafePath is added on top when
	// that holds for every square up to promotion. Both follow the idea
	// of Stockfish's classical evaluation, which grows a passed pawn's
	// bonus with the squares of its path the enemy does not control.
	passedSafeStop = [8]Weight{{0, 0}, {0, 0}, {0, 2}, {2, 5}, {5, 12}, {10, 25}, {15, 40}, {0, 0}}
	passedSafePath = [8]Weight{{0, 0}, {0, 0}, {0, 2}, {2, 5}, {5, 12}, {10, 25}, {15, 40}, {0, 0}}
	// passedSupported is added, by rank, for a passed pawn that a friendly
	// pawn defends or stands beside: it cannot be taken for nothing, and
	// two passed pawns side by side are stronger than their sum.
	passedSupported = [8]Weight{{0, 0}, {0, 0}, {2, 3}, {4, 6}, {8, 12}, {12, 25}, {20, 40}, {0, 0}}
)

// kingDistanceRank is the relative rank from which a passed pawn's distance
// to the kings counts: behind it the pawn is too far from promotion to race.
const kingDistanceRank = 3

// frontSpan[c][sq] is the squares in front of sq on its file, seen from c;
// passedSpan[c][sq] adds the neighboring files: a pawn of c on sq is passed
// when no enemy pawn stands there. Computed once by init, read-only after.
var frontSpan, passedSpan [2][64]board.Bitboard

func init() {
	for c := board.White; c <= board.Black; c++ {
		for sq := board.Square(0); sq < 64; sq++ {
			b := forward(c, board.SquareBB(sq))
			for b != 0 {
				frontSpan[c][sq] |= b
				b = forward(c, b)
			}
			f := frontSpan[c][sq]
			passedSpan[c][sq] = f | f.East() | f.West()
		}
	}
}

// adjacentFiles returns the files on either side of f.
func adjacentFiles(f board.File) board.Bitboard {
	b := board.FileBB(f)
	return b.East() | b.West()
}

// A pawnShape is what the pawn-structure term finds in one color's pawns
// from the pawns alone: how many are isolated, how many doubled, and which
// are passed. The passed pawns' bonuses read more of the board (pieces,
// kings, attacks), so pawnStructure adds them from the board.
type pawnShape struct {
	passers           board.Bitboard
	isolated, doubled int
}

// pawnStructure adds the pawn-structure term for color c: the shape of its
// pawns, then each passed pawn's bonus.
func pawnStructure(e *evaluation, p *board.Position, c board.Color) {
	shape := e.pawnShape(p, c)
	e.add(c, IsolatedPawn, shape.isolated)
	e.add(c, DoubledPawn, shape.doubled)
	if shape.passers != 0 {
		unsafe := p.ByColor(c.Other()) | e.pieceAttacks(p, c.Other()).all
		for passers := shape.passers; passers != 0; {
			passed(e, p, c, passers.PopLSB(), unsafe)
		}
	}
}

// pawnShape returns the shape of c's pawns in p.
func (e *evaluation) pawnShape(p *board.Position, c board.Color) pawnShape {
	if shape, ok := e.cachedShape(p, c); ok {
		return shape
	}
	own := p.Pieces(c, board.Pawn)
	enemy := p.Pieces(c.Other(), board.Pawn)
	var shape pawnShape
	for pawns := own; pawns != 0; {
		sq := pawns.PopLSB()
		if own&adjacentFiles(sq.File()) == 0 {
			shape.isolated++
		}
		if own&frontSpan[c][sq] != 0 {
			shape.doubled++
		}
		if enemy&passedSpan[c][sq] == 0 {
			shape.passers |= board.SquareBB(sq)
		}
	}
	e.keepShape(p, c, shape)
	return shape
}

// passed adds the bonus of c's passed pawn on sq: by rank, for a free path,
// for a stop square and a path the enemy does not control (unsafe holds
// the enemy's pieces and the squares it attacks), for a friendly pawn's
// support, and for the kings' distances to the square in front of it.
func passed(e *evaluation, p *board.Position, c board.Color, sq board.Square, unsafe board.Bitboard) {
	rank := relativeRank(c, sq)
	e.add(c, PassedPawn+Param(rank), 1)
	path := frontSpan[c][sq]
	if p.Occupied()&path == 0 {
		e.add(c, PassedFreePath+Param(rank), 1)
	}
	stop := forward(c, board.SquareBB(sq))
	if unsafe&stop == 0 {
		e.add(c, PassedSafeStop+Param(rank), 1)
		if unsafe&path == 0 {
			e.add(c, PassedSafePath+Param(rank), 1)
		}
	}
	if supported(p, c, sq) {
		e.add(c, PassedSupported+Param(rank), 1)
	}
	if rank >= kingDistanceRank {
		stop := stop.LSB()
		enemy, own := distance(p.KingSquare(c.Other()), stop), distance(p.KingSquare(c), stop)
		e.add(c, PassedEnemyKing, enemy)
		e.add(c, PassedOwnKing, own)
		e.add(c, PassedEnemyKingRank+Param(rank), enemy)
		e.add(c, PassedOwnKingRank+Param(rank), own)
	}
}

// supported reports whether a pawn of c defends c's pawn on sq or stands
// beside it on its rank.
func supported(p *board.Position, c board.Color, sq board.Square) bool {
	b := board.SquareBB(sq)
	beside := b.East() | b.West()
	return p.Pieces(c, board.Pawn)&(beside|pawnAttacks(c.Other(), b)) != 0
}
