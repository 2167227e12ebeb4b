package board

import (
	"fmt"
	"strings"
)

// String returns the position as an ASCII diagram with White at the bottom,
// followed by its FEN and Zobrist key, and the pieces giving check if there
// are any, as the console's "d" command prints it (in the style of
// Stockfish's, for comparing the two).
func (p *Position) String() string {
	const border = " +---+---+---+---+---+---+---+---+\n"
	var sb strings.Builder
	sb.WriteString(border)
	for r := Rank8; r <= Rank8; r-- {
		for f := FileA; f <= FileH; f++ {
			letter := p.board[MakeSquare(f, r)].String()
			if letter == "." {
				letter = " "
			}
			sb.WriteString(" | " + letter)
		}
		fmt.Fprintf(&sb, " | %d\n%s", r+1, border)
	}
	sb.WriteString("   a   b   c   d   e   f   g   h\n\n")
	fmt.Fprintf(&sb, "Fen: %s\nKey: %016X\n", p.FEN(), p.key)
	p.writeCheckers(&sb)
	return sb.String()
}

// squareList returns the squares of b, each after a space: " e1 h4".
func squareList(b Bitboard) string {
	var sb strings.Builder
	for b != 0 {
		sb.WriteString(" " + b.PopLSB().String())
	}
	return sb.String()
}
