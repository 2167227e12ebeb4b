package eval

import "cb2026/engine/board"

// The game phases a weight is given for: every weight has a middlegame and an
// endgame value, blended by Evaluate according to the material on the board.
const (
	mg = 0 // middlegame
	eg = 1 // endgame
)

// pieceValue is the material value of each piece type in centipawns, per phase
// (Michniewski's values; the king's is zero because it is never traded).
var pieceValue = [2][board.NumPieceTypes]int{
	mg: {0, 100, 320, 330, 500, 900, 0},
	eg: {0, 100, 320, 330, 500, 900, 0},
}

// pieceSquare holds Michniewski's piece-square tables as they are printed, from
// White's side: the first row is rank 8 (a8…h8), the last is rank 1. Only the
// king has a different endgame table.
// handMaterialWeights (weights.go) copies these tables and pieceValue into the
// hand-set weights, the PieceValue and PieceSquare parameters.
var pieceSquare = [2][board.NumPieceTypes][64]int{
	mg: {
		board.Pawn:   pawnTable,
		board.Knight: knightTable,
		board.Bishop: bishopTable,
		board.Rook:   rookTable,
		board.Queen:  queenTable,
		board.King:   kingMiddlegameTable,
	},
	eg: {
		board.Pawn:   pawnTable,
		board.Knight: knightTable,
		board.Bishop: bishopTable,
		board.Rook:   rookTable,
		board.Queen:  queenTable,
		board.King:   kingEndgameTable,
	},
}

var pawnTable = [64]int{
	0, 0, 0, 0, 0, 0, 0, 0,
	50, 50, 50, 50, 50, 50, 50, 50,
	10, 10, 20, 30, 30, 20, 10, 10,
	5, 5, 10, 25, 25, 10, 5, 5,
	0, 0, 0, 20, 20, 0, 0, 0,
	5, -5, -10, 0, 0, -10, -5, 5,
	5, 10, 10, -20, -20, 10, 10, 5,
	0, 0, 0, 0, 0, 0, 0, 0,
}

var knightTable = [64]int{
	-50, -40, -30, -30, -30, -30, -40, -50,
	-40, -20, 0, 0, 0, 0, -20, -40,
	-30, 0, 10, 15, 15, 10, 0, -30,
	-30, 5, 15, 20, 20, 15, 5, -30,
	-30, 0, 15, 20, 20, 15, 0, -30,
	-30, 5, 10, 15, 15, 10, 5, -30,
	-40, -20, 0, 5, 5, 0, -20, -40,
	-50, -40, -30, -30, -30, -30, -40, -50,
}

var bishopTable = [64]int{
	-20, -10, -10, -10, -10, -10, -10, -20,
	-10, 0, 0, 0, 0, 0, 0, -10,
	-10, 0, 5, 10, 10, 5, 0, -10,
	-10, 5, 5, 10, 10, 5, 5, -10,
	-10, 0, 10, 10, 10, 10, 0, -10,
	-10, 10, 10, 10, 10, 10, 10, -10,
	-10, 5, 0, 0, 0, 0, 5, -10,
	-20, -10, -10, -10, -10, -10, -10, -20,
}

var rookTable = [64]int{
	0, 0, 0, 0, 0, 0, 0, 0,
	5, 10, 10, 10, 10, 10, 10, 5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	-5, 0, 0, 0, 0, 0, 0, -5,
	0, 0, 0, 5, 5, 0, 0, 0,
}

var queenTable = [64]int{
	-20, -10, -10, -5, -5, -10, -10, -20,
	-10, 0, 0, 0, 0, 0, 0, -10,
	-10, 0, 5, 5, 5, 5, 0, -10,
	-5, 0, 5, 5, 5, 5, 0, -5,
	0, 0, 5, 5, 5, 5, 0, -5,
	-10, 5, 5, 5, 5, 5, 0, -10,
	-10, 0, 5, 0, 0, 0, 0, -10,
	-20, -10, -10, -5, -5, -10, -10, -20,
}

var kingMiddlegameTable = [64]int{
	-30, -40, -40, -50, -50, -40, -40, -30,
	-30, -40, -40, -50, -50, -40, -40, -30,
	-30, -40, -40, -50, -50, -40, -40, -30,
	-30, -40, -40, -50, -50, -40, -40, -30,
	-20, -30, -30, -40, -40, -30, -30, -20,
	-10, -20, -20, -20, -20, -20, -20, -10,
	20, 20, 0, 0, 0, 0, 20, 20,
	20, 30, 10, 0, 0, 10, 30, 20,
}

var kingEndgameTable = [64]int{
	-50, -40, -30, -20, -20, -30, -40, -50,
	-30, -20, -10, 0, 0, -10, -20, -30,
	-30, -10, 20, 30, 30, 20, -10, -30,
	-30, -10, 30, 40, 40, 30, -10, -30,
	-30, -10, 30, 40, 40, 30, -10, -30,
	-30, -10, 20, 30, 30, 20, -10, -30,
	-30, -30, 0, 0, 0, 0, -30, -30,
	-50, -30, -30, -30, -30, -30, -30, -50,
}

// SquareValues returns the hand-set piece-square values of a white piece of
// type t on each square, a1 = 0, in the middlegame (phase 0) or the endgame
// (phase 1), read from the weights as the evaluation reads them: for the
// console's pst command.
func SquareValues(t board.PieceType, phase int) [64]int {
	var v [64]int
	for sq := range v {
		v[sq] = hand.w[squareParam(board.White, t, board.Square(sq))][phase]
	}
	return v
}
