package search

import (
	"context"
	"fmt"
	"io"
	"time"

	"cb2026/engine/bench"
	"cb2026/engine/board"
)

// benchPositions is the bench (package bench holds it, numbered from 1 in
// the book). It is never modified.
var benchPositions = bench.Positions()

// Bench searches every bench position to depth with the given techniques,
// each from a new game (NewGame), writes one line per position and ends
// with the OpenBench line "N nodes M nps". Without an evaluation it counts
// perft to depth instead. It returns the total nodes, or ctx's error as
// soon as ctx is done. The caller chooses the depth:
// the stage's bench depth is the binary's to know.
func Bench(ctx context.Context, w io.Writer, t Techniques, depth int) (uint64, error) {
	if depth < 1 {
		return 0, fmt.Errorf("bench: depth %d: want at least 1", depth)
	}
	start := time.Now()
	var total uint64
	s := NewSearcher(t)
	for i, bp := range benchPositions {
		p, err := board.ParseFEN(bp.FEN)
		if err != nil {
			return total, fmt.Errorf("bench position %d: %w", i+1, err)
		}
		nodes, best, err := benchOne(ctx, s, p, depth)
		if err != nil {
			return total, err
		}
		total += nodes
		if _, err := fmt.Fprintf(w, "position %2d: %12d nodes  best %-6s %s\n", i+1, nodes, best, bp.FEN); err != nil {
			return total, err
		}
	}
	return total, bench.WriteTotal(w, total, start)
}

// benchOne searches one bench position to depth from a cleared state and
// returns the nodes and the move found ("-" for perft), or ctx's error if
// ctx was done before the search ended.
func benchOne(ctx context.Context, s *Searcher, p *board.Position, depth int) (uint64, string, error) {
	if !s.t.Evaluation {
		nodes, err := board.PerftContext(ctx, p, depth)
		return nodes, "-", err
	}
	s.NewGame()
	best, _ := s.Search(ctx, p, Limits{Depth: depth}, nil)
	return s.nodes, best.String(), ctx.Err()
}

// Measure searches bench position number (from 1) to depth with the
// techniques t from a cleared state, as the bench does, and returns the
// search's statistics, or ctx's error if ctx was done before it ended.
func Measure(ctx context.Context, t Techniques, position, depth int) (Stats, error) {
	p, err := benchPosition(position)
	if err != nil {
		return Stats{}, err
	}
	s := NewSearcher(t)
	s.Search(ctx, p, Limits{Depth: depth}, nil)
	if err := ctx.Err(); err != nil {
		return Stats{}, err
	}
	return s.Stats(), nil
}

// MeasureDepths is Measure for several depths of one position: the
// search's statistics at each of depths, in their order. With iterative
// deepening one search to the deepest gives them all (measureIterations);
// without, each depth is a search of its own.
func MeasureDepths(ctx context.Context, t Techniques, position int, depths []int) ([]Stats, error) {
	for _, depth := range depths {
		if depth < 1 || depth > maxDepth {
			return nil, fmt.Errorf("depth %d: want 1 to %d", depth, maxDepth)
		}
	}
	if t.IterativeDeepening {
		return measureIterations(ctx, t, position, depths)
	}
	all := make([]Stats, len(depths))
	for i, depth := range depths {
		st, err := Measure(ctx, t, position, depth)
		if err != nil {
			return nil, err
		}
		all[i] = st
	}
	return all, nil
}

// benchPosition returns bench position number (from 1).
func benchPosition(position int) (*board.Position, error) {
	if position < 1 || position > len(benchPositions) {
		return nil, fmt.Errorf("bench position %d: want 1 to %d", position, len(benchPositions))
	}
	p, err := board.ParseFEN(benchPositions[position-1].FEN)
	if err != nil {
		return nil, fmt.Errorf("bench position %d: %w", position, err)
	}
	return p, nil
}
