//book:stage 3

package uci

import (
	"context"
	"fmt"
	"io"
	"time"

	"cb2026/engine/board"
	"cb2026/engine/search"
)

// The fake engine's methods that the search, from chapter 3 on, brings.

func (f *fakeEngine) NewGame() { f.newGames++ }

func (f *fakeEngine) Search(ctx context.Context, p *board.Position, l search.Limits, report func(search.Info)) (board.Move, board.Move) {
	f.mu.Lock()
	f.limits = append(f.limits, l)
	f.mu.Unlock()
	if f.slow {
		<-ctx.Done()
	}
	var moves board.MoveList
	p.GenerateMoves(&moves)
	if moves.Len() == 0 {
		return board.NoMove, board.NoMove
	}
	if f.delay > 0 {
		select {
		case <-time.After(f.delay):
		case <-ctx.Done():
			return moves.At(0), board.NoMove // stopped: no report
		}
	}
	report(search.Info{Depth: 1, SelDepth: 1, Score: 12, Nodes: 20, Time: time.Millisecond, PV: []board.Move{moves.At(0)}})
	return moves.At(0), board.NoMove
}

//book:stage 10
func (f *fakeEngine) SetHashSize(mb int) error { f.hashMB = mb; return nil }

func (f *fakeEngine) Switches() []Switch { return append([]Switch(nil), f.switches...) }

func (f *fakeEngine) SetSwitch(name, value string) error {
	for i := range f.switches {
		if f.switches[i].Option == name {
			f.switches[i].Value = value
			return nil
		}
	}
	return fmt.Errorf("no switch %q", name)
}

//book:stage 4
func (f *fakeEngine) Eval(w io.Writer, p *board.Position) error {
	fmt.Fprintln(w, "eval 0")
	return nil
}

// Stats counts position×1000 + depth nodes, a tenth of them in quiescence;
// position 13 is the last.
func (f *fakeEngine) Stats(ctx context.Context, position, depth int) (search.Stats, error) {
	if position > 13 {
		return search.Stats{}, fmt.Errorf("bench position %d: want 1 to 13", position)
	}
	n := uint64(position*1000 + depth)
	return search.Stats{Nodes: n, QNodes: n / 10}, nil
}
