package search

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
	"cb2026/stages"
)

// The same-victim order: history reorders captures of one victim, never
// across victims, however extreme the scores.
func TestCaptureScoreVictim(t *testing.T) {
	// White can take the d5 rook with the c4 pawn or the f4 knight, the a3
	// bishop with the b2 pawn, and the d3 pawn with the knight or bishop.
	p := mustFEN(t, "4k3/8/2p5/3r4/2P2N2/b2p4/1P2B3/3Q1K2 w - - 0 1")
	var h captureHistory
	score := func(uci string, history int) int {
		m := mustMove(t, p, uci)
		h[p.Moving(m).Index()][m.To()][victimIndex(p, m)] = int16(history)
		return captureScoreVictim(p, m, &h)
	}
	for _, tc := range []struct {
		name          string
		first, second string
		hFirst        int
		hSecond       int
		want          bool // whether first scores above second
	}{
		{"rook above bishop, whatever the histories", "c4d5", "b2a3", -maxHistory, maxHistory, true},
		{"bishop above pawn, whatever the histories", "b2a3", "f4d3", -maxHistory, maxHistory, true},
		{"knight takes rook above pawn takes bishop", "f4d5", "b2a3", -maxHistory, maxHistory, true},
		{"same victim: the attacker breaks a tie", "c4d5", "f4d5", 0, 0, true},
		{"same victim: history reorders", "c4d5", "f4d5", 0, 1, false},
		{"same victim: history reorders the pawn captures", "e2d3", "f4d3", 100, -100, true},
	} {
		got := score(tc.first, tc.hFirst) > score(tc.second, tc.hSecond)
		assert.Equal(t, tc.want, got, tc.name)
	}
	// One victim rank outweighs history's span and the attacker's.
	assert.Greater(t, victimStep, 2*maxHistory+int(board.King-board.Pawn))
}

// victimRank gives every pair of victim and promotion its own rank, in
// MVV-LVA's order of victims.
func TestVictimRank(t *testing.T) {
	for _, tc := range []struct {
		fen, move string
		want      int
	}{
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 2},
		{"4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5", 10},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 9},
		{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", 17},
		{"4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1", "d5e6", 2},
	} {
		p := mustFEN(t, tc.fen)
		assert.Equal(t, tc.want, victimRank(p, mustMove(t, p, tc.move)), "%s in %s", tc.move, tc.fen)
	}
}

// Each capture history design's capture order at main-search and quiescence
// nodes, set by its name as the console and UCI set it.
func TestCaptureHistoryDesignOrder(t *testing.T) {
	for _, tc := range []struct {
		value         string
		main, qsearch captureOrder
	}{
		{"off", orderMVVLVA, orderMVVLVA},
		{"v2", orderCaptureHistory, orderCaptureHistory},
		{"v3", orderCaptureHistory, orderMVVLVA},
		{"same-victim", orderSameVictim, orderSameVictim},
		{"no-penalty", orderCaptureHistory, orderCaptureHistory},
	} {
		tq := DefaultTechniques(stages.Main)
		require.NoError(t, tq.Set("capthist", tc.value))
		assert.Equal(t, tc.value, tq.CaptureHistory.String())
		assert.Equal(t, tc.main, tq.CaptureHistory.order(false), "%s.order(false)", tc.value)
		assert.Equal(t, tc.qsearch, tq.CaptureHistory.order(true), "%s.order(true)", tc.value)
	}
	assert.Len(t, captureHistoryDesigns, 5, "a design without a row above")
}

// parseCaptureHistoryDesign reads every design's name, in any case, and
// nothing else.
func TestParseCaptureHistoryDesign(t *testing.T) {
	for d := range captureHistoryDesigns {
		design := CaptureHistoryDesign(d)
		for _, name := range []string{design.String(), strings.ToUpper(design.String())} {
			got, err := parseCaptureHistoryDesign(name)
			require.NoError(t, err, "parseCaptureHistoryDesign(%q)", name)
			assert.Equal(t, design, got, "parseCaptureHistoryDesign(%q)", name)
		}
	}
	for _, bad := range []string{"", "on", "true", "v1", "v2 "} {
		_, err := parseCaptureHistoryDesign(bad)
		assert.Error(t, err, "parseCaptureHistoryDesign(%q)", bad)
	}
}

// teachCaptures: the bonus and the penalties, with and without the penalty
// to captures tried before a quiet cutoff.
func TestTeachCaptures(t *testing.T) {
	p := mustFEN(t, "4k3/8/2p5/3r4/2P2N2/b2p4/1P2B3/3Q1K2 w - - 0 1")
	tried, quietCut, captureCut := mustMove(t, p, "b2a3"), mustMove(t, p, "d1c2"), mustMove(t, p, "c4d5")
	for _, tc := range []struct {
		name               string
		design             CaptureHistoryDesign
		cut                board.Move
		wantTried, wantCut int
	}{
		{"quiet cutoff: captures tried before it pay", CaptureHistoryV2, quietCut, -16, 0},
		{"quiet cutoff, no penalty", CaptureHistoryNoPenalty, quietCut, 0, 0},
		{"capture cutoff: bonus and penalty", CaptureHistoryV2, captureCut, -16, 16},
		{"capture cutoff, no penalty: penalty all the same", CaptureHistoryNoPenalty, captureCut, -16, 16},
	} {
		tq := DefaultTechniques(stages.Main)
		tq.CaptureHistory = tc.design
		s := NewSearcher(tq)
		s.pos = p
		var tm triedMoves
		tm.remember(tried, false)
		tm.add(false)
		s.teachCaptures(tc.cut, &tm, historyBonus(4))
		assert.Equal(t, tc.wantTried, s.capture.get(p, tried), tc.name)
		if isNoisy(p, tc.cut) {
			assert.Equal(t, tc.wantCut, s.capture.get(p, tc.cut), tc.name)
		}
	}
}

// A capture that under-promotes shares its entry with the queen promotion
// that captures the same piece: the entry is by mover, square and victim,
// never by the new piece. A push to the promotion square captures nothing,
// so it has no entry of its own.
//
//book:stage main
func TestCaptureHistoryUnderPromotionSharesTheEntry(t *testing.T) {
	p := mustFEN(t, "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1")
	var h captureHistory
	h.update(p, mustMove(t, p, "e7d8n"), historyBonus(4))
	want := h.get(p, mustMove(t, p, "e7d8n"))
	require.NotZero(t, want)
	for _, move := range []string{"e7d8q", "e7d8r", "e7d8b"} {
		assert.Equal(t, want, h.get(p, mustMove(t, p, move)), move)
	}
	assert.Zero(t, h.get(p, mustMove(t, p, "e7e8q")), "e7e8q")
}
