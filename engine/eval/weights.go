package eval

import (
	"fmt"

	"cb2026/engine/board"
)

// A Param names one weight of the evaluation: an index into Weights. Every
// number the evaluation adds up is one of them, so that a weight set can
// change any of them; the names group them as the terms' files declare them.
type Param int

// The parameters, group by group. A group of several weights is indexed from
// its first: PieceValue + 0 is the pawn's value, PassedPawn + 6 the bonus of a
// passed pawn on its seventh rank, and so on.
const (
	// PieceValue + t − 1 is the material value of piece type t, pawn to queen.
	PieceValue Param = 0
	// PieceSquare + 64×(t−1) + i is the bonus of piece type t (pawn to king)
	// on square i of the printed table: a8 = 0 … h1 = 63, from White's side.
	PieceSquare = PieceValue + pieceTypes - 1
	// IsolatedPawn … PassedOwnKing are pawns.go's weights.
	IsolatedPawn    = PieceSquare + pieceTypes*64
	DoubledPawn     = IsolatedPawn + 1
	PassedPawn      = DoubledPawn + 1    // + relative rank, 0..7
	PassedFreePath  = PassedPawn + 8     // + relative rank, 0..7
	PassedEnemyKing = PassedFreePath + 8 // per king move
	PassedOwnKing   = PassedEnemyKing + 1
	// Mobility + t − Knight is the value of a safe square of a knight,
	// bishop, rook or queen (mobility.go).
	Mobility = PassedOwnKing + 1
	// KingDanger, ShieldNear and ShieldFar are king.go's weights.
	KingDanger = Mobility + 4
	ShieldNear = KingDanger + 1
	ShieldFar  = ShieldNear + 1
	// BishopPair, RookOpenFile and RookSemiOpenFile are pieces.go's weights.
	BishopPair       = ShieldFar + 1
	RookOpenFile     = BishopPair + 1
	RookSemiOpenFile = RookOpenFile + 1
	// KingOpenFile, KingSemiOpenFile and PawnStorm are king.go's too
	// (they came last, after the others, and stay there).
	KingOpenFile     = RookSemiOpenFile + 1
	KingSemiOpenFile = KingOpenFile + 1
	PawnStorm        = KingSemiOpenFile + 1 // + relative rank, 0..7
	// PassedSafeStop, PassedSafePath and PassedSupported are pawns.go's,
	// ThreatByPawn … ThreatByPawnPush threats.go's, KnightOutpost and
	// BishopOutpost pieces.go's; they came after the king's, and stay
	// there, so that the order of older weight files holds.
	PassedSafeStop  = PawnStorm + 8       // + relative rank, 0..7
	PassedSafePath  = PassedSafeStop + 8  // + relative rank, 0..7
	PassedSupported = PassedSafePath + 8  // + relative rank, 0..7
	ThreatByPawn    = PassedSupported + 8 // + t − Knight, knight to queen
	ThreatByMinor   = ThreatByPawn + 4    // + t − Pawn, pawn to queen
	ThreatByRook    = ThreatByMinor + 5   // + t − Pawn, pawn to queen
	Hanging         = ThreatByRook + 5
	ThreatByPush    = Hanging + 1
	KnightOutpost   = ThreatByPush + 1
	BishopOutpost   = KnightOutpost + 1
	// PassedEnemyKingRank and PassedOwnKingRank are pawns.go's too.
	PassedEnemyKingRank = BishopOutpost + 1       // + relative rank, 0..7
	PassedOwnKingRank   = PassedEnemyKingRank + 8 // + relative rank, 0..7
	// NumParams is the number of parameters.
	NumParams = PassedOwnKingRank + 8
)

// pieceTypes is the number of real piece types, pawn to king (board.King).
const pieceTypes = 6

// Weights is one full set of the evaluation's weights, indexed by Param.
type Weights [NumParams]Weight

// A Group is a run of parameters under one name, for printing: First,
// First+1, …, First+Len−1.
type Group struct {
	Name  string
	First Param
	Len   int
	line  line // the line of the console's breakdown its weights add to
}

// A line is one line of the console's breakdown (Breakdown).
type line int

// The lines of the breakdown, in the order it prints them.
const (
	materialLine line = iota
	squaresLine
	pawnsLine
	mobilityLine
	kingLine
	piecesLine
)

// groups lists every parameter once, in order. It is never modified.
var groups = []Group{
	{"PieceValue", PieceValue, pieceTypes - 1, materialLine},
	{"PieceSquare", PieceSquare, pieceTypes * 64, squaresLine},
	{"IsolatedPawn", IsolatedPawn, 1, pawnsLine},
	{"DoubledPawn", DoubledPawn, 1, pawnsLine},
	{"PassedPawn", PassedPawn, 8, pawnsLine},
	{"PassedFreePath", PassedFreePath, 8, pawnsLine},
	{"PassedEnemyKing", PassedEnemyKing, 1, pawnsLine},
	{"PassedOwnKing", PassedOwnKing, 1, pawnsLine},
	{"Mobility", Mobility, 4, mobilityLine},
	{"KingDanger", KingDanger, 1, kingLine},
	{"ShieldNear", ShieldNear, 1, kingLine},
	{"ShieldFar", ShieldFar, 1, kingLine},
	{"BishopPair", BishopPair, 1, piecesLine},
	{"RookOpenFile", RookOpenFile, 1, piecesLine},
	{"RookSemiOpenFile", RookSemiOpenFile, 1, piecesLine},
	{"KingOpenFile", KingOpenFile, 1, kingLine},
	{"KingSemiOpenFile", KingSemiOpenFile, 1, kingLine},
	{"PawnStorm", PawnStorm, 8, kingLine},
	{"PassedSafeStop", PassedSafeStop, 8, pawnsLine},
	{"PassedSafePath", PassedSafePath, 8, pawnsLine},
	{"PassedSupported", PassedSupported, 8, pawnsLine},
	{"ThreatByPawn", ThreatByPawn, 4, piecesLine},
	{"ThreatByMinor", ThreatByMinor, 5, piecesLine},
	{"ThreatByRook", ThreatByRook, 5, piecesLine},
	{"Hanging", Hanging, 1, piecesLine},
	{"ThreatByPush", ThreatByPush, 1, piecesLine},
	{"KnightOutpost", KnightOutpost, 1, piecesLine},
	{"BishopOutpost", BishopOutpost, 1, piecesLine},
	{"PassedEnemyKingRank", PassedEnemyKingRank, 8, pawnsLine},
	{"PassedOwnKingRank", PassedOwnKingRank, 8, pawnsLine},
}

// Groups returns the parameter groups in order; together they cover every
// parameter once.
func Groups() []Group {
	return append([]Group(nil), groups...)
}

// pieceLetters names the piece types in parameter names.
const pieceLetters = " PNBRQK"

// String returns the parameter's name, e.g. "PassedPawn[6]" or
// "PieceSquare[N c3]".
func (i Param) String() string {
	for _, g := range groups {
		if i < g.First || i >= g.First+Param(g.Len) {
			continue
		}
		k := int(i - g.First)
		switch {
		case g.Len == 1:
			return g.Name
		case g.First == PieceValue:
			return fmt.Sprintf("%s[%c]", g.Name, pieceLetters[k+1])
		case g.First == PieceSquare:
			sq := k % 64
			return fmt.Sprintf("%s[%c %c%d]", g.Name, pieceLetters[k/64+1], 'a'+sq%8, 8-sq/8)
		case g.First == Mobility, g.First == ThreatByPawn:
			return fmt.Sprintf("%s[%c]", g.Name, pieceLetters[k+int(board.Knight)])
		case g.First == ThreatByMinor, g.First == ThreatByRook:
			return fmt.Sprintf("%s[%c]", g.Name, pieceLetters[k+int(board.Pawn)])
		}
		return fmt.Sprintf("%s[%d]", g.Name, k)
	}
	return fmt.Sprintf("Param(%d)", int(i))
}

// valueParam returns the parameter of piece type t's material value.
func valueParam(t board.PieceType) Param {
	return PieceValue + Param(t) - 1
}

// squareParam returns the piece-square parameter of a piece of color c and
// type t on sq: the printed table's first row is rank 8, so White reads it
// with the rank flipped (sq^56) and Black as it is.
func squareParam(c board.Color, t board.PieceType, sq board.Square) Param {
	i := int(sq)
	if c == board.White {
		i ^= 56
	}
	return PieceSquare + Param(64*(int(t)-1)+i)
}

// handWeights returns the hand-set weights: the credited teaching values
// the evaluation's files declare, set part by part (handParts).
func handWeights() Weights {
	var w Weights
	for _, part := range handParts {
		part.set(&w)
	}
	return w
}

// handParts sets the hand-set weights, one row per chapter that brings
// parameters. It is never modified.
var handParts = []struct {
	set   func(w *Weights)
	stage int // the chapter that brings the parameters, if a later one than the first
}{
	{set: handMaterialWeights},
	{set: handTermWeights, stage: 19},
}

// handMaterialWeights sets the material and piece-square weights in w to
// the credited teaching values that pst.go declares.
func handMaterialWeights(w *Weights) {
	for t := board.Pawn; t <= board.King; t++ {
		if t != board.King {
			w[valueParam(t)] = Weight{pieceValue[mg][t], pieceValue[eg][t]}
		}
		for i := range 64 {
			w[squareParam(board.Black, t, board.Square(i))] =
				Weight{pieceSquare[mg][t][i], pieceSquare[eg][t][i]}
		}
	}
}

// handTermWeights sets the weights of stage 19's terms in w to the credited
// teaching values that pawns.go, mobility.go, king.go, pieces.go and
// threats.go declare.
func handTermWeights(w *Weights) {
	w[IsolatedPawn], w[DoubledPawn] = isolatedPawn, doubledPawn
	copy(w[PassedPawn:PassedPawn+8], passedPawn[:])
	copy(w[PassedFreePath:PassedFreePath+8], passedFreePath[:])
	w[PassedEnemyKing], w[PassedOwnKing] = passedEnemyKing, passedOwnKing
	copy(w[Mobility:Mobility+4], mobilityWeight[board.Knight:board.King])
	w[KingDanger], w[ShieldNear], w[ShieldFar] = kingDanger, shieldNear, shieldFar
	w[KingOpenFile], w[KingSemiOpenFile] = kingOpenFile, kingSemiOpenFile
	copy(w[PawnStorm:PawnStorm+8], pawnStorm[:])
	w[BishopPair], w[RookOpenFile], w[RookSemiOpenFile] = bishopPair, rookOpenFile, rookSemiOpenFile
	copy(w[PassedSafeStop:PassedSafeStop+8], passedSafeStop[:])
	copy(w[PassedSafePath:PassedSafePath+8], passedSafePath[:])
	copy(w[PassedSupported:PassedSupported+8], passedSupported[:])
	copy(w[ThreatByPawn:ThreatByPawn+4], threatByPawn[board.Knight:board.King])
	copy(w[ThreatByMinor:ThreatByMinor+5], threatByMinor[board.Pawn:board.King])
	copy(w[ThreatByRook:ThreatByRook+5], threatByRook[board.Pawn:board.King])
	w[Hanging], w[ThreatByPush] = hanging, threatByPush
	w[KnightOutpost], w[BishopOutpost] = knightOutpost, bishopOutpost
	copy(w[PassedEnemyKingRank:PassedEnemyKingRank+8], passedEnemyKingRank[:])
	copy(w[PassedOwnKingRank:PassedOwnKingRank+8], passedOwnKingRank[:])
}

// HandWeights returns the hand-set weights.
func HandWeights() Weights {
	return hand.w
}

// TunedWeights returns stage 20's weights, found by tools/tune (tuned.go).
//
//book:stage 20
func TunedWeights() Weights {
	return tuned.w
}

// A weightSet is a set of weights with the table the evaluation reads for
// material and piece-square values.
type weightSet struct {
	w Weights
	// squares[piece][sq] is the material plus piece-square value of a
	// piece (board.Piece.Index, 0..11) on sq (A1 = 0), middlegame and
	// endgame, from White's point of view: a black piece's are negative.
	squares board.SquareValues
}

// newWeightSet returns w with its table.
func newWeightSet(w Weights) *weightSet {
	ws := &weightSet{w: w}
	for c := board.White; c <= board.Black; c++ {
		for t := board.Pawn; t <= board.King; t++ {
			index := board.MakePiece(c, t).Index()
			for sq := board.Square(0); sq < 64; sq++ {
				v := score(w[squareParam(c, t, sq)])
				if t != board.King {
					v = v.plus(score(w[valueParam(t)]))
				}
				if c == board.Black {
					v = score{-v[mg], -v[eg]}
				}
				ws.squares[index][sq] = v
			}
		}
	}
	return ws
}

// hand is the weight set of the hand-set weights. It is built once by
// package initialization and only read afterwards.
var hand = newWeightSet(handWeights())

// tuned is the weight set of stage 20 and main (Terms.Tuned), built and read
// as hand is.
var tuned = newWeightSet(tunedWeights)
