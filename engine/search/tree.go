//book:stage 6

package search

import (
	"context"
	"fmt"

	"cb2026/engine/board"
)

// A TreeNode is one node of a traced search, in the order the search
// entered them.
type TreeNode struct {
	Ply      int
	Move     board.Move // the move that led to it; NoMove at the root
	Moves    int        // its legal moves
	Searched int        // the children the search entered
	Score    int        // what it returned, for its side to move
	Kind     string     // "pv", "cut" or "all" by that score and its window; "leaf"
	inCheck  bool
	eval     int // its static evaluation
}

// traceNode tells the trace of the node entered at ply, when Tree is
// recording one.
func (s *Searcher) traceNode(ply int) {
	if s.trace != nil {
		s.trace(ply)
	}
}

// Tree searches p to depth once with the techniques t and returns every
// node the search entered, in order, each with its score and kind. Those
// are worked out again from the evaluations of the leaves, by fail-soft
// alpha-beta over exactly the children the search entered, and must come
// to the score the search reported: a search that does more than plain
// alpha-beta, as the later chapters' searches do, is refused rather than
// drawn wrong.
func Tree(ctx context.Context, t Techniques, p *board.Position, depth int) ([]TreeNode, error) {
	s := NewSearcher(t)
	var nodes []TreeNode
	s.trace = func(ply int) {
		var moves board.MoveList
		s.pos.GenerateMoves(&moves)
		n := TreeNode{Ply: ply, Moves: moves.Len(), inCheck: s.pos.InCheck(), eval: s.evaluate()}
		if ply > 0 {
			n.Move = s.pos.LastMove()
		}
		nodes = append(nodes, n)
	}
	var reported *Info
	s.Search(ctx, p, Limits{Depth: depth}, func(i Info) { reported = &i })
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if reported == nil || reported.Depth != depth || len(nodes) == 0 {
		return nil, fmt.Errorf("tree: the search reported no score at depth %d", depth)
	}
	roots := 0
	for _, n := range nodes {
		if n.Ply == 0 {
			roots++
		}
	}
	if roots > 1 {
		return nil, fmt.Errorf("tree: the search entered the root %d times: a tree is drawn of one search to one depth, at stage 6 or 7", roots)
	}
	score, next, err := replay(nodes, 0, depth, -infinity, infinity)
	switch {
	case err != nil:
		return nil, err
	case next != len(nodes):
		return nil, fmt.Errorf("tree: the search entered %d nodes after the root's subtree", len(nodes)-next)
	case score != reported.Score:
		return nil, fmt.Errorf("tree: alpha-beta over the nodes entered scores %d, the search %d: it is more than plain alpha-beta, which a tree is drawn of (stage 6 or 7)", score, reported.Score)
	}
	return nodes, nil
}

// replay works out the score of nodes[i], searched with the window (alpha,
// beta) to depth, by fail-soft alpha-beta over the children the trace
// recorded, and sets its kind; it returns the score and the index after the
// node's subtree, or an error where the trace is not what alpha-beta
// searches.
func replay(nodes []TreeNode, i, depth, alpha, beta int) (int, int, error) {
	n, next := &nodes[i], i+1
	switch {
	case depth == 0:
		n.Kind, n.Score = "leaf", n.eval
		return n.Score, next, nil
	case n.Moves == 0 && n.inCheck:
		n.Kind, n.Score = "leaf", matedIn(n.Ply)
		return n.Score, next, nil
	case n.Moves == 0:
		n.Kind, n.Score = "leaf", drawScore
		return n.Score, next, nil
	}
	best, a := -infinity, alpha
	for next < len(nodes) && nodes[next].Ply == n.Ply+1 {
		if a >= beta {
			return 0, 0, fmt.Errorf("tree: node %d searched a move after a cutoff", i+1)
		}
		score, after, err := replay(nodes, next, depth-1, -beta, -a)
		if err != nil {
			return 0, 0, err
		}
		best, a, next = max(best, -score), max(a, -score), after
		n.Searched++
	}
	if a < beta && n.Searched != n.Moves {
		return 0, 0, fmt.Errorf("tree: node %d searched %d of its %d moves without a cutoff", i+1, n.Searched, n.Moves)
	}
	n.Score = best
	switch {
	case best >= beta:
		n.Kind = "cut"
	case best > alpha:
		n.Kind = "pv"
	default:
		n.Kind = "all"
	}
	return best, next, nil
}
