package fakeuci

import (
	"fmt"

	"cb2026/engine/board"
)

// Legal returns a Mover that plays a legal move picked by a simple hash of
// the game so far (the same game gives the same move), preferring captures
// so that games end. It scores every position 0.
func Legal() Mover {
	return func(fen string, moves []string, _ int) (string, int, error) {
		if fen == "startpos" {
			fen = board.StartFEN
		}
		p, err := board.ParseFEN(fen)
		if err != nil {
			return "", 0, err
		}
		for _, s := range moves {
			m, err := p.ParseMove(s)
			if err != nil {
				return "", 0, fmt.Errorf("move %q: %w", s, err)
			}
			p.MakeMove(m)
		}
		var l board.MoveList
		p.GenerateNoisy(&l)
		if l.Len() == 0 {
			p.GenerateMoves(&l)
		}
		if l.Len() == 0 {
			return "", 0, fmt.Errorf("no legal move in %s", p.FEN())
		}
		return l.At(int(p.Key() % uint64(l.Len()))).String(), 0, nil
	}
}
