package uci

import (
	"fmt"

	"cb2026/engine/board"
	"cb2026/engine/eval"
)

// kingzone obeys "kingzone [white|black]": it writes the zone of that
// side's king (by default the side to move's) as a board of ones and,
// beside it, how many of the opponent's knights, bishops, rooks and queens
// attack each square of the zone: the hits the king-safety term counts.
func (s *Server) kingzone(args []string) error {
	c := s.pos.SideToMove()
	switch {
	case len(args) == 0:
	case len(args) == 1 && args[0] == "white":
		c = board.White
	case len(args) == 1 && args[0] == "black":
		c = board.Black
	default:
		return fmt.Errorf("kingzone: want \"kingzone [white|black]\"")
	}
	zone, hits := eval.KingZoneHits(s.pos, c)
	writeBoards(s.out, 1, inSet(zone), func(sq board.Square) int { return hits[sq] })
	return nil
}
