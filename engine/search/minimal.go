//book:stage 7

package search

import (
	"context"

	"cb2026/engine/board"
)

// TreeSizes are the sizes of two trees of one position to one depth, in
// nodes entered, the root and the leaves included, as Stats counts them.
type TreeSizes struct {
	Negamax uint64 // every node: what negamax searches
	Minimal uint64 // the fewest nodes that prove negamax's score: alpha-beta's best case
}

// MinimalTree searches bench position number (from 1) to depth by
// negamax, with the evaluation of the techniques t at the leaves and no
// other technique, and returns the size of its tree and of Knuth and
// Moore's minimal tree in it: the smallest part of the tree that proves
// the root's score, which is what alpha-beta searches when every node
// tries a best move first (and, where several moves refute, the one with
// the smallest proof). No move order searches less.
func MinimalTree(ctx context.Context, t Techniques, position, depth int) (TreeSizes, error) {
	p, err := benchPosition(position)
	if err != nil {
		return TreeSizes{}, err
	}
	s := NewSearcher(t)
	s.begin(ctx, p, Limits{}, nil)
	defer s.end()
	score := s.prove(depth, 0, 0).score // the first pass finds the score to prove
	negamax := s.nodes
	root := s.prove(depth, 0, score)
	if err := ctx.Err(); err != nil {
		return TreeSizes{}, err
	}
	return TreeSizes{Negamax: negamax, Minimal: root.asPV}, nil
}

// A proof is what negamax learns of a node: its score for the side to
// move, and the size of the smallest tree below it that proves, as each
// kind of node it can be, what that kind must show. A PV node shows its
// exact score: it proves a best move as a PV node and refutes every other
// move as a cut node. A cut node shows that its score reaches the bound:
// one move that does, proved as an all node, is enough. An all node shows
// that its score does not pass the bound: every move is refuted as a cut
// node.
type proof struct {
	score              int
	asPV, asCut, asAll uint64
}

// prove searches the current position to depth by negamax at ply and
// returns its proof. The bound is the root's score for the root's side to
// move, and its negation for the other side: every cut and all node of the
// minimal tree is tested against it.
func (s *Searcher) prove(depth, ply, bound int) proof {
	leaf := proof{asPV: 1, asCut: 1, asAll: 1}
	if s.enterNode(ply) {
		return leaf
	}
	if depth == 0 {
		leaf.score = s.evaluate()
		return leaf
	}
	var moves board.MoveList
	s.pos.GenerateMoves(&moves)
	if moves.Len() == 0 {
		leaf.score = drawScore
		if s.pos.InCheck() {
			leaf.score = matedIn(ply)
		}
		return leaf
	}
	children := make([]proof, moves.Len())
	n := proof{score: -infinity, asAll: 1}
	for i := range children {
		s.makeMove(moves.At(i), ply)
		children[i] = s.prove(depth-1, ply+1, -bound)
		s.unmakeMove()
		n.score = max(n.score, -children[i].score)
		n.asAll += children[i].asCut
	}
	n.asPV, n.asCut = ^uint64(0), ^uint64(0) // none yet: a kind this node cannot be is never read
	for _, c := range children {
		if -c.score == n.score { // a best move, proved exactly; the others refuted
			n.asPV = min(n.asPV, n.asAll-c.asCut+c.asPV)
		}
		if -c.score >= bound { // a move that reaches the bound
			n.asCut = min(n.asCut, 1+c.asAll)
		}
	}
	return n
}
