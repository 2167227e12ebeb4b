//book:stage 3

package board

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// walk calls visit at every node of p's tree of legal moves to depth plies.
func walk(p *Position, depth int, visit func(p *Position)) {
	visit(p)
	if depth == 0 {
		return
	}
	var l MoveList
	p.GenerateMoves(&l)
	for _, m := range l.Moves() {
		p.MakeMove(m)
		walk(p, depth-1, visit)
		p.UnmakeMove()
	}
}

// TestIncrementalKey checks at every node of many trees that the key MakeMove
// and UnmakeMove keep up to date is the key computed from scratch, and that
// unmaking restores the FEN and checkers.
func TestIncrementalKey(t *testing.T) {
	for _, p := range testPositions(t, 24) {
		walk(p, 3, func(p *Position) {
			require.Equal(t, p.ComputeKey(), p.Key(), "%s: Key() = %x, want ComputeKey()", p.FEN())
			want := p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.byColor[p.side.Other()]
			require.Equal(t, want, p.Checkers(), "%s: Checkers()", p.FEN())
		})
	}
}

// TestUnmakeRestores checks that MakeMove followed by UnmakeMove gives back the
// same position, and MakeNullMove followed by UnmakeNullMove too.
func TestUnmakeRestores(t *testing.T) {
	for _, p := range testPositions(t, 3) {
		walk(p, 1, func(p *Position) {
			before := *p
			fen := p.FEN()
			var l MoveList
			p.GenerateMoves(&l)
			for _, m := range l.Moves() {
				p.MakeMove(m)
				p.UnmakeMove()
				require.Equal(t, fen, p.FEN(), "%s: MakeMove(%v); UnmakeMove()", fen, m)
				require.Equal(t, before.board, p.board)
				require.Equal(t, before.key, p.key)
			}
			if !p.InCheck() {
				p.MakeNullMove()
				require.Equal(t, p.ComputeKey(), p.Key(), "%s: MakeNullMove()", fen)
				require.False(t, p.InCheck())
				p.UnmakeNullMove()
				require.Equal(t, fen, p.FEN(), "%s: MakeNullMove(); UnmakeNullMove()", fen)
				require.Equal(t, before.key, p.key)
			}
		})
	}
}

// TestNoisyAndQuiet checks that GenerateNoisy and GenerateQuiet split
// GenerateMoves into two disjoint parts, and that a move is noisy exactly
// when it captures or promotes to a queen; and that CountMoves counts
// GenerateMoves' moves.
func TestNoisyAndQuiet(t *testing.T) {
	for _, p := range testPositions(t, 8) {
		walk(p, 2, func(p *Position) {
			var all, noisy, quiet MoveList
			p.GenerateMoves(&all)
			p.GenerateNoisy(&noisy)
			p.GenerateQuiet(&quiet)
			require.Equal(t, all.Len(), p.CountMoves(), "%s: CountMoves()", p.FEN())
			union := append(slices.Clone(noisy.Moves()), quiet.Moves()...)
			assert.ElementsMatch(t, all.Moves(), union, "%s: GenerateNoisy + GenerateQuiet", p.FEN())
			for _, m := range noisy.Moves() {
				assert.True(t, p.IsCapture(m) || m.Promotion() == Queen, "%s: noisy %v", p.FEN(), m)
			}
			for _, m := range quiet.Moves() {
				assert.False(t, p.IsCapture(m) || m.Promotion() == Queen, "%s: quiet %v", p.FEN(), m)
			}
		})
	}
}

// TestGivesCheck checks GivesCheck against playing the move.
func TestGivesCheck(t *testing.T) {
	for _, p := range testPositions(t, 10) {
		walk(p, 2, func(p *Position) {
			var l MoveList
			p.GenerateMoves(&l)
			for _, m := range l.Moves() {
				got := p.GivesCheck(m)
				p.MakeMove(m)
				want := p.InCheck()
				p.UnmakeMove()
				require.Equal(t, want, got, "%s: GivesCheck(%v)", p.FEN(), m)
			}
		})
	}
}

// TestMoveQueries checks Moving, Captured and IsCapture on special moves.
func TestMoveQueries(t *testing.T) {
	tests := []struct {
		fen      string
		move     string
		moving   Piece
		captured PieceType
	}{
		{StartFEN, "e2e4", WhitePawn, NoPieceType},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1g1", WhiteKing, NoPieceType},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e5f7", WhiteKnight, Pawn},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "f3f6", WhiteQueen, Knight},
		{"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1", "e4d3", BlackPawn, Pawn},
		{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", "b2a1q", NoPiece, NoPieceType},
		{"4k3/8/8/8/8/8/1p6/R3K3 b Q - 0 1", "b2a1n", BlackPawn, Rook},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		require.NoError(t, err)
		m, err := p.ParseMove(tt.move)
		if tt.moving == NoPiece {
			assert.Error(t, err, "ParseMove(%q) in %s", tt.move, tt.fen)
			continue
		}
		require.NoError(t, err, "ParseMove(%q) in %s", tt.move, tt.fen)
		assert.Equal(t, tt.moving, p.Moving(m), "Moving(%v)", m)
		assert.Equal(t, tt.captured, p.Captured(m), "Captured(%v)", m)
		assert.Equal(t, tt.captured != NoPieceType, p.IsCapture(m), "IsCapture(%v)", m)
	}
}

// TestParseMove checks move parsing and the printing of castling moves in both
// notations.
func TestParseMove(t *testing.T) {
	tests := []struct {
		fen, move, want, want960 string
	}{
		{StartFEN, "e2e4", "e2e4", "e2e4"},
		{StartFEN, "g1f3", "g1f3", "g1f3"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e1g1", "e1h1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "e1g1", "e1h1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "e8c8", "e8a8"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", "b7b8n", "b7b8n"},
		// Chess960: the king on f1 may step to g1 or castle with the rook on h1.
		{"4k3/8/8/8/8/8/8/5K1R w H - 0 1", "f1g1", "f1g1", "f1g1"},
		{"4k3/8/8/8/8/8/8/5K1R w H - 0 1", "f1h1", "f1g1", "f1h1"},
		{"4k3/8/8/8/8/8/8/R5KR w HA - 0 1", "g1h1", "g1g1", "g1h1"},
		{"4k3/8/8/8/8/8/8/R5KR w HA - 0 1", "g1c1", "g1c1", "g1a1"},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		require.NoError(t, err)
		m, err := p.ParseMove(tt.move)
		require.NoError(t, err, "ParseMove(%q) in %s", tt.move, tt.fen)
		assert.Equal(t, tt.want, m.String(), "ParseMove(%q).String()", tt.move)
		assert.Equal(t, tt.want960, m.Chess960String(), "ParseMove(%q).Chess960String()", tt.move)
	}
	for _, bad := range []string{"", "e2", "e2e5", "e2e4q", "e7e8", "i2i4", "e2e4xx", "0000"} {
		_, err := NewPosition().ParseMove(bad)
		assert.Error(t, err, "ParseMove(%q)", bad)
	}
}

// FuzzParseMove checks that ParseMove never panics and returns only legal
// moves that print back as they were read (up to castling notation).
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e1g1", "e7e8q", "a1a1", "h9h9", "e2e4 "} {
		f.Add(s)
	}
	p, err := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, s string) {
		m, err := p.ParseMove(s)
		if err != nil {
			return
		}
		var l MoveList
		p.GenerateMoves(&l)
		require.True(t, l.Contains(m), "ParseMove(%q) = %v, not a legal move", s, m)
		require.True(t, m.String() == s || m.Chess960String() == s, "ParseMove(%q) = %v", s, m)
	})
}

// FuzzParseFENWalk checks that the moves of a position ParseFEN accepts can
// be played two plies deep with the key kept right, and unmade to the
// position as it was.
func FuzzParseFENWalk(f *testing.F) {
	for _, fen := range fuzzFENs {
		f.Add(fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		before := p.FEN()
		walk(p, 2, func(p *Position) {
			require.Equal(t, p.ComputeKey(), p.Key(), "%s: Key() = %x, want ComputeKey()", p.FEN())
		})
		require.Equal(t, before, p.FEN(), "%q: FEN after walking its tree", fen)
	})
}
