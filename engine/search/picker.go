package search

import "cb2026/engine/board"

// A pickerStage is one step of the move picker. The picker hands out the moves
// of a node stage by stage, generating each group only when it is reached: a
// cutoff by the hash move saves generating any, one by a capture or a killer
// saves generating the quiet moves. The hash move and the killers, which come
// from elsewhere, are tested with board's IsLegal.
type pickerStage uint8

// The picker's stages, in the order a node goes through them.
const (
	stageHashMove       pickerStage = iota // the transposition table's (or previous PV's) move
	stageGenerateNoisy                     // generate and score captures and queen promotions
	stageGoodCaptures                      // best first; losing ones (by SEE) put aside
	stageKillers                           // the two killer moves of the ply
	stageGenerateQuiets                    // generate and score the quiet moves
	stageQuiets                            // best history first
	stageBadCaptures                       // the losing captures put aside
	stageGenerateAll                       // before MVV-LVA: generate every legal move
	stageAll                               // … and hand them out in generation order
	stageDone                              // no moves left
)

// A picker hands out the legal moves of one node, best first, without
// duplicates. Each ply of the search owns one, reused from node to node.
type picker struct {
	s          *Searcher
	ply        int
	stage      pickerStage
	quiescence bool         // captures and queen promotions only
	captures   captureOrder // how scoreNoisy orders captures
	hashMove   board.Move
	killers    [2]board.Move
	killer     int  // the next killer to try
	skipQuiets bool // set by pruning: hand out no more quiet moves

	noisy, quiets, bad board.MoveList
	noisyScore         [board.MaxMoves]int32
	quietScore         [board.MaxMoves]int32
	next               int // the next index in the current list
}

// start prepares the picker for a node of the main search at ply, or of the
// quiescence search, with hashMove (NoMove if none) to try first. It resets
// the fields one by one: clearing the whole struct would zero kilobytes of
// move lists at every node.
func (pk *picker) start(s *Searcher, ply int, hashMove board.Move, quiescence bool) {
	pk.s, pk.ply, pk.hashMove, pk.quiescence = s, ply, hashMove, quiescence
	pk.captures = orderMVVLVA
	if s.t.CaptureHistory != CaptureHistoryOff {
		pk.captures = s.t.CaptureHistory.order(quiescence)
	}
	pk.killers = [2]board.Move{}
	if s.t.Killers && !quiescence {
		pk.killers = s.frames[ply].killers
	}
	pk.killer, pk.next, pk.skipQuiets = 0, 0, false
	pk.noisy.Clear()
	pk.quiets.Clear()
	pk.bad.Clear()
	pk.stage = stageHashMove
	if quiescence {
		pk.stage = stageGenerateNoisy
	}
}

// nextMove returns the next move to try, or NoMove when none remain.
func (pk *picker) nextMove() board.Move {
	for {
		switch pk.stage {
		case stageHashMove:
			pk.stage = stageGenerateNoisy
			if !pk.s.t.MVVLVA {
				pk.stage = stageGenerateAll // before ordering: generation order
			}
			if pk.s.pos.IsLegal(pk.hashMove) {
				return pk.hashMove
			}
		case stageGenerateNoisy:
			pk.s.pos.GenerateNoisy(&pk.noisy)
			pk.scoreNoisy()
			pk.stage = stageGoodCaptures
		case stageGoodCaptures:
			if m := pk.nextGoodCapture(); m != board.NoMove {
				return m
			}
			pk.stage = stageKillers
			if pk.quiescence {
				pk.stage = stageDone
			}
		case stageKillers:
			if m := pk.nextKiller(); m != board.NoMove {
				return m
			}
			pk.stage = stageGenerateQuiets
		case stageGenerateQuiets:
			pk.s.pos.GenerateQuiet(&pk.quiets)
			pk.scoreQuiets()
			pk.next = 0
			pk.stage = stageQuiets
		case stageQuiets:
			if m := pk.nextQuiet(); m != board.NoMove {
				return m
			}
			pk.next = 0
			pk.stage = stageBadCaptures
		case stageBadCaptures:
			if pk.next < pk.bad.Len() {
				pk.next++
				return pk.bad.At(pk.next - 1)
			}
			pk.stage = stageDone
		case stageGenerateAll:
			pk.s.pos.GenerateMoves(&pk.quiets) // before MVV-LVA the quiet list holds every move
			pk.next = 0
			pk.stage = stageAll
		case stageAll:
			if m := pk.nextUnordered(); m != board.NoMove {
				return m
			}
			pk.stage = stageDone
		case stageDone:
			return board.NoMove
		}
	}
}

// scoreNoisy gives each capture and queen promotion its ordering score.
func (pk *picker) scoreNoisy() {
	p := pk.s.pos
	for i := range pk.noisy.Len() {
		m := pk.noisy.At(i)
		switch {
		//book:stage main
		case pk.captures == orderCaptureHistory:
			pk.noisyScore[i] = int32(captureScore(p, m, &pk.s.capture))
		//book:stage main
		case pk.captures == orderSameVictim:
			pk.noisyScore[i] = int32(captureScoreVictim(p, m, &pk.s.capture))
		//book:stage main
		case pk.captures == orderSEEBands:
			pk.noisyScore[i] = int32(captureScoreSEE(p, m, &pk.s.capture, pk.ply > 0))
		case pk.s.t.MVVLVA:
			pk.noisyScore[i] = int32(mvvLva(p, m))
		default:
			pk.noisyScore[i] = 0 // generation order
		}
	}
}

// scoreQuiets gives each quiet move its history score (all zero, and so
// generation order, while no history switch is on).
func (pk *picker) scoreQuiets() {
	for i := range pk.quiets.Len() {
		pk.quietScore[i] = int32(pk.s.quietScore(pk.quiets.At(i), pk.ply))
	}
}

// nextGoodCapture returns the best remaining capture that does not lose
// material (by SEE, when that switch is on), putting losing ones aside.
func (pk *picker) nextGoodCapture() board.Move {
	for pk.next < pk.noisy.Len() {
		m := selectBest(&pk.noisy, pk.noisyScore[:], pk.next)
		pk.next++
		if m == pk.hashMove {
			continue
		}
		if pk.s.t.SEEOrdering && !pk.quiescence && losesMaterial(pk.s.pos, m) {
			pk.bad.Add(m)
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
	for pk.killer < len(pk.killers) && !pk.skipQuiets {
		m := pk.killers[pk.killer]
		pk.killer++
		if m != pk.hashMove && pk.s.pos.IsLegal(m) && !isNoisy(pk.s.pos, m) {
			return m
		}
	}
	return board.NoMove
}

// nextQuiet returns the best remaining quiet move not yet tried.
func (pk *picker) nextQuiet() board.Move {
	for pk.next < pk.quiets.Len() && !pk.skipQuiets {
		m := selectBest(&pk.quiets, pk.quietScore[:], pk.next)
		pk.next++
		if m == pk.hashMove || m == pk.killers[0] || m == pk.killers[1] {
			continue
		}
		return m
	}
	return board.NoMove
}

// nextUnordered returns the next move in generation order, skipping the hash move.
func (pk *picker) nextUnordered() board.Move {
	for pk.next < pk.quiets.Len() {
		m := pk.quiets.At(pk.next)
		pk.next++
		if m != pk.hashMove {
			return m
		}
	}
	return board.NoMove
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
