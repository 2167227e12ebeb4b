package search

import "cb2026/engine/board"

// cutoffSlots is how many move indexes Stats.Cutoffs tells apart; the last
// slot counts the cutoffs by every later move.
const cutoffSlots = 8

// Stats are a search's counters, cheap enough to stay on in every build.
type Stats struct {
	Nodes      uint64              // every node searched
	Iterations []uint64            // nodes of each iteration: index 0 is depth 1
	Cutoffs    [cutoffSlots]uint64 // beta cutoffs by the index of the move that caused them
	// nodes of the quiescence search (chapter 8)
	QNodes uint64 //book:stage 8
	// transposition table lookups, those that found the position, and
	// hits whose score settled the node (chapter 10)
	TTProbes, TTHits, TTCutoffs uint64 //book:stage 10
	// null-window tests that failed high inside the window and were
	// searched again with it (chapter 12)
	Researches uint64 //book:stage 12
	// nodes those searches again cost
	ResearchNodes uint64 //book:stage 12
	// null moves searched (chapter 13)
	NullTries uint64 //book:stage 13
	// null moves that cut their node off
	NullCutoffs uint64 //book:stage 13
	// the root's null-window tests and re-searches, in order (chapter 12)
	Tries []Try //book:stage 12
	// the root's searches with an aspiration window, in order (chapter 17)
	Windows []Window //book:stage 17
}

// A Try is one search of a root move after the first under principal
// variation search: its null-window test, or its re-search with the full
// window after the test failed high inside it. Depth is the iteration's;
// the window and the score are the root's, for its side to move.
//
//book:stage 12
type Try struct {
	Depth              int
	Move               board.Move
	Alpha, Beta, Score int
}

// A Window is one search of the root with an aspiration window: the
// iteration's depth, the window and the score the search returned.
//
//book:stage 17
type Window struct {
	Depth, Alpha, Beta, Score int
}

// beginIteration starts counting the nodes of a new iteration, the search
// having counted nodes so far.
func (st *Stats) beginIteration(nodes uint64) {
	st.Iterations = append(st.Iterations, nodes)
}

// finish turns the running totals into per-iteration counts.
func (st *Stats) finish(nodes uint64) {
	st.Nodes = nodes
	for i := range st.Iterations {
		end := nodes
		if i+1 < len(st.Iterations) {
			end = st.Iterations[i+1]
		}
		st.Iterations[i] = end - st.Iterations[i]
	}
}

// cutoff counts a beta cutoff by the move of the given index.
func (st *Stats) cutoff(index int) {
	st.Cutoffs[min(index, cutoffSlots-1)]++
}

// TotalCutoffs returns the number of beta cutoffs.
func (st Stats) TotalCutoffs() uint64 {
	var total uint64
	for _, n := range st.Cutoffs {
		total += n
	}
	return total
}

// FirstMoveCutoffRate returns the share of beta cutoffs caused by the first
// move searched, the usual measure of move ordering (0 when none).
func (st Stats) FirstMoveCutoffRate() float64 {
	return share(st.Cutoffs[0], st.TotalCutoffs())
}

// share returns part / whole, or 0 when whole is 0 (nothing was counted).
func share(part, whole uint64) float64 {
	if whole == 0 {
		return 0
	}
	return float64(part) / float64(whole)
}

// QuiescenceShare returns the share of nodes searched by quiescence.
//
//book:stage 8
func (st Stats) QuiescenceShare() float64 {
	return share(st.QNodes, st.Nodes)
}

// HashHitRate returns the share of table lookups that found the position.
//
//book:stage 10
func (st Stats) HashHitRate() float64 {
	return share(st.TTHits, st.TTProbes)
}

// ResearchShare returns the share of nodes spent searching moves again
// after their null-window test failed high (0 when no node was searched).
//
//book:stage 12
func (st Stats) ResearchShare() float64 {
	return share(st.ResearchNodes, st.Nodes)
}

// NullCutoffRate returns the share of null moves searched that cut their
// node off (0 when none was searched).
//
//book:stage 13
func (st Stats) NullCutoffRate() float64 {
	return share(st.NullCutoffs, st.NullTries)
}

// Add sums another search's counters into st (iterations excepted), for
// totals over several searches.
func (st *Stats) Add(o Stats) {
	st.Nodes += o.Nodes
	for i := range st.Cutoffs {
		st.Cutoffs[i] += o.Cutoffs[i]
	}
	st.addQuiescence(o)
	st.addTable(o)
	st.addResearches(o)
	st.addNullMoves(o)
}

// addQuiescence sums another search's quiescence nodes into st.
func (st *Stats) addQuiescence(o Stats) {
	st.QNodes += o.QNodes
}

// addTable sums another search's table counters into st.
func (st *Stats) addTable(o Stats) {
	st.TTProbes += o.TTProbes
	st.TTHits += o.TTHits
	st.TTCutoffs += o.TTCutoffs
}

// addResearches sums another search's re-search counters into st.
func (st *Stats) addResearches(o Stats) {
	st.Researches += o.Researches
	st.ResearchNodes += o.ResearchNodes
}

// addNullMoves sums another search's null-move counters into st.
func (st *Stats) addNullMoves(o Stats) {
	st.NullTries += o.NullTries
	st.NullCutoffs += o.NullCutoffs
}
