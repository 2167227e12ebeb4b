package search

import (
	"context"
	"fmt"
	"testing"
	"time"

	"cb2026/engine/board"
)

func TestZZPlay(t *testing.T) {
	for _, st := range []int{9, 18, 21} {
		p := board.NewPosition()
		s := NewSearcher(DefaultTechniques(st), 16)
		line := ""
		for i := 0; i < 16; i++ {
			var last Info
			m, _ := s.Search(context.Background(), p, Limits{MoveTime: 150 * time.Millisecond}, func(in Info) { last = in })
			if m == board.NoMove {
				break
			}
			line += fmt.Sprintf("%s(%d,%d) ", m, last.Depth, last.Score)
			p.MakeMove(m)
		}
		fmt.Println(st, line)
	}
}
