package search

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
)

// pickAll returns every move the picker hands out.
func pickAll(pk *picker) []board.Move {
	var out []board.Move
	for m := pk.nextMove(); m != board.NoMove; m = pk.nextMove() {
		out = append(out, m)
	}
	return out
}

// startPicker starts the picker of ply for the main search, with hash as
// the move to try first.
func startPicker(s *Searcher, ply int, hash board.Move) *picker {
	pk := &s.pickers[ply]
	pk.start(s, ply)
	pk.hashMove = hash
	return pk
}

func sorted(moves []board.Move) []board.Move {
	out := slices.Clone(moves)
	slices.Sort(out)
	return out
}

// The picker hands out every legal move exactly once, whatever the switches
// and whatever moves it is given to try first (legal, illegal or foreign).
func TestPickerHandsOutEveryMoveOnce(t *testing.T) {
	positions := randomPositions(t, 40)
	foreign := legalMoves(mustFEN(t, benchPositions[1].FEN))
	for name, tq := range techniqueSets() {
		s := NewSearcher(tq)
		for i, p := range positions {
			s.pos = p
			moves := legalMoves(p)
			var noisy []board.Move
			for _, m := range moves {
				if isNoisy(p, m) {
					noisy = append(noisy, m)
				}
			}
			hash := foreign[i%len(foreign)]
			if len(moves) > 0 && i%2 == 0 {
				hash = moves[i%len(moves)]
			}
			if tq.Killers {
				s.frames[3].killers = [2]board.Move{foreign[(i+5)%len(foreign)], hash}
			}
			got := pickAll(startPicker(s, 3, hash))
			require.Equal(t, sorted(moves), sorted(got), "%s: main picker in %s", name, p.FEN())
			if (tq.IterativeDeepening || tq.TT) && slices.Contains(moves, hash) {
				assert.Equal(t, hash, got[0], "%s: hash move first", name)
			}
			if tq.Quiescence {
				pk := startPicker(s, 3, board.NoMove)
				pk.noisyOnly()
				assert.Equal(t, sorted(noisy), sorted(pickAll(pk)), "%s: quiescence picker in %s", name, p.FEN())
			}
		}
	}
}

func TestPickerOrder(t *testing.T) {
	// White can take the queen on d5 with the e4 pawn or the c3 knight:
	// MVV-LVA tries the pawn first.
	p := mustFEN(t, "r1b1k1nr/ppp2ppp/2p5/3q4/4P3/2N5/PPPP1PPP/R1B1KB1R w KQkq - 0 1")
	s := NewSearcher(DefaultTechniques(7))
	s.pos = p
	got := pickAll(startPicker(s, 0, board.NoMove))
	require.Equal(t, sorted(legalMoves(p)), sorted(got))
	assert.Equal(t, "e4d5", got[0].String(), "pawn takes queen first")
	assert.Equal(t, "c3d5", got[1].String(), "then knight takes queen")
}

// captureScore's promises (the capture history chapter's scale test).
func TestCaptureScoreScale(t *testing.T) {
	// White can take a pawn with a pawn (e4xd5) and a queen with a rook
	// (Rxa1): the cheapest and the dearest victim.
	p := mustFEN(t, "4k3/8/8/3p4/4P3/8/8/q2RK3 w - - 0 1")
	pxp, kxq := mustMove(t, p, "e4d5"), mustMove(t, p, "d1a1")
	var h captureHistory
	score := func(m board.Move, history int) int {
		h[p.Moving(m).Index()][m.To()][victimIndex(p, m)] = int16(history)
		return captureScore(p, m, &h)
	}
	// The promise: a pawn capture with the best history never passes a
	// queen capture whose own history is not negative …
	assert.Less(t, score(pxp, maxHistory), score(kxq, 0))
	// … and passes a rook capture with none: a rook taking a rook would
	// score 500 × 32 − 4 = 15,996, against 3,200 + 16,384 − 1 = 19,583.
	assert.Greater(t, score(pxp, maxHistory), seeValue[board.Rook]*captureScale-int(board.Rook))
	// It passes the queen capture once that one's history is below −9,213
	// (28,800 − 4 − 9,213 = 19,583): no scale keeps both promises for any
	// history (see captureScale).
	assert.Less(t, score(pxp, maxHistory), score(kxq, -9212))
	assert.Equal(t, score(pxp, maxHistory), score(kxq, -9213))
	assert.Greater(t, score(pxp, maxHistory), score(kxq, -9214))
	// The same-victim order keeps the strong form.
	victim := func(m board.Move, history int) int {
		h[p.Moving(m).Index()][m.To()][victimIndex(p, m)] = int16(history)
		return captureScoreVictim(p, m, &h)
	}
	assert.Less(t, victim(pxp, maxHistory), victim(kxq, -maxHistory))

	// With an empty table, captures of one victim keep MVV-LVA's order.
	p = mustFEN(t, "4k3/8/8/3r4/2P2N2/8/3R4/4K3 w - - 0 1")
	h = captureHistory{}
	var moves []board.Move
	for _, m := range legalMoves(p) {
		if p.IsCapture(m) {
			moves = append(moves, m)
		}
	}
	require.Len(t, moves, 3)
	byHistory := slices.Clone(moves)
	slices.SortFunc(byHistory, func(a, b board.Move) int { return captureScore(p, b, &h) - captureScore(p, a, &h) })
	byMVVLVA := slices.Clone(moves)
	slices.SortFunc(byMVVLVA, func(a, b board.Move) int { return mvvLva(p, b) - mvvLva(p, a) })
	assert.Equal(t, byMVVLVA, byHistory)
}

// The hash move and the killers are handed out before the lists they would
// be looked up in are generated: a cutoff by one of them saves the work.
func TestPickerGeneratesLate(t *testing.T) {
	// White: Nf3 and the killer d2d4 are quiet; e4xd5 is the only capture.
	p := mustFEN(t, "4k3/8/8/3p4/4P3/8/3P4/4K1N1 w - - 0 1")
	s := NewSearcher(DefaultTechniques(15))
	s.pos = p
	hash, killer := mustMove(t, p, "g1f3"), mustMove(t, p, "d2d4")
	s.frames[2].killers = [2]board.Move{killer, mustMove(t, p, "e4d5")} // a killer that captures here
	pk := startPicker(s, 2, hash)
	assert.Equal(t, hash, pk.nextMove(), "the hash move first")
	assert.Zero(t, pk.noisy.Len()+pk.quiets.Len(), "moves generated before the hash move was searched")
	assert.Equal(t, "e4d5", pk.nextMove().String(), "then the capture")
	assert.Equal(t, killer, pk.nextMove(), "then the quiet killer")
	assert.Zero(t, pk.quiets.Len(), "quiet moves generated before the killer was searched")
	rest := pickAll(pk)
	assert.NotContains(t, rest, hash)
	assert.NotContains(t, rest, killer)
	assert.Len(t, rest, len(legalMoves(p))-3, "every other move once")
}
