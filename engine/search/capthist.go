//book:stage main

package search

import (
	"fmt"
	"strings"

	"cb2026/engine/board"
)

// A CaptureHistoryDesign is one of the designs of capture history the
// capture history chapter measures, or none: the value of the CaptureHistory
// option. Each design teaches the same table; they differ in how they read it
// and in one rule of teaching it.
type CaptureHistoryDesign uint8

// The capture history designs, by the chapter's names.
const (
	CaptureHistoryOff        CaptureHistoryDesign = iota // no capture history: MVV-LVA
	CaptureHistoryV2                                     // version 2: victim's value × captureScale + history, in main search and quiescence
	CaptureHistoryV3                                     // version 3: version 2 at main-search nodes only
	CaptureHistorySameVictim                             // version 2, history reordering only captures of the same victim
	CaptureHistoryNoPenalty                              // version 2 without penalties before a quiet cutoff
)

// A captureOrder names the order the picker gives captures and queen
// promotions: MVV-LVA (or generation order before that chapter), or one of
// the capture history orders.
type captureOrder uint8

// The capture orders.
const (
	orderMVVLVA         captureOrder = iota // mvvLva, or generation order before stage 7
	orderCaptureHistory                     // captureScore: version 2
	orderSameVictim                         // captureScoreVictim
)

// captureHistoryScore returns capture m's ordering score in the capture
// history order the picker follows (pk.captures, not orderMVVLVA).
func (pk *picker) captureHistoryScore(m board.Move) int {
	p := pk.s.pos
	if pk.captures == orderSameVictim {
		return captureScoreVictim(p, m, &pk.s.capture)
	}
	return captureScore(p, m, &pk.s.capture)
}

// captureHistoryDesigns says what each design does: its name (the UCI and
// console value), the capture order of main-search and of quiescence nodes,
// and whether a quiet move's cutoff penalizes the captures tried before it.
var captureHistoryDesigns = [...]struct {
	name             string
	main, quiescence captureOrder
	quietCutPenalty  bool
}{
	CaptureHistoryOff:        {"off", orderMVVLVA, orderMVVLVA, false},
	CaptureHistoryV2:         {"v2", orderCaptureHistory, orderCaptureHistory, true},
	CaptureHistoryV3:         {"v3", orderCaptureHistory, orderMVVLVA, true},
	CaptureHistorySameVictim: {"same-victim", orderSameVictim, orderSameVictim, true},
	CaptureHistoryNoPenalty:  {"no-penalty", orderCaptureHistory, orderCaptureHistory, false},
}

// String returns the design's name, such as "v2".
func (d CaptureHistoryDesign) String() string {
	return captureHistoryDesigns[d].name
}

// order returns the design's capture order at a main-search node, or at a
// quiescence node if quiescence is set.
func (d CaptureHistoryDesign) order(quiescence bool) captureOrder {
	if quiescence {
		return captureHistoryDesigns[d].quiescence
	}
	return captureHistoryDesigns[d].main
}

// chooseCaptureOrder sets the order in which the picker hands out the
// captures of its node: the design's, for the main search or the
// quiescence search.
func (pk *picker) chooseCaptureOrder(quiescence bool) {
	pk.captures = pk.s.t.CaptureHistory.order(quiescence)
}

// byCaptureHistory reports whether the picker orders its captures by
// capture history.
func (pk *picker) byCaptureHistory() bool {
	return pk.captures != orderMVVLVA && pk.s.t.CaptureHistory != CaptureHistoryOff
}

// quietCutPenalty reports whether a quiet move's cutoff penalizes the
// captures tried before it.
func (d CaptureHistoryDesign) quietCutPenalty() bool {
	return captureHistoryDesigns[d].quietCutPenalty
}

// captureHistoryDesignNames returns the designs' names, off first.
func captureHistoryDesignNames() []string {
	var names []string
	for _, d := range captureHistoryDesigns {
		names = append(names, d.name)
	}
	return names
}

// parseCaptureHistoryDesign returns the design of that name, in any case.
func parseCaptureHistoryDesign(name string) (CaptureHistoryDesign, error) {
	for d, design := range captureHistoryDesigns {
		if strings.EqualFold(name, design.name) {
			return CaptureHistoryDesign(d), nil
		}
	}
	return CaptureHistoryOff, fmt.Errorf("value %q: want one of %s", name, strings.Join(captureHistoryDesignNames(), ", "))
}

// captureScale is version 2's weight of the victim's SEE value against the
// history score (±maxHistory). It keeps two promises, each about a capture
// whose own history is zero ("none"):
//
//	a pawn capture with the best history passes a rook capture with none:
//	    100×32 + 16,384 = 19,584 > 500×32 = 16,000
//	but never a queen capture with none (nor one whose history is positive):
//	    19,584 < 900×32 = 28,800
//
// A queen capture whose own history has fallen below −9,216 (28,800 − 19,584)
// can still be passed. No scale keeps the first promise and makes the second
// hold whatever the queen capture's history: the first asks for
// 400×scale < 16,384 (scale ≤ 40), the strong second for 800×scale > 32,768,
// history's whole span (scale ≥ 41). The rook-to-pawn gap is half the
// queen-to-pawn gap and history's span twice its reach above zero, so both
// bounds are 40.96, from either side. Version 2 keeps ×32 and the promise as
// stated; the same-victim design (captureScoreVictim) is the strong form.
const captureScale = 32

// captureScore orders a capture or queen promotion by capture history
// (version 2 of the capture history chapter): the victim's SEE value, plus
// queen − pawn for a queen promotion, times captureScale, plus the history
// score, minus the attacker's rank as the tie-break.
func captureScore(p *board.Position, m board.Move, h *captureHistory) int {
	victim := seeValue[p.Captured(m)]
	if m.Promotion() == board.Queen {
		victim += seeValue[board.Queen] - seeValue[board.Pawn]
	}
	return victim*captureScale + h.get(p, m) - int(p.Moving(m).Type())
}

// victimStep is the same-victim order's weight of one victim rank: history's
// whole span plus the attacker tie-break's (ranks 1–6, a span under 8), so
// that one rank outweighs any difference of history scores.
const victimStep = 2*maxHistory + 8

// victimRank orders the victims of captures and queen promotions: twice the
// captured piece type's rank (pawn 2 … queen 10), and for a queen promotion
// that rank plus 9, so that a quiet queen promotion (9) sits between rook
// and queen captures and no capture shares a rank with a promotion.
func victimRank(p *board.Position, m board.Move) int {
	rank := 2 * int(p.Captured(m))
	if m.Promotion() == board.Queen {
		rank += 2*int(board.Queen-board.Pawn) + 1
	}
	return rank
}

// captureScoreVictim orders a capture or queen promotion with history only
// among captures of the same victim (CaptureHistorySameVictim): the victim's rank
// times victimStep, plus the history score, minus the attacker's rank.
func captureScoreVictim(p *board.Position, m board.Move, h *captureHistory) int {
	return victimRank(p, m)*victimStep + h.get(p, m) - int(p.Moving(m).Type())
}

// rememberCapture keeps m, a move the node has just searched without a
// cutoff, if it is a capture or queen promotion.
func (tm *triedMoves) rememberCapture(m board.Move, quiet bool) {
	if !quiet {
		tm.captures.keep(tm.noisyCount, m)
	}
}

// captureList returns the captures and queen promotions remembered.
func (tm *triedMoves) captureList() []board.Move {
	return tm.captures.first(tm.noisyCount)
}
