//book:stage main

package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
)

func TestPawnHashProbeAndStore(t *testing.T) {
	h := NewPawnHash()
	bare, err := board.ParseFEN("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	require.NoError(t, err)
	shape, ok := h.probe(bare, board.White)
	assert.True(t, ok, "an empty slot holds the shape of no pawns")
	assert.Equal(t, pawnShape{}, shape)

	// Two pawn structures whose White shapes share a slot, found along a
	// random line of moves.
	p, err := board.ParseFEN(board.StartFEN)
	require.NoError(t, err)
	first := p.Clone()
	rng := rand.New(rand.NewPCG(19, 3))
	for ply := 1; pawnSlot(p, board.White) != pawnSlot(first, board.White) || pawnsOf(p) == pawnsOf(first); ply++ {
		var moves board.MoveList
		p.GenerateMoves(&moves)
		if moves.Len() == 0 || ply%40 == 0 {
			p = first.Clone()
			continue
		}
		p.MakeMove(moves.At(rng.IntN(moves.Len())))
	}
	h.store(first, board.White, pawnShape{isolated: 1, doubled: 2, passers: 3})
	shape, ok = h.probe(first, board.White)
	assert.True(t, ok)
	assert.Equal(t, pawnShape{isolated: 1, doubled: 2, passers: 3}, shape)
	_, ok = h.probe(first, board.Black)
	assert.False(t, ok, "Black's shape has a slot of its own")
	_, ok = h.probe(p, board.White)
	assert.False(t, ok, "a structure sharing the slot is not a hit")
	h.store(p, board.White, pawnShape{})
	_, ok = h.probe(first, board.White)
	assert.False(t, ok, "the slot was replaced")
}

// An evaluation with a pawn hash is the evaluation without one, in every
// position of long random lines from the test positions, with the hash
// kept from line to line so that its slots are shared and replaced.
func TestPawnHashChangesNoEvaluation(t *testing.T) {
	h := NewPawnHash()
	rng := rand.New(rand.NewPCG(19, 19))
	for _, fen := range testFENs {
		for range 20 {
			p, err := board.ParseFEN(fen)
			require.NoError(t, err)
			for range 60 {
				for _, terms := range []Terms{AllTerms(), {PawnStructure: true, Tuned: true}} {
					want := EvaluateTerms(p, terms)
					terms.Pawns = h
					require.Equal(t, want, EvaluateTerms(p, terms), "%s, %+v", p.FEN(), terms)
				}
				var moves board.MoveList
				p.GenerateMoves(&moves)
				if moves.Len() == 0 {
					break
				}
				p.MakeMove(moves.At(rng.IntN(moves.Len())))
			}
		}
	}
}
