package search

import "cb2026/engine/board"

// search returns the score of the current position searched depth plies deep
// with the window (alpha, beta), from the side to move's point of view: the
// negamax form of minimax, where each side maximizes the negation of the
// other's score.
func (s *Searcher) search(alpha, beta, depth, ply int) int {
	n := node{alpha: alpha, beta: beta, depth: depth, ply: ply, pvNode: beta-alpha > 1}
	n.excluded = s.frames[ply].excluded
	n.inCheck = s.pos.InCheck()
	// Check extension: a check is searched one ply deeper, so the horizon
	// never falls between a check and its answer.
	if s.t.CheckExtension && n.inCheck {
		n.depth++
	}
	if n.depth <= 0 {
		return s.leaf(&n)
	}
	if s.enterNode(ply) {
		return 0
	}
	if ply > 0 && s.t.Draws && s.isDraw(ply) {
		return drawScore
	}
	if ply >= maxPly {
		return s.evaluate()
	}
	if m, ok := s.previousPVMove(ply); ok {
		n.hashMove = m
	}
	if score, ok := s.probe(&n); ok {
		return score
	}
	if s.needsEval() && !n.inCheck {
		n.eval = s.evaluate()
		if s.t.CorrectionHistory {
			s.correctEval(&n)
		}
	}
	if s.t.Improving {
		s.markImproving(&n)
	}
	if score, ok := s.tryReverseFutility(&n); ok {
		return score
	}
	if score, ok := s.tryNullMove(&n); ok {
		return score
	}
	if score, ok := s.trySingular(&n); ok {
		return score
	}
	if s.t.IIR {
		s.reduceWithoutHashMove(&n)
	}
	return s.searchMoves(&n)
}

// searchMoves searches every move of the node in the picker's order and
// returns the best score.
func (s *Searcher) searchMoves(n *node) int {
	pk := &s.pickers[n.ply]
	pk.start(s, n.ply)
	pk.hashMove = n.hashMove
	tried := &s.tried[n.ply] // reused: declaring one would zero it at every node
	tried.clear()
	best := -infinity
	n.startAlpha = n.alpha
	for m := pk.nextMove(); m != board.NoMove; m = pk.nextMove() {
		if s.t.SingularExtensions && m == n.excluded {
			continue
		}
		quiet := !isNoisy(s.pos, m)
		if quiet && s.pruneLate(n, pk, best, tried.quietCount) {
			continue
		}
		if quiet && s.pruneFutile(n, m, best) {
			continue
		}
		n.quietMove = quiet
		score := s.searchMove(n, m)
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			n.bestMove = m
		}
		if score > n.alpha {
			n.alpha = score
			s.updatePV(n.ply, m)
			// Beta cutoff: the opponent has a better choice earlier in the
			// tree and will never let the game reach this node.
			if s.t.AlphaBeta && score >= n.beta {
				s.stats.cutoff(tried.count())
				s.onCutoff(n, m, quiet, tried)
				break
			}
		}
		tried.remember(m, quiet)
		tried.add(quiet)
	}
	if best == -infinity {
		return s.noMoves(n)
	}
	if s.t.CorrectionHistory {
		s.learnCorrection(n, best)
	}
	s.store(n, best)
	return best
}

// searchMove makes move m, searches the position after it to the right depth
// and window, unmakes it and returns its score for the side to move here.
func (s *Searcher) searchMove(n *node, m board.Move) int {
	s.makeMove(m, n.ply)
	depth := n.depth - 1
	if s.t.SingularExtensions {
		depth += s.extend(n, m) // a singular extension
	}
	if s.t.LMR {
		if r := s.reduction(n); r > 0 {
			// A late move searched r plies shallower is done if it does not
			// beat alpha there; if it does, it is searched again at full depth.
			if score := s.searchReduced(n, depth-r); score <= n.alpha {
				s.unmakeMove()
				return score
			}
		}
	}
	score := s.searchChild(n, depth)
	s.unmakeMove()
	return score
}

// searchChild searches the position after a move to depth, as a node of the
// opponent's, and returns its score for the side to move here.
func (s *Searcher) searchChild(n *node, depth int) int {
	alpha, beta, ply := n.alpha, n.beta, n.ply+1
	if !s.t.PVS || s.searched(n) == 0 {
		return -s.search(-beta, -alpha, depth, ply)
	}
	// Principal variation search: a move after the first is searched with a
	// null window that only asks "is it better than alpha?", and again with
	// the full window when it is.
	score := -s.scout(-alpha-1, -alpha, depth, ply)
	if score > alpha && score < beta {
		score = -s.research(-beta, -alpha, depth, ply)
	}
	return score
}

// searched returns how many moves node n searched before the one it is
// searching now: 0 for its first.
func (s *Searcher) searched(n *node) int {
	return s.tried[n.ply].count()
}

// scout searches a move with a null window, the test that asks only whether
// the move beats alpha, and records it for the stats when the move is the
// root's (the console's tries command).
func (s *Searcher) scout(alpha, beta, depth, ply int) int {
	score := s.search(alpha, beta, depth, ply)
	s.rootTry(alpha, beta, score, ply)
	return score
}

// research searches a move again with the full window after its null-window
// test failed high inside the window, and counts it for the stats: one
// re-search, and its nodes. A re-search inside this one has counted its
// nodes already, and they are among this one's, so the total becomes what
// it was when this one began plus this one's nodes. Like scout, it records
// a search of a root move for the tries command.
func (s *Searcher) research(alpha, beta, depth, ply int) int {
	s.stats.Researches++
	nodes, before := s.nodes, s.stats.ResearchNodes
	score := s.search(alpha, beta, depth, ply)
	s.stats.ResearchNodes = before + s.nodes - nodes
	s.rootTry(alpha, beta, score, ply)
	return score
}

// rootTry records a search of a root move for the stats: the window
// (alpha, beta) and the score of the search of the position after it, at
// ply 1, turned to the root's side. Deeper searches it leaves alone.
func (s *Searcher) rootTry(alpha, beta, score, ply int) {
	if ply == 1 {
		s.stats.Tries = append(s.stats.Tries, Try{Depth: len(s.stats.Iterations),
			Move: s.pos.LastMove(), Alpha: -beta, Beta: -alpha, Score: -score})
	}
}

// leaf scores a node at the horizon.
func (s *Searcher) leaf(n *node) int {
	if s.t.Quiescence {
		return s.quiesce(n.alpha, n.beta, n.ply) // searches captures until the position is quiet
	}
	if s.enterNode(n.ply) {
		return 0
	}
	return s.evaluate()
}

// noMoves scores a node without legal moves: checkmate (the sooner, the worse
// for the side to move) or stalemate.
func (s *Searcher) noMoves(n *node) int {
	if s.singularSearch(n) {
		return n.alpha // the left-out move was the only one: it is singular
	}
	if n.inCheck {
		return matedIn(n.ply)
	}
	return drawScore
}

// isDraw reports a draw ply plies below the root: by repetition (see
// board.Position.IsRepetitionDraw), by the fifty-move rule, or because
// neither side has the material left to mate.
func (s *Searcher) isDraw(ply int) bool {
	return s.pos.IsRepetitionDraw(ply) ||
		s.isFiftyMoveDraw() ||
		s.pos.IsInsufficientMaterial()
}

// isFiftyMoveDraw reports a draw by the fifty-move rule. Mate ends the game
// before the rule does (FIDE Laws of Chess, 9.6), so at a hundred plies
// without a capture or pawn move the rules' own verdict is asked, and it
// looks at mate first; the moves it generates cost nothing at the nodes
// that never reach the count.
func (s *Searcher) isFiftyMoveDraw() bool {
	if s.pos.HalfmoveClock() < board.FiftyMovePlies {
		return false
	}
	result, _ := s.pos.Ending()
	return result == board.Drawn
}
