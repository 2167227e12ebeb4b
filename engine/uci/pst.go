package uci

import (
	"fmt"

	"cb2026/engine/board"
	"cb2026/engine/eval"
)

// pieceNames are the piece types' names as pst reads them, by type.
var pieceNames = [board.NumPieceTypes]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

// pst obeys "pst <piece> [mg|eg]": it writes the hand-set piece-square
// table of a white piece of that type (a letter, as in a FEN, or a name) in
// the middlegame (the default) or the endgame, as a board from White's
// side: a row per rank from 8 down to 1, a column per file.
func (s *Server) pst(args []string) error {
	if len(args) < 1 || len(args) > 2 {
		return fmt.Errorf("pst: want \"pst <piece> [mg|eg]\", the piece a letter or a name (p, n, b, r, q, k)")
	}
	t := board.NoPieceType
	for pt := board.Pawn; pt <= board.King; pt++ {
		if args[0] == pt.String() || args[0] == pieceNames[pt] {
			t = pt
		}
	}
	if t == board.NoPieceType {
		return fmt.Errorf("pst: %q: want a piece, p, n, b, r, q or k, or its name", args[0])
	}
	phase := 0
	if len(args) == 2 {
		switch args[1] {
		case "mg":
		case "eg":
			phase = 1
		default:
			return fmt.Errorf("pst: %q: want mg or eg", args[1])
		}
	}
	values := eval.SquareValues(t, phase)
	writeBoards(s.out, 4, func(sq board.Square) int { return values[sq] })
	return nil
}
