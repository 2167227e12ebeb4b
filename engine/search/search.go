package search

import (
	"context"
	"time"

	"cb2026/engine/board"
	"cb2026/engine/eval"
)

// Info is one progress report of a search: a UCI "info" line.
type Info struct {
	Depth, SelDepth int
	Score           int // centipawns, side to move's view (ignored when Mate != 0)
	Mate            int // moves to mate, negative when being mated; 0 when not a mate score
	Nodes           uint64
	Time            time.Duration
	// whether the search has a transposition table (chapter 10), and how
	// full it is, per mille
	HasTable bool //book:stage 10
	HashFull int  //book:stage 10
	PV       []board.Move
}

// A frame is what the search keeps about one ply of the current line.
type frame struct {
	killers [2]board.Move // quiet moves that cut off at this ply
	piece   board.Piece   // the piece moved at this ply (NoPiece: a null move)
	to      board.Square  // its destination
	onPV    bool          // the line so far is the previous iteration's PV

	// the move a singular search at this ply leaves out, or NoMove
	excluded board.Move
	// the double extensions on the line down to this ply
	doubleExtensions int
	eval             int // the static evaluation of this ply's node …
	// … if it has one (it is not in check)
	hasEval bool
}

// A node is one position of the search tree and what the search knows of it.
// The node function and the functions it calls pass it around instead of
// long parameter lists.
type node struct {
	alpha, beta int        // the window: scores outside it are not needed exactly
	depth       int        // plies left to the horizon
	ply         int        // plies from the root
	inCheck     bool       // the side to move is in check
	pvNode      bool       // an open window: this node may be on the PV
	eval        int        // static evaluation (only when a pruning rule needs it)
	hashMove    board.Move // the move to try first: the table's or the previous PV's, NoMove if none
	entry       ttEntry    // the table's entry for the node (bound boundNone if none)
	startAlpha  int        // alpha as the node's moves began, before they raised it
	bestMove    board.Move // the move that scored best so far, NoMove before the first
	rawEval     int        // the static evaluation before correction history corrects it
	// the move a singular search leaves out, or NoMove
	excluded board.Move
	// how many plies deeper the hash move is searched
	extension int
	// the static eval is better than two plies before (or that is unknown)
	improving bool
	// the move the node is searching now is quiet
	quietMove bool
}

// A Searcher searches positions. What it learns carries over from one search
// to the next until NewGame.
type Searcher struct {
	t  Techniques
	tt *table //book:stage 10
	// a search has used tt since it was cleared
	ttUsed bool //book:stage 10

	// Move ordering knowledge, kept between searches.
	learned  bool // a history was taught since NewGame (else all are zero)
	quiet    quietHistory
	capture  captureHistory
	counter  continuationHistory // by the move one ply back
	followUp continuationHistory // by the move two plies back
	// static evaluations by key (EvalCache)
	evals evalCache
	// the shapes of pawn structures (PawnHash)
	pawns *eval.PawnHash
	// the static evaluation's errors by pawn structure
	correction correctionHistory

	// The search in progress.
	pos       *board.Position
	ctx       context.Context
	limits    Limits
	clock     clock
	report    func(Info)
	nodes     uint64
	selDepth  int
	stopped   bool
	rootDepth int // the depth of the iteration in progress
	frames    [maxPly + 2]frame
	noFrame   frame // what previous returns before the root: empty, never written
	pickers   [maxPly + 1]picker
	tried     [maxPly + 1]triedMoves             // the moves each ply's node has searched
	pv        [maxPly + 2][maxPly + 1]board.Move // pv[ply]: the best line from ply
	pvLen     [maxPly + 2]int
	prevPV    []board.Move // the last completed iteration's PV
	stats     Stats
	// told of each node entered; nil but in Tree
	trace func(ply int)
}

// NewSearcher returns a searcher with the given techniques.
func NewSearcher(t Techniques) *Searcher {
	s := &Searcher{t: t}
	s.allocateTable()
	return s
}

// Techniques returns the live switches; change them only between searches.
func (s *Searcher) Techniques() *Techniques {
	return &s.t
}

// Stats returns the counters of the last search.
func (s *Searcher) Stats() Stats {
	st := s.stats
	st.Iterations = append([]uint64(nil), st.Iterations...)
	return st
}

// NewGame forgets everything learned.
func (s *Searcher) NewGame() {
	s.clearTable()
	s.forgetHistories()
	s.correction.forget()
}

// Search searches p until a limit is reached or ctx is done, calls report
// (which may be nil) for each info line, and returns the best move and the
// move it expects in reply (NoMove if none). It moves on p but leaves it as
// given. It returns NoMove only when p has no legal move, even when stopped
// at once: then it plays the first legal move.
func (s *Searcher) Search(ctx context.Context, p *board.Position, l Limits, report func(Info)) (best, ponder board.Move) {
	first := firstLegalMove(p)
	if first == board.NoMove || !s.t.Evaluation {
		return first, board.NoMove // nothing to choose from, or (stage 3) nothing to choose by
	}
	s.begin(ctx, p, l, report)
	defer s.end()
	pv := s.findPV()
	if len(pv) == 0 {
		return first, board.NoMove // stopped before a move was searched
	}
	return pv[0], s.ponderMove(pv)
}

// firstLegalMove returns p's first legal move in generation order, or NoMove
// if it has none: the move played before the engine can evaluate (stage 3),
// and when a search is stopped before it has a move.
func firstLegalMove(p *board.Position) board.Move {
	var moves board.MoveList
	p.GenerateMoves(&moves)
	if moves.Len() == 0 {
		return board.NoMove
	}
	return moves.At(0)
}

// findPV runs the search proper and returns its PV: by iterative deepening,
// or before that chapter by one search to a fixed depth.
func (s *Searcher) findPV() []board.Move {
	if s.t.IterativeDeepening {
		return s.iterate()
	}
	return s.searchFixedDepth()
}

// begin sets the searcher up for one search of p.
func (s *Searcher) begin(ctx context.Context, p *board.Position, l Limits, report func(Info)) {
	if report == nil {
		report = func(Info) {}
	}
	s.pos, s.ctx, s.limits, s.report = p, ctx, l, report
	s.clock = newClock(l, p.SideToMove(), time.Now())
	s.nodes, s.selDepth, s.stopped = 0, 0, false
	s.prevPV = nil
	s.stats = Stats{}
	s.frames = [maxPly + 2]frame{} // what a ply learns is for this search only
	s.frames[0].onPV = true
	s.useTable()
	if s.t.EvalCache {
		s.evals.prepare(s.t.evalTerms())
	}
	s.ageHistories()
}

// end closes the statistics and drops the references to the searched
// position and context.
func (s *Searcher) end() {
	s.stats.finish(s.nodes)
	s.pos, s.ctx, s.report = nil, nil, nil
}

// evaluate returns the static evaluation of the current position.
func (s *Searcher) evaluate() int {
	if s.t.EvalCache || s.t.Tempo || s.t.PawnHash {
		return s.evaluateMain()
	}
	if s.t.withTerms() {
		return eval.EvaluateTerms(s.pos, s.t.evalTerms())
	}
	return eval.Evaluate(s.pos)
}

// ponderMove returns the reply the search expects to best (pv[0]): the PV's
// second move, or else the move the search remembers for the position after
// best, if it remembers one and it is legal there.
func (s *Searcher) ponderMove(pv []board.Move) board.Move {
	if len(pv) > 1 {
		return pv[1]
	}
	if !s.t.TT {
		return board.NoMove
	}
	s.pos.MakeMove(pv[0])
	defer s.pos.UnmakeMove()
	m, _ := s.tableMove() // NoMove if none
	return m
}
