package search

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
	"cb2026/stages"
)

// mustFEN parses fen or fails the test.
func mustFEN(t testing.TB, fen string) *board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen)
	require.NoError(t, err, "ParseFEN(%q)", fen)
	return p
}

// mustMove parses a UCI move in p or fails the test.
func mustMove(t testing.TB, p *board.Position, uci string) board.Move {
	t.Helper()
	m, err := p.ParseMove(uci)
	require.NoError(t, err, "ParseMove(%q) in %s", uci, p.FEN())
	return m
}

// legalMoves returns the legal moves of p.
func legalMoves(p *board.Position) []board.Move {
	var l board.MoveList
	p.GenerateMoves(&l)
	return append([]board.Move(nil), l.Moves()...)
}

// randomPositions plays n random games of up to 80 plies from the start
// position and the bench positions, and returns a position from each (a
// fixed seed: the same positions on every run).
func randomPositions(t testing.TB, n int) []*board.Position {
	t.Helper()
	r := rand.New(rand.NewPCG(2026, uint64(n)))
	var out []*board.Position
	for i := range n {
		p := mustFEN(t, benchPositions[i%len(benchPositions)].FEN)
		plies := r.IntN(80)
		for range plies {
			moves := legalMoves(p)
			if len(moves) == 0 {
				break
			}
			p.MakeMove(moves[r.IntN(len(moves))])
		}
		out = append(out, mustFEN(t, p.FEN())) // without history
	}
	return out
}

// current returns the techniques of the stage under test (the build tag's),
// or stage 4's, the first stage that searches, for the stages before it, so
// that every build tests a search.
func current() Techniques {
	return DefaultTechniques(max(stages.Current, 4))
}

// benchDepth is the build's bench depth, for searching with current(): 1 at
// stages 1 and 2, whose benches do not search and have none.
func benchDepth() int {
	return max(stages.Selected().BenchDepth, 1)
}

// techniqueSets returns technique settings worth testing for correctness:
// the stage's own, and the defaults of a few stages before it.
func techniqueSets() map[string]Techniques {
	sets := map[string]Techniques{"current": current()}
	for _, n := range []int{4, 5, 7, 8, 9, 11, 13, 15, 18} {
		if n < stages.Current {
			sets[stages.Stage{Number: n}.Name()] = DefaultTechniques(n)
		}
	}
	addMainTechniqueSets(sets)
	return sets
}

// addMainTechniqueSets adds to sets main with each capture history design,
// and main with each of its switches that are off by default turned on.
//
//book:stage main
func addMainTechniqueSets(sets map[string]Techniques) {
	for d := range captureHistoryDesigns[1:] {
		main := DefaultTechniques(stages.Main)
		main.CaptureHistory = CaptureHistoryDesign(d + 1)
		sets["main+capthist="+main.CaptureHistory.String()] = main
	}
	for _, tech := range techniques {
		if tech.Off {
			main := DefaultTechniques(stages.Main)
			*tech.field(&main).(*bool) = true
			sets["main+"+tech.Short] = main
		}
	}
}
