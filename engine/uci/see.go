package uci

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"cb2026/engine/board"
	"cb2026/engine/search"
)

// see obeys "see <move>": for a capture in the current position it writes
// the exchange it starts on its square, as the static exchange evaluation
// plays it forward: each capture (piece, from, to), the piece it takes,
// what its side has won if the exchange stops after it, and what it wins
// once both sides choose. The first capture's result is SEE's answer.
func (s *Server) see(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("see: want one capture, as in \"see d3e5\"")
	}
	m, err := s.pos.ParseMove(args[0])
	if err != nil {
		return fmt.Errorf("see: %w", err)
	}
	victim := s.pos.Captured(m)
	if victim == board.NoPieceType && m.Promotion() == board.NoPieceType {
		return fmt.Errorf("see: %s captures nothing", m)
	}
	to := m.To()
	tw := tabwriter.NewWriter(s.out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "capture\tmove\ttakes\tgain\tresult")
	for d, st := range search.SwapSteps(s.pos, m) {
		piece := s.pos.PieceOn(st.From).Type()
		letter, taken := strings.ToUpper(piece.String()), "-"
		if piece == board.Pawn {
			letter = "" // as a player writes it: d4xe5
		}
		if victim != board.NoPieceType {
			taken = pieceNames[victim]
		}
		fmt.Fprintf(tw, "%d\t%s%vx%v\t%s\t%d\t%d\n", d, letter, st.From, to, taken, st.Gain, st.Result)
		victim = piece
	}
	tw.Flush()
	return nil
}
