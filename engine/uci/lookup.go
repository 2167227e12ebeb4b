package uci

import (
	"fmt"

	"cb2026/engine/board"
)

// lookup obeys "lookup <square> rook|bishop": it writes, for a slider of
// that kind on the square, three boards side by side: its relevant
// occupancy mask, the current position's pieces inside that mask (the
// blockers, from which the magic index is computed), and the attacks the
// table returns for them.
func (s *Server) lookup(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("lookup: want \"lookup <square> rook|bishop\", as in \"lookup d4 rook\"")
	}
	sq, err := board.ParseSquare(args[0])
	if err != nil {
		return fmt.Errorf("lookup: %w", err)
	}
	var mask, att board.Bitboard
	occ := s.pos.Occupied()
	switch args[1] {
	case "rook":
		mask, att = board.RookMask(sq), board.RookAttacks(sq, occ)
	case "bishop":
		mask, att = board.BishopMask(sq), board.BishopAttacks(sq, occ)
	default:
		return fmt.Errorf("lookup: %q: want rook or bishop", args[1])
	}
	writeBoards(s.out, 1, inSet(mask), inSet(occ&mask), inSet(att))
	return nil
}
