package main

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"cb2026/tools/internal/driver"
	"cb2026/tools/internal/spec"
)

// Suite runs one engine over the problems.
type Suite struct {
	Engine      spec.Engine
	Limits      driver.Limits
	Concurrency int
	Timeout     time.Duration
	Progress    io.Writer // a line per position, or nil
}

// Answer is the engine's reply to one problem.
type Answer struct {
	Move  string // UCI; "" when the engine failed
	Error string // the engine failure, if any
	Info  driver.Info
}

// Run searches every problem and returns the answers in the problems'
// order. When ctx is done it kills the engines and starts no other search:
// the answers not given are empty, and the caller sees ctx.Err().
func (s *Suite) Run(ctx context.Context, problems []*Problem) []Answer {
	answers := make([]Answer, len(problems))
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range max(s.Concurrency, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var e *driver.Engine
			defer func() {
				if e != nil {
					e.Close()
				}
			}()
			for i := range jobs {
				answers[i], e = s.solve(ctx, e, problems[i])
				if s.Progress != nil {
					mu.Lock()
					fmt.Fprintln(s.Progress, line(problems[i], answers[i]))
					mu.Unlock()
				}
			}
		}()
	}
	for i := range problems {
		if ctx.Err() != nil {
			break
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return answers
}

// solve asks the engine (started if nil) for its move from a new game. It
// returns the engine to use next, nil after a failure (it is restarted).
func (s *Suite) solve(ctx context.Context, e *driver.Engine, p *Problem) (Answer, *driver.Engine) {
	if e == nil {
		var err error
		if e, err = driver.StartContext(ctx, s.Engine.Config()); err != nil {
			return Answer{Error: err.Error()}, nil
		}
	}
	fail := func(err error) (Answer, *driver.Engine) {
		e.Close()
		return Answer{Error: err.Error()}, nil
	}
	if err := e.NewGame(driver.DefaultInitTimeout); err != nil {
		return fail(err)
	}
	timeout := s.Timeout + s.Limits.MoveTime
	r, err := e.Go(p.FEN, nil, s.Limits, timeout)
	if err != nil {
		return fail(err)
	}
	return Answer{Move: r.BestMove, Info: r.Info}, e
}

// line is one position's report line.
func line(p *Problem, a Answer) string {
	if a.Error != "" {
		return fmt.Sprintf("%-28s engine failure: %s", p.ID, a.Error)
	}
	mark := "  "
	if p.Solved(a.Move) {
		mark = "ok"
	}
	s := fmt.Sprintf("%-28s %s %-8s %s", p.ID, mark, p.MoveSAN(a.Move), p.Expected())
	if p.HasPoints() {
		s += fmt.Sprintf(" (%d of %d points)", p.Points[a.Move], p.MaxPoints())
	}
	return s
}
