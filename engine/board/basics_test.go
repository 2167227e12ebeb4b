package board

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSquares checks square names and parsing.
func TestSquares(t *testing.T) {
	for sq := A1; sq <= H8; sq++ {
		got, err := ParseSquare(sq.String())
		require.NoError(t, err)
		assert.Equal(t, sq, got, "ParseSquare(%q)", sq.String())
		assert.Equal(t, sq, MakeSquare(sq.File(), sq.Rank()))
	}
	assert.Equal(t, "e4", E4.String())
	assert.Equal(t, "-", NoSquare.String())
	assert.Equal(t, Rank8, E1.RelativeRank(Black))
	for _, bad := range []string{"", "e", "e9", "i1", "E4", "e44"} {
		_, err := ParseSquare(bad)
		assert.Error(t, err, "ParseSquare(%q)", bad)
	}
}

// TestPieces checks the piece encoding.
func TestPieces(t *testing.T) {
	seen := map[int]bool{}
	for c := White; c <= Black; c++ {
		for pt := Pawn; pt <= King; pt++ {
			pc := MakePiece(c, pt)
			assert.Equal(t, c, pc.Color())
			assert.Equal(t, pt, pc.Type())
			assert.Equal(t, pc, pieceFromLetter(pc.String()[0]))
			assert.False(t, seen[pc.Index()], "Index(%v) repeats", pc)
			assert.True(t, pc.Index() >= 0 && pc.Index() < 12, "Index(%v) = %d", pc, pc.Index())
			seen[pc.Index()] = true
		}
	}
	assert.Equal(t, "N", WhiteKnight.String())
	assert.Equal(t, "q", BlackQueen.String())
	assert.Equal(t, Black, White.Other())
}

// TestBitboards checks the bitboard operations.
func TestBitboards(t *testing.T) {
	b := SquareBB(C3) | SquareBB(F7)
	assert.Equal(t, 2, b.Count())
	assert.Equal(t, C3, b.LSB())
	assert.Equal(t, F7, b.MSB())
	assert.True(t, b.Has(F7))
	assert.True(t, b.More())
	assert.Equal(t, C3, b.PopLSB())
	assert.Equal(t, SquareBB(F7), b)
	assert.False(t, b.More())
	assert.Equal(t, SquareBB(G7), b.East())
	assert.Equal(t, Bitboard(0), SquareBB(H1).East())
	assert.Equal(t, Bitboard(0), SquareBB(A1).West())
	assert.Equal(t, SquareBB(E5), SquareBB(E4).North())
	assert.Equal(t, FileABB<<4, FileBB(FileE))
	assert.Equal(t, Rank1BB<<24, RankBB(Rank4))
	assert.Equal(t, 8, strings.Count(FileABB.String(), "x"))
}

// TestMoveEncoding checks the move encoding's fields.
func TestMoveEncoding(t *testing.T) {
	m := newPromotion(E7, D8, Knight)
	assert.Equal(t, E7, m.From())
	assert.Equal(t, D8, m.To())
	assert.Equal(t, Knight, m.Promotion())
	assert.True(t, m.IsPromotion())
	assert.Equal(t, "e7d8n", m.String())
	for pt := Knight; pt <= Queen; pt++ {
		assert.Equal(t, pt, newPromotion(A7, A8, pt).Promotion())
	}
	assert.True(t, newCastling(E8, A8).IsCastling())
	assert.Equal(t, "e8c8", newCastling(E8, A8).String())
	assert.True(t, newEnPassant(E5, D6).IsEnPassant())
	assert.Equal(t, NoPieceType, newMove(G1, F3).Promotion())
	assert.Equal(t, "0000", NoMove.String())
	var l MoveList
	l.Add(newMove(G1, F3))
	l.Add(newMove(E2, E4))
	l.Swap(0, 1)
	assert.Equal(t, newMove(E2, E4), l.At(0))
	l.Set(1, NoMove)
	assert.Equal(t, []Move{newMove(E2, E4), NoMove}, l.Moves())
	l.Clear()
	assert.Equal(t, 0, l.Len())
}

// TestRepetition plays knights out and back and checks the repetition count,
// and that a pawn move or a null move in between ends the search for one.
func TestRepetition(t *testing.T) {
	p := NewPosition()
	play := func(moves ...string) {
		for _, s := range moves {
			m, err := p.ParseMove(s)
			require.NoError(t, err)
			p.MakeMove(m)
		}
	}
	assert.False(t, p.IsRepetition())
	play("g1f3", "g8f6", "f3g1", "f6g8")
	assert.True(t, p.IsRepetition())
	assert.Equal(t, 1, p.RepetitionCount())
	play("g1f3")
	assert.True(t, p.IsRepetition())
	assert.Equal(t, 1, p.RepetitionCount(), "the position after 1. Nf3 occurred once before")
	play("g8f6", "f3g1", "f6g8")
	assert.Equal(t, 2, p.RepetitionCount())
	play("e2e4", "e7e5")
	assert.False(t, p.IsRepetition())
	p.MakeNullMove()
	p.MakeNullMove()
	assert.False(t, p.IsRepetition(), "the same position across two null moves is no repetition")
	assert.Equal(t, 0, p.RepetitionCount())
	p.UnmakeNullMove()
	p.UnmakeNullMove()
	assert.Equal(t, 10, p.Ply())
}

// TestInsufficientMaterial checks the dead-draw material test.
func TestInsufficientMaterial(t *testing.T) {
	tests := []struct {
		fen  string
		want bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true},
		{"4kb2/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", false},
		{"4k1b1/8/8/8/8/8/8/4KB2 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false},
		{"4k3/8/8/8/8/8/8/4KR2 w - - 0 1", false},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},
		{StartFEN, false},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		require.NoError(t, err)
		assert.Equal(t, tt.want, p.IsInsufficientMaterial(), "IsInsufficientMaterial(%q)", tt.fen)
	}
}

// TestPositionAccessors checks the simple accessors, Clone and String.
func TestPositionAccessors(t *testing.T) {
	p, err := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 3 7")
	require.NoError(t, err)
	assert.Equal(t, Black, p.SideToMove())
	assert.Equal(t, A3, p.EnPassant())
	assert.Equal(t, 3, p.HalfmoveClock())
	assert.Equal(t, 7, p.FullmoveNumber())
	assert.Equal(t, E8, p.KingSquare(Black))
	assert.Equal(t, WhiteQueen, p.PieceOn(F3))
	assert.Equal(t, SquareBB(F3), p.Pieces(White, Queen))
	assert.Equal(t, 16, p.ByColor(White).Count())
	assert.Equal(t, 32, p.Occupied().Count())
	assert.Equal(t, 0, p.Ply())

	c := p.Clone()
	m, err := c.ParseMove("b4a3")
	require.NoError(t, err)
	c.MakeMove(m)
	assert.Equal(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/4P3/p1N2Q1p/1PPBBPPP/R3K2R w KQkq - 0 8", c.FEN())
	assert.Equal(t, m, c.LastMove())
	assert.Equal(t, NoMove, p.LastMove(), "Clone shares nothing with the original")
	assert.Contains(t, p.String(), "Fen: "+p.FEN())
	assert.Contains(t, p.String(), " | r |   |   |   | k |   |   | r | 8\n")
}

// TestNoAllocations checks that the hot path allocates nothing.
func TestNoAllocations(t *testing.T) {
	p, err := ParseFEN(cpwPositions[0].fen)
	require.NoError(t, err)
	var l MoveList
	allocs := testing.AllocsPerRun(10, func() {
		l.Clear()
		p.GenerateMoves(&l)
		for _, m := range l.Moves() {
			p.MakeMove(m)
			p.UnmakeMove()
		}
		Perft(p, 2)
	})
	assert.Zero(t, allocs, "GenerateMoves, MakeMove, UnmakeMove and Perft allocate")
}

func TestIsRepetitionDraw(t *testing.T) {
	out := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	tests := []struct {
		moves []string
		ply   int
		want  bool
	}{
		{nil, 4, false},
		{out, 1, false},                // once before the root: the opponent may avoid it
		{out, 3, false},                // still before the root
		{out, 4, true},                 // the root itself
		{out, 8, true},                 // inside the search
		{append(out, out...), 1, true}, // twice before: the third occurrence
		{append(out, "e2e4", "e7e5"), 8, false},
	}
	for _, tt := range tests {
		p := NewPosition()
		for _, s := range tt.moves {
			m, err := p.ParseMove(s)
			require.NoError(t, err)
			p.MakeMove(m)
		}
		assert.Equal(t, tt.want, p.IsRepetitionDraw(tt.ply), "IsRepetitionDraw(%d) after %v", tt.ply, tt.moves)
	}
}
