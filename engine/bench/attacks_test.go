//book:stage 2

package bench

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"cb2026/engine/board"
)

// pieceAttacks counts the attacks of p the other way round from the bench:
// piece by piece, the size of each piece's attack set.
func pieceAttacks(p *board.Position) uint64 {
	occ := p.Occupied()
	var n int
	for b := occ; b != 0; {
		sq := b.PopLSB()
		pc := p.PieceOn(sq)
		switch pc.Type() {
		case board.Pawn:
			n += board.PawnAttacks(pc.Color(), sq).Count()
		case board.Knight:
			n += board.KnightAttacks(sq).Count()
		case board.Bishop:
			n += board.BishopAttacks(sq, occ).Count()
		case board.Rook:
			n += board.RookAttacks(sq, occ).Count()
		case board.Queen:
			n += board.QueenAttacks(sq, occ).Count()
		case board.King:
			n += board.KingAttacks(sq).Count()
		}
	}
	return uint64(n)
}

func TestAttacksCountsEveryPiecesAttacks(t *testing.T) {
	out, counts, ps := runBench(t, Attacks)
	for i, p := range ps {
		assert.Equal(t, pieceAttacks(p), counts[i], "bench position %d: attacks by square and by piece", i+1)
	}
	assert.Contains(t, out, "checkers -", "a position without check")
}
