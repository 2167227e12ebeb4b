//book:stage 7

package search

import (
	"context"

	"cb2026/engine/board"
)

// A PickedMove is a move as the picker hands it out, with the name of the
// stage that hands it out.
type PickedMove struct {
	Move  board.Move
	Stage string
}

// stageNames name the picker's stages.
var stageNames = [...]string{
	stageGenerateNoisy:  "generate-noisy",
	stageGoodCaptures:   "captures",
	stageGenerateQuiets: "generate-quiets",
	stageQuiets:         "quiets",
	stageGenerateAll:    "generate-all",
	stageAll:            "unordered",
	stageDone:           "done",
	stageHashMove:       "hash-move",
	stageKillers:        "killers",
	stageBadCaptures:    "bad-captures",
}

// String returns the stage's name.
func (st pickerStage) String() string { return stageNames[st] }

// PickOrder searches bench position number (from 1) to depth with the
// techniques t from a cleared state, as Measure does, plays the move the
// search chose, and returns it with the moves of the position after it in
// the order the picker hands them out there, each with its stage: the
// order the search itself would try them in now, with all it has learned.
func PickOrder(ctx context.Context, t Techniques, position, depth int) (board.Move, []PickedMove, error) {
	p, err := benchPosition(position)
	if err != nil {
		return board.NoMove, nil, err
	}
	s := NewSearcher(t)
	best, _ := s.Search(ctx, p, Limits{Depth: depth}, nil)
	if err := ctx.Err(); err != nil {
		return board.NoMove, nil, err
	}
	s.pos = p // the search has let go of it
	s.makeMove(best, 0)
	defer s.unmakeMove()
	n := node{ply: 1}
	if m, ok := s.previousPVMove(n.ply); ok {
		n.hashMove = m
	}
	s.probe(&n)
	pk := &s.pickers[n.ply]
	pk.start(s, n.ply)
	pk.hashMove = n.hashMove
	var moves []PickedMove
	for {
		before := pk.stage
		m := pk.nextMove()
		if m == board.NoMove {
			return best, moves, nil
		}
		stage := pk.stage
		if generates(stage) {
			stage = before // a stage of one move moves on as it hands it out
		}
		moves = append(moves, PickedMove{Move: m, Stage: stage.String()})
	}
}

// generates reports whether a stage generates moves rather than hands
// them out.
func generates(st pickerStage) bool {
	return st == stageGenerateNoisy || st == stageGenerateQuiets || st == stageGenerateAll
}
