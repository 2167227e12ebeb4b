package check

import (
	"fmt"
	"strings"

	"cb2026/book"
)

// diagramBuild is the engine build that judges diagrams: the rules of chess
// are the same at every stage, so every diagram is judged by one binary.
const diagramBuild = "main"

// queueDiagram checks a diagram block: its syntax now, and with the engine
// (perft 1 lists the legal moves, and refuses an invalid FEN) in a task.
func (c *checker) queueDiagram(ch *book.Chapter, b *book.Block) {
	d, err := book.ParseDiagram(b.Attrs, b.Body)
	if err != nil {
		return // ParseChapter reported it
	}
	c.res.Diagrams++
	c.queue(fmt.Sprintf("%s:%d board %s", ch.Path, b.Line, d.FEN), func() {
		out, err := c.eng.Run(diagramBuild, []string{"perft", "1", d.FEN}, nil)
		if err != nil {
			c.problem(ch.Path, b.Line, "board: the engine refuses the position: %v", err)
			return
		}
		for _, msg := range d.Judge(legalMoves(out)) {
			c.problem(ch.Path, b.Line, "board: %s", msg)
		}
	})
}

// legalMoves reads the moves of perft 1's divided output ("e2e4: 1").
func legalMoves(out string) map[string]bool {
	moves := map[string]bool{}
	for _, l := range strings.Split(out, "\n") {
		if m, n, ok := strings.Cut(strings.TrimSpace(l), ": "); ok && n == "1" {
			moves[m] = true
		}
	}
	return moves
}
