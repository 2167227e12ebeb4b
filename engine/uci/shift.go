package uci

import (
	"fmt"

	"cb2026/engine/board"
)

// shifts are the steps shift knows, by name: Bitboard's methods of those
// names.
var shifts = map[string]func(board.Bitboard) board.Bitboard{
	"north": board.Bitboard.North, "south": board.Bitboard.South,
	"east": board.Bitboard.East, "west": board.Bitboard.West,
}

// shift obeys "shift north|south|east|west": it writes the squares of the
// side to move's pieces as a board of ones and, beside it, that set moved
// one square that way. A square moved off the board is lost, never wrapped
// round to the other edge.
func (s *Server) shift(args []string) error {
	if len(args) != 1 || shifts[args[0]] == nil {
		return fmt.Errorf("shift: want \"shift north|south|east|west\"")
	}
	set := s.pos.ByColor(s.pos.SideToMove())
	writeBoards(s.out, 1, inSet(set), inSet(shifts[args[0]](set)))
	return nil
}
