package search

import (
	"context"
	"slices"
	"time"

	"cb2026/engine/board"
)

// The depth of a search without iterative deepening and without a depth
// limit: what a fast game's clock allows a search that does not manage its
// time (the clock's hard limit still stops one that takes too long).
const (
	defaultNegamaxDepth   = 3 // without alpha-beta
	defaultAlphaBetaDepth = 4
)

// searchFixedDepth searches the root once, to the limit's depth (one ply
// before negamax), reports it and returns the PV (nil if stopped before any
// move was searched).
func (s *Searcher) searchFixedDepth() []board.Move {
	depth := s.fixedDepth()
	s.stats.beginIteration(s.nodes)
	s.rootDepth = depth
	score := s.search(-infinity, infinity, depth, 0)
	pv := s.rootPV()
	if len(pv) > 0 {
		s.sendInfo(depth, score, pv)
	}
	return pv
}

// fixedDepth returns the depth of a search without iterative deepening:
// one ply before negamax, else the limit's depth (at most maxDepth), or
// without one the default of the search.
func (s *Searcher) fixedDepth() int {
	switch {
	case !s.t.Negamax:
		return 1 // stage 4: the best move one ply deep
	case s.limits.Depth > 0:
		return min(s.limits.Depth, maxDepth)
	case s.t.AlphaBeta:
		return defaultAlphaBetaDepth
	}
	return defaultNegamaxDepth
}

// iterate searches the root to depth 1, 2, 3, … until a limit, each
// iteration ordering its moves by what the previous one found, and returns
// the deepest PV (from the last iteration, or from an interrupted one when
// it found a move; nil if none).
func (s *Searcher) iterate() []board.Move {
	var pv []board.Move
	score := 0
	maxIteration := maxDepth
	if s.limits.Depth > 0 {
		maxIteration = min(s.limits.Depth, maxDepth)
	}
	for depth := 1; depth <= maxIteration; depth++ {
		s.stats.beginIteration(s.nodes)
		s.rootDepth = depth
		result := s.searchRoot(depth, score)
		if found := s.rootPV(); len(found) > 0 {
			pv = found // an interrupted iteration's move beat the previous best
		}
		if s.stopped {
			break
		}
		score = result
		if s.t.TT {
			pv = s.extendPV(pv, depth)
		}
		s.sendInfo(depth, score, pv)
		s.prevPV = pv
		if s.clock.softExpired() {
			break
		}
	}
	return pv
}

// searchRoot searches one iteration to depth; previous is the score of the
// iteration before.
func (s *Searcher) searchRoot(depth, previous int) int {
	if s.t.Aspiration && depth >= aspirationMinDepth && !isMate(previous) {
		return s.searchAspirated(depth, previous)
	}
	return s.search(-infinity, infinity, depth, 0)
}

// rootPV returns a copy of the root's PV from the last search call.
func (s *Searcher) rootPV() []board.Move {
	return append([]board.Move(nil), s.pv[0][:s.pvLen[0]]...)
}

// sendInfo reports a finished iteration.
func (s *Searcher) sendInfo(depth, score int, pv []board.Move) {
	info := Info{
		Depth:    depth,
		SelDepth: s.selDepth,
		Score:    score,
		Mate:     mateMoves(score),
		Nodes:    s.nodes,
		Time:     time.Since(s.clock.start),
		PV:       pv,
	}
	if s.t.TT {
		info.HasTable, info.HashFull = true, s.tt.hashFull()
	}
	s.report(info)
}

// measureIterations is MeasureDepths by one search. A search to depth d is
// the first d iterations of a deeper search from the same cleared state:
// only the loop's end reads the depth limit. So depth d's statistics are
// those of the deeper search as its iteration d ends, when it reports it
// (TestMeasureDepthsIsMeasure holds the two to it).
func measureIterations(ctx context.Context, t Techniques, position int, depths []int) ([]Stats, error) {
	p, err := benchPosition(position)
	if err != nil || len(depths) == 0 {
		return nil, err
	}
	at := map[int]Stats{}
	s := NewSearcher(t)
	s.Search(ctx, p, Limits{Depth: slices.Max(depths)}, func(info Info) {
		if slices.Contains(depths, info.Depth) {
			at[info.Depth] = s.statsSoFar()
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	all := make([]Stats, len(depths))
	for i, depth := range depths {
		all[i] = at[depth]
	}
	return all, nil
}

// statsSoFar returns the statistics of the search under way as Stats would
// return them had it ended now.
func (s *Searcher) statsSoFar() Stats {
	st := s.Stats()
	st.finish(s.nodes)
	return st
}
