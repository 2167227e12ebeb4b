package uci

import (
	"fmt"
	"io"
	"strings"

	"cb2026/engine/board"
)

// A boardValues gives each square of a board drawn by writeBoards its value.
type boardValues func(sq board.Square) int

// writeBoards writes boards side by side, as seen from White's side: a
// header naming the files, then a row per rank from 8 down to 1, each value
// right-aligned in width characters, the boards parted by a column of "|".
// A plot block of kind heatmap draws the output as a grid of squares.
func writeBoards(w io.Writer, width int, boards ...boardValues) {
	var b strings.Builder
	fmt.Fprintf(&b, "%-4s", "rank")
	for i := range boards {
		if i > 0 {
			b.WriteString("  |")
		}
		for f := 'a'; f <= 'h'; f++ {
			fmt.Fprintf(&b, " %*c", width, f)
		}
	}
	b.WriteString("\n")
	for rank := 7; rank >= 0; rank-- {
		fmt.Fprintf(&b, "%-4d", rank+1)
		for i, values := range boards {
			if i > 0 {
				b.WriteString("  |")
			}
			for file := range 8 {
				fmt.Fprintf(&b, " %*d", width, values(board.Square(rank*8+file)))
			}
		}
		b.WriteString("\n")
	}
	_, _ = io.WriteString(w, b.String())
}

// inSet returns the board that is 1 on the squares of set and 0 elsewhere.
func inSet(set board.Bitboard) boardValues {
	return func(sq board.Square) int {
		if set.Has(sq) {
			return 1
		}
		return 0
	}
}
