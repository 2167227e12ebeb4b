package search

import (
	"context"
	"math"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
	"cb2026/stages"
)

// searchFEN searches fen with the techniques t and limits l and returns the
// move and the last info line.
func searchFEN(t *testing.T, tq Techniques, fen string, l Limits) (board.Move, Info) {
	t.Helper()
	p := mustFEN(t, fen)
	s := NewSearcher(tq)
	var last Info
	best, _ := s.Search(context.Background(), p, l, func(i Info) { last = i })
	require.Equal(t, fen, p.FEN(), "Search left the position changed")
	return best, last
}

// matesIn reports whether the side to move in p mates in at most n moves
// against any defense: a brute-force check independent of the search.
func matesIn(p *board.Position, n int) bool {
	if n == 0 {
		return false
	}
	for _, m := range legalMoves(p) {
		p.MakeMove(m)
		ok := defendedIn(p, n-1)
		p.UnmakeMove()
		if !ok {
			return true
		}
	}
	return false
}

// defendedIn reports whether the side to move, not yet mated, survives n
// more moves of the opponent.
func defendedIn(p *board.Position, n int) bool {
	moves := legalMoves(p)
	if len(moves) == 0 {
		return !p.InCheck() // stalemate defends
	}
	for _, m := range moves {
		p.MakeMove(m)
		mated := matesIn(p, n)
		p.UnmakeMove()
		if !mated {
			return true
		}
	}
	return false
}

func TestFindsMates(t *testing.T) {
	tests := []struct {
		fen   string
		moves int // the shortest mate, in moves
		stage int // the first stage that finds it quickly
	}{
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1, 5},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, 5},
		{"2k5/8/1K6/8/8/8/8/7R w - - 0 1", 2, 5},
		{"7k/8/5K2/8/8/8/8/R7 w - - 0 1", 2, 5},
		{"8/8/8/8/5K2/8/R7/6k1 w - - 0 1", 3, 6},
		{"8/4Q3/8/8/8/8/4K1k1/8 w - - 0 1", 3, 6},
	}
	stage := max(stages.Current, 4)
	for _, tt := range tests {
		if stage < tt.stage {
			continue
		}
		p := mustFEN(t, tt.fen)
		require.True(t, matesIn(p, tt.moves), "%q: no mate in %d", tt.fen, tt.moves)
		require.False(t, matesIn(p, tt.moves-1), "%q: mate in fewer than %d", tt.fen, tt.moves)
		// A search that stops at the horizon gives the mated side a ply of
		// its own to find it has no move.
		depth := 2*tt.moves - 1
		if !current().Quiescence {
			depth++
		}
		if current().NullMove {
			depth += 6 // pruning may hide a mate at the shortest depth
		}
		best, info := searchFEN(t, current(), tt.fen, Limits{Depth: depth})
		assert.Equal(t, tt.moves, info.Mate, "%q: reported mate", tt.fen)
		p.MakeMove(best)
		assert.False(t, defendedIn(p, tt.moves-1), "%q: %s does not mate in %d", tt.fen, best, tt.moves)
	}
}

func TestNoLegalMove(t *testing.T) {
	for _, fen := range []string{
		"k7/8/1Q6/8/8/8/8/7K b - - 0 1",  // stalemate
		"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", // checkmate
	} {
		best, _ := searchFEN(t, current(), fen, Limits{Depth: 3})
		assert.Equal(t, board.NoMove, best, fen)
	}
}

// nodeScore runs the node function on p at ply 1, as if a move led there.
func nodeScore(t *testing.T, tq Techniques, p *board.Position, depth int) int {
	t.Helper()
	return nodeScoreAt(t, tq, p, depth, 1)
}

// nodeScoreAt is nodeScore for a node ply plies below the root.
func nodeScoreAt(t *testing.T, tq Techniques, p *board.Position, depth, ply int) int {
	t.Helper()
	s := NewSearcher(tq)
	s.begin(context.Background(), p, Limits{}, nil)
	defer s.end()
	return s.search(-infinity, infinity, depth, ply)
}

func TestStalemateIsADraw(t *testing.T) {
	if stages.Current < 5 && stages.Current != stages.Main {
		t.Skip("stage 4 has no mate or stalemate scores")
	}
	p := mustFEN(t, "k7/8/1Q6/8/8/8/8/7K b - - 0 1")
	assert.Equal(t, drawScore, nodeScore(t, current(), p, 2))
	p = mustFEN(t, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1")
	assert.Equal(t, matedIn(1), nodeScore(t, current(), p, 2), "checkmate at ply 1")
}

func TestRepetitionIsADraw(t *testing.T) {
	// White is a queen up; the king and queen shuffle back and forth, so
	// the position occurs once, or twice, before the node searched.
	once := []string{"d1d2", "e8f7", "d2d1", "f7e8"}
	twice := append(slices.Clone(once), once...)
	tests := []struct {
		name  string
		moves []string
		ply   int // the node's distance from the root
		draw  bool
	}{
		{"seen once before the root", once, 1, false},
		{"seen twice before the root: the third time", twice, 1, true},
		{"seen once, one ply before the root", once, 3, false},
		{"seen once, at the root itself", once, 4, true},
		{"seen once, inside the search", once, 5, true},
	}
	for _, tt := range tests {
		p := mustFEN(t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
		for _, uci := range tt.moves {
			p.MakeMove(mustMove(t, p, uci))
		}
		score := nodeScoreAt(t, DefaultTechniques(9), p, 3, tt.ply)
		if tt.draw {
			assert.Equal(t, drawScore, score, tt.name)
		} else {
			assert.Greater(t, score, 500, tt.name)
		}
	}
	p := mustFEN(t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
	for _, uci := range twice {
		p.MakeMove(mustMove(t, p, uci))
	}
	tq := DefaultTechniques(9)
	tq.Draws = false
	assert.Greater(t, nodeScore(t, tq, p, 3), 500, "without the draw rule")
	p = mustFEN(t, "4k3/8/8/8/8/8/8/3QK3 w - - 100 80")
	assert.Equal(t, drawScore, nodeScore(t, DefaultTechniques(9), p, 3), "fifty-move rule")
	p = mustFEN(t, "4k3/8/8/8/8/8/8/3BK3 w - - 0 1")
	assert.Equal(t, drawScore, nodeScore(t, DefaultTechniques(9), p, 3), "a bishop cannot mate")
}

func TestMateComesBeforeTheFiftyMoveRule(t *testing.T) {
	// Each mate is played on the hundredth ply (or later) without a capture
	// or pawn move; the rules score it as mate, not as a draw.
	tests := []struct {
		fen, mate string // mate is "" where several moves mate
	}{
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 99 80", "d1d8"},
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 100 80", "d1d8"},
		{"7k/Q7/6K1/8/8/8/8/8 w - - 99 80", ""},
	}
	for _, tt := range tests {
		var last Info
		report := func(i Info) { last = i }
		best, _ := NewSearcher(DefaultTechniques(9)).Search(context.Background(), mustFEN(t, tt.fen), Limits{Depth: 4}, report)
		if tt.mate != "" {
			assert.Equal(t, tt.mate, best.String(), "Search(%q)", tt.fen)
		}
		assert.Equal(t, 1, mateMoves(last.Score), "Search(%q): moves to mate", tt.fen)
	}
	// A check that does not mate on the hundredth ply is still a draw.
	p := mustFEN(t, "6k1/6pp/8/8/8/8/5PPP/3R2K1 w - - 99 80")
	p.MakeMove(mustMove(t, p, "d1d8"))
	assert.Equal(t, drawScore, nodeScoreAt(t, DefaultTechniques(9), p, 3, 1), "a check that is not mate")
}

func TestPerpetualCheckIsADraw(t *testing.T) {
	// White is a rook down and checks for ever: Qe8+ Kh7 Qh5+ Kg8 Qe8+.
	// Six plies deep the draw rule sees a repetition and scores it 0;
	// without the rule the score stays a rook down, whatever the checks.
	const fen = "6k1/6p1/8/8/4Q3/r7/q5PP/7K w - - 0 1"
	for _, draws := range []bool{true, false} {
		tq := DefaultTechniques(9)
		tq.Draws = draws
		var last Info
		report := func(i Info) { last = i }
		best, _ := NewSearcher(tq).Search(context.Background(), mustFEN(t, fen), Limits{Depth: 6}, report)
		assert.Equal(t, "e4e8", best.String(), "draws %t: the first check", draws)
		if draws {
			assert.Equal(t, drawScore, last.Score, "with the draw rule")
		} else {
			assert.Less(t, last.Score, -300, "without the draw rule")
		}
	}
}

func TestPlaysLegalMovesOnly(t *testing.T) {
	positions := randomPositions(t, 60)
	for name, tq := range techniqueSets() {
		s := NewSearcher(tq)
		for _, p := range positions {
			fen := p.FEN()
			best, ponder := s.Search(context.Background(), p, Limits{Nodes: 400}, nil)
			require.Equal(t, fen, p.FEN(), "%s: Search changed the position", name)
			moves := legalMoves(p)
			if len(moves) == 0 {
				assert.Equal(t, board.NoMove, best)
				continue
			}
			require.True(t, slices.Contains(moves, best), "%s: %s illegal in %s", name, best, fen)
			if ponder != board.NoMove {
				p.MakeMove(best)
				assert.True(t, slices.Contains(legalMoves(p), ponder), "%s: ponder %s illegal", name, ponder)
				p.UnmakeMove()
			}
		}
	}
}

func TestStopsWhenCancelled(t *testing.T) {
	p := mustFEN(t, benchPositions[1].FEN)
	s := NewSearcher(current())
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	best, _ := s.Search(ctx, p, Limits{Infinite: true}, nil)
	assert.Less(t, time.Since(start), 2*time.Second, "answered the cancellation late")
	assert.True(t, slices.Contains(legalMoves(p), best))

	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	best, _ = s.Search(ctx, p, Limits{Infinite: true}, nil)
	assert.True(t, slices.Contains(legalMoves(p), best), "a move even when stopped at once")
}

func TestKeepsTheClock(t *testing.T) {
	// A 1+0.01 game's opening move and the same game nearly out of time.
	for _, left := range []time.Duration{time.Second, 100 * time.Millisecond} {
		p := mustFEN(t, benchPositions[3].FEN)
		s := NewSearcher(current())
		l := Limits{Time: [2]time.Duration{left, left}, Inc: [2]time.Duration{10 * time.Millisecond, 10 * time.Millisecond}}
		start := time.Now()
		s.Search(context.Background(), p, l, nil)
		_, hard := budget(left, l.Inc[0], 0)
		assert.Less(t, time.Since(start), hard+time.Second, "with %v left (a second of slack for a busy machine)", left)
	}
}

func TestNodeCountsAreDeterministic(t *testing.T) {
	tq := current()
	depth := max(1, benchDepth()-2)
	var first Stats
	for i := range 2 {
		st, err := Measure(context.Background(), tq, 2, depth)
		require.NoError(t, err)
		if i == 0 {
			first = st
			continue
		}
		assert.Equal(t, first.Nodes, st.Nodes)
		assert.Equal(t, first, st)
	}
}

// A node limit stops the search at exactly that many nodes, unless the
// search ends sooner by itself (a fixed-depth search, before iterative
// deepening, on a small tree).
func TestNodeLimitIsExact(t *testing.T) {
	p := mustFEN(t, benchPositions[2].FEN)
	tq := current()
	unlimited := uint64(math.MaxUint64)
	if !tq.IterativeDeepening {
		s := NewSearcher(tq)
		s.Search(context.Background(), p, Limits{}, nil)
		unlimited = s.nodes
	}
	for _, n := range []uint64{1, 1000, 5000} {
		s := NewSearcher(tq)
		s.Search(context.Background(), p, Limits{Nodes: n}, nil)
		assert.Equal(t, min(n, unlimited), s.nodes, "Search(Limits{Nodes: %d}) searched", n)
	}
}

func TestInfoLines(t *testing.T) {
	p := mustFEN(t, benchPositions[3].FEN)
	s := NewSearcher(current())
	var infos []Info
	best, _ := s.Search(context.Background(), p, Limits{Depth: 4}, func(i Info) { infos = append(infos, i) })
	require.NotEmpty(t, infos)
	last := infos[len(infos)-1]
	assert.Equal(t, best, last.PV[0], "the best move heads the last PV")
	if current().IterativeDeepening {
		for i, info := range infos {
			assert.Equal(t, i+1, info.Depth, "one line per iteration")
		}
	}
	for _, info := range infos {
		assert.Positive(t, info.Nodes)
		assert.GreaterOrEqual(t, info.SelDepth, 1)
		q := p.Clone()
		for _, m := range info.PV {
			require.True(t, slices.Contains(legalMoves(q), m), "PV %v: %s illegal", info.PV, m)
			q.MakeMove(m)
		}
	}
}

// ownProcess is set in the environment of a test that runs in a process of
// its own.
const ownProcess = "CB2026_OWN_PROCESS"

// TestSetHashSizeFreesTheOldTable grows the table to the largest size the
// UCI option offers and shrinks it to the smallest: the heap, and the
// memory the process holds, must shrink with it. It runs in a process of
// its own, as an engine starts: in this one, the tests before it have used
// the heap, and the runtime then clears the 4 GiB table itself (12 s on a
// two-core machine), where a fresh process gets it cleared from the
// operating system.
//
//book:stage 10
func TestSetHashSizeFreesTheOldTable(t *testing.T) {
	if os.Getenv(ownProcess) == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$")
		cmd.Env = append(os.Environ(), ownProcess+"=1")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		return
	}
	s := NewSearcher(DefaultTechniques(10))
	require.NoError(t, s.SetHashSize(4096))
	require.NoError(t, s.SetHashSize(1))
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	assert.Less(t, m.HeapInuse, uint64(256<<20), "heap in use after Hash 4096, then 1")
	assert.Less(t, m.HeapSys-m.HeapReleased, uint64(256<<20), "heap held from the system after Hash 4096, then 1")
	assert.Len(t, s.tt.entries, 1<<20/ttEntryBytes)
	assert.Error(t, s.SetHashSize(0))
	assert.Len(t, s.tt.entries, 1<<20/ttEntryBytes, "a bad size changes nothing")
}

// NewGame empties the transposition table even when the switch was turned
// off after a search filled it: the next game, with the switch on again,
// searches the tree a new searcher searches.
func TestNewGameClearsTheTableWhateverTheSwitch(t *testing.T) {
	ctx := context.Background()
	p := mustFEN(t, benchPositions[1].FEN)
	l := Limits{Depth: 5}
	fresh := NewSearcher(DefaultTechniques(10))
	fresh.Search(ctx, p, l, nil)

	s := NewSearcher(DefaultTechniques(10))
	s.Search(ctx, p, Limits{Depth: 6}, nil) // fills the table
	s.Techniques().TT = false
	s.NewGame()
	s.Search(ctx, p, l, nil)
	s.Techniques().TT = true
	s.Search(ctx, p, l, nil)
	assert.Equal(t, fresh.Stats().Nodes, s.Stats().Nodes)
}
