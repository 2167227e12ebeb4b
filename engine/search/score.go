package search

// Scores are centipawns from the side to move's point of view. Mate scores sit
// at the top of the range: being mated in n plies from the root scores
// -(mateScore - n), mating scores mateScore - n, so a shorter mate is worth more.
const (
	infinity  = 32000              // beyond every score: the initial window
	mateScore = 31000              // mate at the root
	mateBound = mateScore - maxPly // scores beyond it (either sign) are mates
	drawScore = 0
	maxPly    = 128 // the deepest ply the search reaches, counted from the root
	maxDepth  = 100 // the deepest iteration
)

// matedIn returns the score of the side to move being checkmated at ply.
func matedIn(ply int) int {
	return -mateScore + ply
}

// isMate reports whether a score announces a mate, for either side.
func isMate(score int) bool {
	return score >= mateBound || score <= -mateBound
}

// mateMoves converts a mate score to moves to mate as UCI reports it ("score
// mate 3"; negative when the side to move is mated), or 0 for other scores.
func mateMoves(score int) int {
	switch {
	case score >= mateBound:
		return (mateScore - score + 1) / 2
	case score <= -mateBound:
		return -(mateScore + score) / 2
	}
	return 0
}

// toTT converts a score from "relative to the root" to "relative to this node"
// for the transposition table: a mate found ply plies below the root is stored
// as a mate from the node, so it stays right when the node is reached by
// another path at another ply.
func toTT(score, ply int) int {
	switch {
	case score >= mateBound:
		return score + ply
	case score <= -mateBound:
		return score - ply
	}
	return score
}

// fromTT undoes toTT for a node at ply.
func fromTT(score, ply int) int {
	switch {
	case score >= mateBound:
		return score - ply
	case score <= -mateBound:
		return score + ply
	}
	return score
}
