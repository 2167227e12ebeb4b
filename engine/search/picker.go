package search

import "cb2026/engine/board"

// A pickerStage is one step of the move picker. The picker hands out the moves
// of a node stage by stage, generating each group only when it is reached,
// so that a cutoff early in the node saves generating what comes later.
type pickerStage uint8

// The picker's stages. The order a node goes through them is its order list
// (mainOrder and the others below).
const (
	stageGenerateNoisy  pickerStage = iota // generate and score captures and queen promotions
	stageGoodCaptures                      // best-scored first
	stageGenerateQuiets                    // generate and score the quiet moves
	stageQuiets                            // best-scored first
	stageGenerateAll                       // before MVV-LVA: generate every legal move
	stageAll                               // … and hand them out in generation order
	stageDone                              // no moves left
	// the move to try first, from the last iteration or the table, if legal here
	stageHashMove //book:stage 9
	// the two killer moves of the ply, if legal and quiet here
	stageKillers //book:stage 11
	// the captures that SEE says lose material, put aside until now
	stageBadCaptures //book:stage 15
)

// The order lists. They are read, never written.
var (
	// mainOrder is the order of a node of the main search.
	mainOrder = [...]pickerStage{
		stageHashMove,
		stageGenerateNoisy,
		stageGoodCaptures,
		stageKillers,
		stageGenerateQuiets,
		stageQuiets,
		stageBadCaptures,
		stageDone,
	}
	// unorderedOrder is every node's before MVV-LVA: generation order.
	unorderedOrder = [...]pickerStage{
		stageHashMove,
		stageGenerateAll,
		stageAll,
		stageDone,
	}
	// quiescenceOrder is the order of a node of the quiescence search.
	quiescenceOrder = [...]pickerStage{stageGenerateNoisy, stageGoodCaptures, stageDone}
)

// A picker hands out the legal moves of one node, best first, without
// duplicates. Each ply of the search owns one, reused from node to node.
type picker struct {
	s     *Searcher
	ply   int
	stage pickerStage
	order []pickerStage // the stages still to come
	// captures and queen promotions only
	quiescence bool
	// how scoreNoisy orders captures
	captures captureOrder
	// the move handed out first
	hashMove board.Move
	killers  [2]board.Move
	// the next killer to try
	killer int
	// set by pruning: hand out no more quiet moves
	skipQuiets bool

	noisy, quiets board.MoveList
	bad           board.MoveList //book:stage 15
	noisyScore    [board.MaxMoves]int32
	quietScore    [board.MaxMoves]int32
	next          int // the next index in the current list
}

// start prepares the picker for a node of the main search at ply. It
// resets the fields one by one: clearing the whole struct would zero
// kilobytes of move lists at every node.
func (pk *picker) start(s *Searcher, ply int) {
	pk.s, pk.ply = s, ply
	pk.quiescence = false
	pk.order = mainOrder[:]
	if !s.t.MVVLVA {
		pk.order = unorderedOrder[:]
	}
	pk.advance()
	pk.hashMove = board.NoMove
	pk.chooseCaptureOrder(false)
	pk.killers = [2]board.Move{}
	pk.killer = 0
	if s.t.Killers {
		pk.killers = s.frames[ply].killers
	}
	pk.skipQuiets = false
	pk.next = 0
	pk.noisy.Clear()
	pk.quiets.Clear()
	pk.bad.Clear()
}

// advance moves the picker on to the next stage of its order.
func (pk *picker) advance() {
	pk.stage, pk.order = pk.order[0], pk.order[1:]
}

// nextMove returns the next move to try, or NoMove when none remain.
func (pk *picker) nextMove() board.Move {
	for {
		switch pk.stage {
		case stageHashMove:
			pk.advance()
			if pk.hasHashMove() && pk.s.pos.IsLegal(pk.hashMove) {
				return pk.hashMove
			}
		case stageGenerateNoisy:
			pk.s.pos.GenerateNoisy(&pk.noisy)
			pk.scoreNoisy()
			pk.advance()
		case stageGoodCaptures:
			if m := pk.nextGoodCapture(); m != board.NoMove {
				return m
			}
			pk.advance()
		case stageKillers:
			if m := pk.nextKiller(); m != board.NoMove {
				return m
			}
			pk.advance()
		case stageGenerateQuiets:
			pk.s.pos.GenerateQuiet(&pk.quiets)
			pk.scoreQuiets()
			pk.next = 0
			pk.advance()
		case stageQuiets:
			if m := pk.nextQuiet(); m != board.NoMove {
				return m
			}
			pk.next = 0
			pk.advance()
		case stageBadCaptures:
			if pk.next < pk.bad.Len() {
				pk.next++
				return pk.bad.At(pk.next - 1)
			}
			pk.advance()
		case stageGenerateAll:
			pk.s.pos.GenerateMoves(&pk.quiets) // before MVV-LVA the quiet list holds every move
			pk.next = 0
			pk.advance()
		case stageAll:
			if m := pk.nextUnordered(); m != board.NoMove {
				return m
			}
			pk.advance()
		case stageDone:
			return board.NoMove
		}
	}
}

// hasHashMove reports whether the picker's hash move counts: only the
// switches that find one give a node a hash move.
func (pk *picker) hasHashMove() bool {
	return pk.s.t.IterativeDeepening || pk.s.t.TT
}

// isHashMove reports whether m is the node's hash move, which the picker
// hands out first.
func (pk *picker) isHashMove(m board.Move) bool {
	return m == pk.hashMove && pk.hasHashMove()
}

// scoreNoisy gives each capture and queen promotion its ordering score.
func (pk *picker) scoreNoisy() {
	for i := range pk.noisy.Len() {
		switch {
		case pk.byCaptureHistory():
			pk.noisyScore[i] = int32(pk.captureHistoryScore(pk.noisy.At(i)))
		case pk.s.t.MVVLVA:
			pk.noisyScore[i] = int32(mvvLva(pk.s.pos, pk.noisy.At(i)))
		default:
			pk.noisyScore[i] = 0 // generation order
		}
	}
}

// scoreQuiets gives each quiet move its score by quietScore.
func (pk *picker) scoreQuiets() {
	for i := range pk.quiets.Len() {
		pk.quietScore[i] = int32(pk.s.quietScore(pk.quiets.At(i), pk.ply))
	}
}

// nextGoodCapture returns the best-scored capture not yet handed out, or
// NoMove when none is left.
func (pk *picker) nextGoodCapture() board.Move {
	for pk.next < pk.noisy.Len() {
		m := selectBest(&pk.noisy, pk.noisyScore[:], pk.next)
		pk.next++
		if pk.isHashMove(m) {
			continue
		}
		if pk.s.t.SEEOrdering && !pk.quiescence && losesMaterial(pk.s.pos, m) {
			pk.bad.Add(m) // it waits for stageBadCaptures
			continue
		}
		return m
	}
	pk.next = 0
	return board.NoMove
}

// nextKiller returns the next killer move that is legal and quiet here and
// not the hash move, or NoMove. A killer that captures here was tried with
// the captures.
func (pk *picker) nextKiller() board.Move {
	for pk.killer < len(pk.killers) {
		if pk.skipQuiets && pk.s.t.LateMovePruning {
			break
		}
		m := pk.killers[pk.killer]
		pk.killer++
		if !pk.isHashMove(m) && pk.s.pos.IsLegal(m) && !isNoisy(pk.s.pos, m) {
			return m
		}
	}
	return board.NoMove
}

// nextQuiet returns the best-scored quiet move not yet handed out, or NoMove.
func (pk *picker) nextQuiet() board.Move {
	for pk.next < pk.quiets.Len() {
		if pk.skipQuiets && pk.s.t.LateMovePruning {
			break
		}
		m := selectBest(&pk.quiets, pk.quietScore[:], pk.next)
		pk.next++
		if pk.isHashMove(m) {
			continue
		}
		if pk.s.t.Killers && (m == pk.killers[0] || m == pk.killers[1]) {
			continue
		}
		return m
	}
	return board.NoMove
}

// nextUnordered returns the next move in generation order, or NoMove.
func (pk *picker) nextUnordered() board.Move {
	if pk.next == pk.quiets.Len() {
		return board.NoMove
	}
	m := pk.quiets.At(pk.next)
	pk.next++
	if pk.isHashMove(m) {
		return pk.nextUnordered() // it was tried first
	}
	return m
}

// selectBest moves the best-scored move of l[from:] to index from and returns
// it: one step of a selection sort, which is all a node needs when an early
// move cuts off. Ties go to the earlier move.
func selectBest(l *board.MoveList, scores []int32, from int) board.Move {
	scores = scores[:l.Len()] // one bounds check for the loop
	best, bestScore := from, scores[from]
	for i := from + 1; i < len(scores); i++ {
		if scores[i] > bestScore {
			best, bestScore = i, scores[i]
		}
	}
	l.Swap(from, best)
	scores[from], scores[best] = bestScore, scores[from]
	return l.At(from)
}
