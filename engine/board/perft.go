//book:stage 3

package board

import "context"

// Perft counts the leaf nodes of the tree of legal moves depth plies deep: the
// number of different move sequences of that length. Comparing it with known
// counts is the standard test of a move generator, and its speed is the
// standard measure of one.
//
// Perft counts in bulk: one ply above the leaves it does not play the moves
// but counts them, since each legal move leads to exactly one leaf; and it
// counts them with CountMoves, which does not even write them out.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	//book:region perft-bulk
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	//book:end perft-bulk
	var l MoveList
	p.GenerateMoves(&l)
	var nodes uint64
	for _, m := range l.Moves() {
		p.MakeMove(m)
		nodes += Perft(p, depth-1)
		p.UnmakeMove()
	}
	return nodes
}

// perftChunk is the depth of the subtrees that PerftContext counts with Perft
// between two looks at its context: a few milliseconds' work at most.
const perftChunk = 4

// PerftContext is Perft for a count that may have to stop, as a console's
// "perft 9" must when the reader says "stop": it looks at ctx between
// subtrees of at most perftChunk plies, and once ctx is done it returns
// ctx's error with the nodes counted so far.
func PerftContext(ctx context.Context, p *Position, depth int) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if depth <= perftChunk {
		return Perft(p, depth), nil
	}
	var l MoveList
	p.GenerateMoves(&l)
	var nodes uint64
	for _, m := range l.Moves() {
		p.MakeMove(m)
		n, err := PerftContext(ctx, p, depth-1)
		p.UnmakeMove()
		nodes += n
		if err != nil {
			return nodes, err
		}
	}
	return nodes, nil
}

// DivideResult is one line of Divide: a legal move and the number of leaf
// nodes below it.
type DivideResult struct {
	Move  Move
	Nodes uint64
}

// Divide returns Perft(p, depth-1) after each legal move, in the order the
// moves are generated: the "divide" lines that narrow down a disagreement
// with another program's perft to one move. The nodes sum to Perft(p, depth).
func Divide(p *Position, depth int) []DivideResult {
	var l MoveList
	p.GenerateMoves(&l)
	results := make([]DivideResult, 0, l.Len())
	for _, m := range l.Moves() {
		p.MakeMove(m)
		results = append(results, DivideResult{m, Perft(p, depth-1)})
		p.UnmakeMove()
	}
	return results
}
