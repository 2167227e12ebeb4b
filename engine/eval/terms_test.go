//book:stage 19

package eval

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
)

// suiteFENs returns the positions of every EPD file in the repository's
// testdata directory, as FENs (the EPD's four fields and "0 1").
func suiteFENs(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../testdata/*.epd")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var fens []string
	for _, name := range files {
		f, err := os.Open(name)
		require.NoError(t, err)
		lines := bufio.NewScanner(f)
		for lines.Scan() {
			fields := strings.Fields(lines.Text())
			if len(fields) >= 4 {
				fens = append(fens, strings.Join(fields[:4], " ")+" 0 1")
			}
		}
		require.NoError(t, f.Close())
	}
	return fens
}

// termSets is every single term, none and all: the switch settings the
// symmetry test checks.
var termSets = []Terms{
	{},
	{PawnStructure: true},
	{Mobility: true},
	{KingSafety: true},
	{Pieces: true},
	AllTerms(),
}

// symmetryStride keeps the symmetry test fast: it checks every fourth suite
// position, some fifteen thousand.
const symmetryStride = 4

// A position and its color-flipped mirror are the same position for the
// other side, so every term must give the side to move the same score.
func TestTermsAreSymmetricOnSuitePositions(t *testing.T) {
	checked := 0
	fens := suiteFENs(t)
	for i := 0; i < len(fens); i += symmetryStride {
		fen := fens[i]
		p, err := board.ParseFEN(fen)
		if err != nil {
			continue // a suite line this engine does not read (e.g. chess960 castling)
		}
		q, err := board.ParseFEN(mirror(fen))
		require.NoError(t, err, "mirror(%q)", fen)
		for _, terms := range termSets {
			// A plain comparison: testify's would dominate the run time.
			if got, want := EvaluateTerms(q, terms), EvaluateTerms(p, terms); got != want {
				t.Fatalf("EvaluateTerms(mirror(%q), %+v) = %d, want %d", fen, terms, got, want)
			}
		}
		checked++
	}
	assert.Greater(t, checked, 1000, "positions checked")
}

// With no term on, the evaluation is stage 4's: material and piece-square
// tables only.
func TestNoTermsIsStageFour(t *testing.T) {
	for _, fen := range testFENs {
		p, err := board.ParseFEN(fen)
		require.NoError(t, err)
		s, phase := material(p, hand)
		want := taper(s[mg], s[eg], phase)
		if p.SideToMove() == board.Black {
			want = -want
		}
		assert.Equal(t, want, EvaluateTerms(p, Terms{}), "EvaluateTerms(%q, Terms{})", fen)
	}
}

// mustFEN parses fen or stops the test.
func mustFEN(t *testing.T, fen string) *board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen)
	require.NoError(t, err)
	return p
}

// times returns n times the hand-set weight i as a score.
func times(i Param, n int) score {
	w := hand.w[i]
	return score{n * w[mg], n * w[eg]}
}

// whiteTerm returns a per-color term for White alone, with the hand-set weights.
func whiteTerm(p *board.Position, term func(e *evaluation, p *board.Position, c board.Color)) score {
	e := evaluation{w: &hand.w}
	term(&e, p, board.White)
	return e.s
}

func TestTermValues(t *testing.T) {
	// A passed pawn on e5 (relative rank 4), isolated, with the black king
	// on a8 4 moves from e6, the white king on e1 5; free is what a path
	// nothing stands on and the enemy does not control adds.
	e5 := times(IsolatedPawn, 1).plus(times(PassedPawn+4, 1)).
		plus(times(PassedEnemyKing, 4)).plus(times(PassedOwnKing, 5)).
		plus(times(PassedEnemyKingRank+4, 4)).plus(times(PassedOwnKingRank+4, 5))
	free := times(PassedFreePath+4, 1).plus(times(PassedSafeStop+4, 1)).plus(times(PassedSafePath+4, 1))
	passedE5 := e5.plus(free)
	tests := []struct {
		name string
		fen  string
		term func(e *evaluation, p *board.Position, c board.Color)
		want score
	}{
		// White's a-pawns are both isolated, one is doubled, neither is passed.
		{"isolated and doubled", "4k3/p7/8/8/8/P7/P7/4K3 w - - 0 1", pawnStructure,
			times(IsolatedPawn, 2).plus(times(DoubledPawn, 1))},
		// e5 is passed (rank 5 is relative rank 4) with a free path; the
		// black king on a8 is 4 moves from e6, the white king on e1 5.
		{"passed pawn", "k7/8/8/4P3/8/8/8/4K3 w - - 0 1", pawnStructure, passedE5},
		// A blocked passed pawn loses its free-path and safe-square bonuses.
		{"blocked passed pawn", "k7/8/4n3/4P3/8/8/8/4K3 w - - 0 1", pawnStructure, e5},
		// The rook on d6 attacks the stop square e6: the path is free but
		// not safe.
		{"passed pawn's stop attacked", "k7/8/3r4/4P3/8/8/8/4K3 w - - 0 1", pawnStructure,
			e5.plus(times(PassedFreePath+4, 1))},
		// The rook on d7 attacks e7, beyond the stop square.
		{"passed pawn's path attacked", "k7/3r4/8/4P3/8/8/8/4K3 w - - 0 1", pawnStructure,
			e5.plus(times(PassedFreePath+4, 1)).plus(times(PassedSafeStop+4, 1))},
		// Passed pawns on d5 and e5 side by side support each other; the
		// kings are 3 and 4 moves (black) and 5 and 5 (white) from d6 and e6.
		{"connected passed pawns", "k7/8/8/3PP3/8/8/8/4K3 w - - 0 1", pawnStructure,
			free.plus(times(PassedPawn+4, 1)).plus(times(PassedSupported+4, 1)).
				plus(free.plus(times(PassedPawn+4, 1)).plus(times(PassedSupported+4, 1))).
				plus(times(PassedEnemyKing, 7)).plus(times(PassedOwnKing, 10)).
				plus(times(PassedEnemyKingRank+4, 7)).plus(times(PassedOwnKingRank+4, 10))},
		// The knight on a1 reaches b3 and c2, but a black pawn on a4 guards b3.
		{"knight mobility", "4k3/8/8/8/p7/8/8/N3K3 w - - 0 1", mobility,
			times(mobilityParam(board.Knight), 1-mobilityBase[board.Knight])},
		// The king on g1 behind f2, g2, h2, and one pawn two ranks ahead on h3.
		{"pawn shield", "4k3/8/8/8/8/7P/5PP1/6K1 w - - 0 1", kingSafety,
			times(ShieldNear, 2).plus(times(ShieldFar, 1))},
		// The queen on h4 hits f2, g3, h2 and h3 of the king zone, the knight
		// on f4 g2 and h3: two attackers of 5 + 2 units, times two, and six
		// hits; f2, g2 and h2 are weak (only the king defends them), 3 × 2;
		// the knight has a safe check on e2, 5. Danger 14 + 6 + 6 + 5 = 31
		// costs 31² / 64 = 15 units of KingDanger.
		{"king attack", "6k1/8/8/8/5n1q/8/5PPP/6K1 w - - 0 1", kingSafety,
			times(ShieldNear, 3).plus(times(KingDanger, 15))},
		// Two bishops and a rook on a file without pawns.
		{"bishop pair and open file", "4k3/8/8/8/8/8/7P/R1B1KB2 w - - 0 1", pieces,
			times(BishopPair, 1).plus(times(RookOpenFile, 1))},
		// The rook's file has a black pawn only, which the rook attacks and
		// nothing defends; one bishop is no pair.
		{"semi-open file", "4k3/p7/8/8/8/8/7P/R1B1K3 w - - 0 1", pieces,
			times(RookSemiOpenFile, 1).plus(times(ThreatByRook, 1))},
		// The knight on d5, defended by c4, can never be chased by a pawn.
		{"knight outpost", "4k3/8/8/3N4/2P5/8/8/4K3 w - - 0 1", outposts, times(KnightOutpost, 1)},
		// ... but with a black pawn on e7 it can (e7-e6).
		{"no outpost", "4k3/4p3/8/3N4/2P5/8/8/4K3 w - - 0 1", outposts, score{}},
		// The bishop on e5, defended by d4, on the fifth rank.
		{"bishop outpost", "4k3/8/8/4B3/3P4/8/8/4K3 w - - 0 1", outposts, times(BishopOutpost, 1)},
		// The pawn on e4 (nothing attacks it) attacks the knight on d5,
		// which nothing defends.
		{"pawn attacks a knight", "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", threats,
			times(ThreatByPawn, 1).plus(times(Hanging, 1))},
		// The knight on f6 attacks e4, so e4's attack on d5 (defended by
		// f6) is no threat; but e4-e5 would attack f6, and e5 is safe.
		{"unsafe pawn, pawn push", "4k3/8/5n2/3n4/4P3/8/8/4K3 w - - 0 1", threats,
			times(ThreatByPush, 1)},
		// The knight on e3 attacks the undefended rook on d5.
		{"knight attacks a rook", "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", threats,
			times(ThreatByMinor+Param(board.Rook-board.Pawn), 1).plus(times(Hanging, 1))},
		// The knight on c3 attacks the knight on d5 (defended by e6) and
		// the undefended pawn on a4.
		{"knight attacks a knight and a pawn", "4k3/8/4p3/3n4/p7/2N5/8/4K3 w - - 0 1", threats,
			times(ThreatByMinor+Param(board.Knight-board.Pawn), 1).plus(times(ThreatByMinor, 1))},
		// The rook on d4 attacks the queen on d7 (defended by the king), the
		// undefended bishop on h4, and the rook on a4, an even trade.
		{"rook attacks a queen and a bishop", "3k4/3q4/8/8/r2R3b/8/8/4K3 w - - 0 1", threats,
			times(ThreatByRook+Param(board.Queen-board.Pawn), 1).
				plus(times(ThreatByRook+Param(board.Bishop-board.Pawn), 1)).plus(times(Hanging, 1))},
	}
	for _, tt := range tests {
		got := whiteTerm(mustFEN(t, tt.fen), tt.term)
		assert.Equal(t, tt.want, got, "%s: term(%q, White)", tt.name, tt.fen)
	}
}

func TestExplainMarksTermsOff(t *testing.T) {
	p := board.NewPosition()
	var out strings.Builder
	require.NoError(t, ExplainTerms(p, Terms{Mobility: true}).Write(&out))
	assert.Contains(t, out.String(), "pawns")
	assert.Equal(t, 3, strings.Count(out.String(), "(off)"), out.String())
}

// explainStride keeps the breakdown test fast: every 16th suite position.
const explainStride = 16

// weightSets returns t with each weight set the stage has, a row each.
func weightSets(t Terms) []Terms {
	var sets []Terms
	for _, set := range []struct {
		terms Terms
		stage int // the chapter that brings the weight set, if a later one than the first
	}{
		{terms: t},
		{terms: withTuned(t), stage: 20},
	} {
		sets = append(sets, set.terms)
	}
	return sets
}

// withTuned returns t with stage 20's tuned weights.
func withTuned(t Terms) Terms {
	t.Tuned = true
	return t
}

// The breakdown is built from the trace, the score from the fast path: on
// every term setting and both weight sets they must agree, and each term's
// line must be what that term adds on its own.
func TestExplainIsEvaluation(t *testing.T) {
	fens := suiteFENs(t)
	for i := 0; i < len(fens); i += explainStride {
		p, err := board.ParseFEN(fens[i])
		if err != nil {
			continue
		}
		for _, set := range termSets {
			for _, terms := range weightSets(set) {
				b := ExplainTerms(p, terms)
				want := EvaluateTerms(p, terms)
				white := b.White
				if p.SideToMove() == board.Black {
					white = -white
				}
				require.Equal(t, want, white, "ExplainTerms(%q, %+v).White", fens[i], terms)
				require.Equal(t, want, b.Score, "ExplainTerms(%q, %+v).Score", fens[i], terms)
				require.Equal(t, explainedTerms(p, terms), b.stageNineteen(), "ExplainTerms(%q, %+v)", fens[i], terms)
			}
		}
	}
}

// explainedTerms returns the four stage-19 terms t selects, each evaluated
// on its own with t's weights, White's point of view.
func explainedTerms(p *board.Position, t Terms) [4][2]int {
	var s [4][2]int
	for i, term := range []struct {
		on bool
		f  func(e *evaluation, p *board.Position, c board.Color)
	}{{t.PawnStructure, pawnStructure}, {t.Mobility, mobility}, {t.KingSafety, kingSafety}, {t.Pieces, pieces}} {
		if term.on {
			e := evaluation{w: &t.set().w}
			e.both(p, term.f)
			s[i] = e.s
		}
	}
	return s
}

// stageNineteen returns the breakdown's four stage-19 lines.
func (b Breakdown) stageNineteen() [4][2]int {
	return [4][2]int{b.PawnStructure, b.Mobility, b.KingSafety, b.Pieces}
}

// The king-safety term sees attacks: on the attack the attacked side's king
// costs it more than a pawn (middlegame, hand-set weights), and a quiet
// castled king behind its shield gains a little.
func TestKingSafetySeesAttacks(t *testing.T) {
	tests := []struct {
		name     string
		fen      string
		attacked board.Color
		min, max int // the attacked side's king-safety term, middlegame
	}{
		// Queen h5, knight g5 and bishop d3 against h7, the h-pawn gone.
		{"queen, knight and bishop on h7", "r1b2rk1/pp1nqpp1/2p1p3/3pP1NQ/3P4/2PB4/PP3PPP/R4RK1 b - - 0 1", board.Black, -300, -120},
		// Both castled, nothing attacking: the shield is whole.
		{"quiet castled king", "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 1", board.White, 10, 30},
	}
	for _, tt := range tests {
		got := whiteTerm(mustFEN(t, tt.fen), kingSafety)
		if tt.attacked == board.Black {
			e := evaluation{w: &hand.w}
			kingSafety(&e, mustFEN(t, tt.fen), board.Black)
			got = score{-e.s[mg], -e.s[eg]}
		}
		assert.True(t, tt.min <= got[mg] && got[mg] <= tt.max, "%s: kingSafety(%q, %v)[mg] = %d, want %d..%d",
			tt.name, tt.fen, tt.attacked, got[mg], tt.min, tt.max)
	}
}

// Each term's weights land on its own line of the breakdown: with one term
// switched on, the other terms' lines read zero.
func TestBreakdownLines(t *testing.T) {
	type lines struct{ pawns, mobility, king, pieces [2]int }
	tests := []struct {
		terms Terms
		own   func(l *lines) *[2]int
	}{
		{Terms{PawnStructure: true}, func(l *lines) *[2]int { return &l.pawns }},
		{Terms{Mobility: true}, func(l *lines) *[2]int { return &l.mobility }},
		{Terms{KingSafety: true}, func(l *lines) *[2]int { return &l.king }},
		{Terms{Pieces: true}, func(l *lines) *[2]int { return &l.pieces }},
	}
	for _, p := range samplePositions(t) {
		for _, tc := range tests {
			b := ExplainTerms(p, tc.terms)
			l := lines{b.PawnStructure, b.Mobility, b.KingSafety, b.Pieces}
			*tc.own(&l) = [2]int{}
			assert.Zero(t, l, "%s %+v", p.FEN(), tc.terms)
		}
	}
}

// samplePositions returns every 64th suite position this engine reads: a
// sample for the tests that check every term setting on each position.
func samplePositions(t *testing.T) []*board.Position {
	var ps []*board.Position
	fens := suiteFENs(t)
	for i := 0; i < len(fens); i += 16 * symmetryStride {
		if p, err := board.ParseFEN(fens[i]); err == nil {
			ps = append(ps, p)
		}
	}
	return ps
}
