package bench

import (
	"fmt"
	"io"
	"time"

	"cb2026/engine/board"
)

// Board is the bench of stage 1, which has a board and no moves: it reads
// each bench position's FEN, checks that writing the position gives the same
// FEN back, and counts the pieces by walking the bitboards, each checked
// against the board of squares. It writes one line per position, with the
// Zobrist key, and ends with "N nodes M nps", N being the pieces counted.
func Board(w io.Writer) (uint64, error) {
	return run(w, "pieces", func(p *board.Position) (uint64, string, error) {
		var n uint64
		for c := board.White; c <= board.Black; c++ {
			for t := board.Pawn; t <= board.King; t++ {
				for b := p.Pieces(c, t); b != 0; n++ {
					if sq := b.PopLSB(); p.PieceOn(sq) != board.MakePiece(c, t) {
						return n, "", fmt.Errorf("%v: the bitboards say %v, the squares %v", sq, board.MakePiece(c, t), p.PieceOn(sq))
					}
				}
			}
		}
		if n != uint64(p.Occupied().Count()) {
			return n, "", fmt.Errorf("%d pieces by type, %d squares occupied", n, p.Occupied().Count())
		}
		return n, fmt.Sprintf("key %016X", p.Key()), nil
	})
}

// run reads each bench position, checks that its FEN comes back as it was
// written, lets count count it, and writes a line per position and the
// total in the form "N nodes M nps".
func run(w io.Writer, what string, count func(p *board.Position) (uint64, string, error)) (uint64, error) {
	start := time.Now()
	var total uint64
	for i, bp := range positions {
		p, err := board.ParseFEN(bp.FEN)
		if err != nil {
			return total, fmt.Errorf("bench position %d: %w", i+1, err)
		}
		if got := p.FEN(); got != bp.FEN {
			return total, fmt.Errorf("bench position %d: read %q, wrote %q", i+1, bp.FEN, got)
		}
		n, extra, err := count(p)
		if err != nil {
			return total, fmt.Errorf("bench position %d: %w", i+1, err)
		}
		total += n
		if _, err := fmt.Fprintf(w, "position %2d: %12d %-7s %s  %s\n", i+1, n, what, extra, bp.FEN); err != nil {
			return total, err
		}
	}
	return total, WriteTotal(w, total, start)
}

// WriteTotal writes the line every bench ends with, "N nodes M nps": the
// total and its rate since start.
func WriteTotal(w io.Writer, nodes uint64, start time.Time) error {
	elapsed := max(time.Since(start), time.Microsecond)
	_, err := fmt.Fprintf(w, "%d nodes %d nps\n", nodes, uint64(float64(nodes)/elapsed.Seconds()))
	return err
}
