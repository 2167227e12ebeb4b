package search

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
	"cb2026/stages"
)

// The MVV-LVA key, the fourth design's last tie-break, stays within the span
// tieBreakSpan leaves it.
func TestMVVLVAKeyFitsTheTieBreakSpan(t *testing.T) {
	for _, p := range randomPositions(t, 200) {
		for _, m := range legalMoves(p) {
			if isNoisy(p, m) {
				k := mvvLva(p, m)
				assert.GreaterOrEqual(t, k, -1, "%s in %s", m, p.FEN())
				assert.Less(t, k, tieBreakSpan-1, "%s in %s", m, p.FEN())
			}
		}
	}
}

// The fourth design's bands: the best history and tie-break at one SEE value
// stay below the worst at one pawn more, while history can still reorder
// exchanges less than a pawn apart.
func TestSEEBandsDoNotOverlap(t *testing.T) {
	const minKey, maxKey = -1, 71
	require.Greater(t, seeBandStep*seeValue[board.Pawn], 2*maxHistory, "one pawn of SEE outweighs history's span")
	for _, see := range []int{-1700, -800, -100, -10, 0, 10, 100, 220, 400, 800, 1700} {
		top := seeBandScore(see, maxHistory, maxKey)
		assert.Less(t, top, seeBandScore(see+100, -maxHistory, minKey), "SEE %d vs %d", see, see+100)
		assert.Greater(t, top, seeBandScore(see+99, -maxHistory, minKey), "history reorders SEE %d and %d", see, see+99)
		assert.Greater(t, seeBandScore(see, 1, minKey), seeBandScore(see, 0, maxKey), "history outweighs the tie-break")
		assert.Greater(t, seeBandScore(see, 0, 5), seeBandScore(see, 0, 4), "MVV-LVA breaks ties")
	}
}

// The fourth design orders by SEE first, reads history only below the root,
// and keeps MVV-LVA as the last tie-break.
func TestCaptureScoreSEE(t *testing.T) {
	// White's captures, by SEE: c4xd5 +500 (if the c6 pawn recaptures, a
	// knight takes it), b2xa3 +330, Nf4xd5 +280 (rook for
	// knight), Nf4xd3 and Be2xd3 +100 (the d5 rook may not recapture: the
	// other minor piece would take it), Qd1xd3 −300 (queen for pawn and rook).
	p := mustFEN(t, "4k3/8/2p5/3r4/2P2N2/b2p4/1P2B3/3Q1K2 w - - 0 1")
	moves := map[string]board.Move{}
	for _, m := range legalMoves(p) {
		if p.IsCapture(m) {
			moves[m.String()] = m
		}
	}
	var h captureHistory
	set := func(uci string, v int) {
		m := moves[uci]
		h[p.Moving(m).Index()][m.To()][victimIndex(p, m)] = int16(v)
	}
	order := func(readHistory bool) []string {
		var list []board.Move
		for _, m := range legalMoves(p) {
			if p.IsCapture(m) {
				list = append(list, m)
			}
		}
		slices.SortStableFunc(list, func(a, b board.Move) int {
			return captureScoreSEE(p, b, &h, readHistory) - captureScoreSEE(p, a, &h, readHistory)
		})
		var out []string
		for _, m := range list {
			out = append(out, m.String())
		}
		return out
	}
	base := []string{"c4d5", "b2a3", "f4d5", "f4d3", "e2d3", "d1d3"}
	for _, tc := range []struct {
		name        string
		history     map[string]int
		readHistory bool
		want        []string
	}{
		{"by SEE, then MVV-LVA (knight before bishop)", nil, true, base},
		{"history cannot cross a pawn of SEE (280 vs 100)", map[string]int{"f4d3": maxHistory, "f4d5": -maxHistory}, true, base},
		{"history reorders within a pawn (330 vs 280)", map[string]int{"b2a3": -maxHistory, "f4d5": maxHistory}, true,
			[]string{"c4d5", "f4d5", "b2a3", "f4d3", "e2d3", "d1d3"}},
		{"history outweighs the tie-break", map[string]int{"e2d3": 1}, true,
			[]string{"c4d5", "b2a3", "f4d5", "e2d3", "f4d3", "d1d3"}},
		{"no history at the root", map[string]int{"b2a3": -maxHistory, "f4d5": maxHistory, "e2d3": 1}, false, base},
	} {
		h = captureHistory{}
		for uci, v := range tc.history {
			set(uci, v)
		}
		assert.Equal(t, tc.want, order(tc.readHistory), tc.name)
	}
}

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
		{"see-bands", orderSEEBands, orderMVVLVA},
		{"same-victim", orderSameVictim, orderSameVictim},
		{"no-penalty", orderCaptureHistory, orderCaptureHistory},
	} {
		tq := DefaultTechniques(stages.Main)
		require.NoError(t, tq.Set("capthist", tc.value))
		assert.Equal(t, tc.value, tq.CaptureHistory.String())
		assert.Equal(t, tc.main, tq.CaptureHistory.order(false), "%s.order(false)", tc.value)
		assert.Equal(t, tc.qsearch, tq.CaptureHistory.order(true), "%s.order(true)", tc.value)
	}
	assert.Len(t, captureHistoryDesigns, 6, "a design without a row above")
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
		s := NewSearcher(tq, 1)
		s.pos = p
		var tm triedMoves
		tm.add(tried, false)
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
