package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"cb2026/engine/pgn"
	"cb2026/internal/stats"
	"cb2026/tools/internal/openings"
	"cb2026/tools/internal/spec"
)

// Match is a set of games between two engines: every opening is played
// twice, once with each engine as White, as a pair.
type Match struct {
	Engines     [2]spec.Engine
	Referee     Referee
	Openings    []openings.Opening
	Order       []int // the openings' order (by seed)
	Games       int   // the most games to play (an even number)
	Concurrency int
	SPRT        *stats.SPRT        // nil for no test
	Progress    io.Writer          // one line per finished game; nil for none
	Record      func(Played) error // called for each game in game order
	EngineLog   io.Writer          // every engine's UCI traffic, or nil
	Done        []Played           // games finished before (a resumed match): counted, not played again
	logMu       sync.Mutex
}

// Tally counts a match's results from the first engine's point of view.
type Tally struct {
	Wins, Draws, Losses int
	Unfinished          int
	Penta               stats.Pentanomial
	Failures            map[string]int // "engine: kind" → games lost that way
	Endings             map[string]int // reason class → games
	Decision            *Decision      // the SPRT's verdict when its LLR first crossed a bound, or nil
	half                map[int]int    // pair → first finished game's half points
	clocks              clockTally
}

// Decision is where an SPRT decided: its verdict, and the games counted and
// the LLR at the game that took the LLR across a bound. The pairs under way
// then are still finished and counted, which can take the final LLR back
// inside the bounds; the verdict stands.
type Decision struct {
	Verdict stats.Verdict
	Games   int
	LLR     float64
}

// newTally returns an empty tally.
func newTally() *Tally {
	return &Tally{Failures: map[string]int{}, Endings: map[string]int{}, half: map[int]int{}}
}

// Games returns the number of finished games.
func (t *Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// add counts one game.
func (t *Tally) add(m *Match, p Played) {
	e := p.Ending
	if e.Failure != "" {
		culprit := p.White
		if e.Culprit != 0 {
			culprit = 1 - p.White
		}
		t.Failures[m.Engines[culprit].Name+": "+e.Failure]++
	}
	t.Endings[endingClass(e)]++
	t.clocks.add(p)
	half, ok := firstEngineHalfPoints(e.Result, p.White)
	if !ok {
		t.Unfinished++
		t.half[p.Index/2] = -1
		return
	}
	switch half {
	case 2:
		t.Wins++
	case 1:
		t.Draws++
	default:
		t.Losses++
	}
	pair := p.Index / 2
	if first, seen := t.half[pair]; !seen {
		t.half[pair] = half
	} else {
		if first >= 0 {
			t.Penta.Add(stats.PairOf(first, half))
		}
		delete(t.half, pair)
	}
}

// endingClass groups endings for the summary.
func endingClass(e Ending) string {
	if e.Failure != "" {
		return e.Termination + " (" + e.Failure + ")"
	}
	if e.Termination == termAdjudicated {
		class, _, _ := strings.Cut(e.Reason, " (")
		return class
	}
	return e.Reason
}

// firstEngineHalfPoints returns the first engine's half points (0, 1, 2).
func firstEngineHalfPoints(result string, white int) (int, bool) {
	var w int
	switch result {
	case pgn.WhiteWins:
		w = 2
	case pgn.Draw:
		w = 1
	case pgn.BlackWins:
		w = 0
	default:
		return 0, false
	}
	if white == 1 {
		w = 2 - w
	}
	return w, true
}

// Run plays the match and returns the tally. It stops early when the SPRT
// reaches a verdict (the games already started still finish), and when ctx
// is done: then the engines are killed, the games in progress are dropped,
// and the tally holds the games finished before. The games of m.Done are
// counted first and not played again.
func (m *Match) Run(ctx context.Context) (*Tally, error) {
	t, done := newTally(), map[int]bool{}
	for _, p := range m.Done {
		t.add(m, p)
		m.decide(t)
		done[p.Index] = true
	}
	jobs := make(chan int)
	results := make(chan Played)
	var stop atomic.Bool
	stop.Store(t.Decision != nil)
	go m.dispatch(ctx, jobs, done, &stop)
	var wg sync.WaitGroup
	for range max(m.Concurrency, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.work(ctx, jobs, results)
		}()
	}
	go func() { wg.Wait(); close(results) }()
	return t, m.collect(t, done, results, &stop)
}

// decide records the SPRT's verdict in t the first time its LLR crosses a
// bound, and reports whether the match is decided.
func (m *Match) decide(t *Tally) bool {
	if m.SPRT != nil && t.Decision == nil {
		llr := m.SPRT.LLR(t.Penta)
		if v := m.SPRT.Verdict(llr); v != stats.Continue {
			t.Decision = &Decision{Verdict: v, Games: t.Games(), LLR: llr}
		}
	}
	return t.Decision != nil
}

// dispatch hands out the numbers of the games not done; once stop is set
// it starts no new pair, and once ctx is done no new game.
func (m *Match) dispatch(ctx context.Context, jobs chan<- int, done map[int]bool, stop *atomic.Bool) {
	defer close(jobs)
	for i := range m.Games {
		if i%2 == 0 && stop.Load() {
			return
		}
		if done[i] {
			continue
		}
		select {
		case jobs <- i:
		case <-ctx.Done():
			return
		}
	}
}

// work plays games with its own two engine processes, which ctx kills.
func (m *Match) work(ctx context.Context, jobs <-chan int, results chan<- Played) {
	seats := [2]*Seat{{Spec: m.Engines[0], Log: m.logger(0)}, {Spec: m.Engines[1], Log: m.logger(1)}}
	defer seats[0].drop()
	defer seats[1].drop()
	for i := range jobs {
		results <- m.playGame(ctx, i, seats)
	}
}

// logger returns the UCI log function for engine i, or nil without a log.
// Lines of all engines go to one writer, each under the match's lock.
func (m *Match) logger(i int) func(dir, line string) {
	if m.EngineLog == nil {
		return nil
	}
	name := m.Engines[i].Name
	return func(dir, line string) {
		m.logMu.Lock()
		defer m.logMu.Unlock()
		fmt.Fprintf(m.EngineLog, "%s %s %s\n", name, dir, line)
	}
}

// playGame plays game i: pair i/2, the first engine White in even games.
func (m *Match) playGame(ctx context.Context, i int, seats [2]*Seat) Played {
	o := m.Openings[m.Order[(i/2)%len(m.Order)]]
	p := Played{Index: i, Opening: o, White: i % 2, Start: time.Now()}
	if err := o.Resolve(); err != nil {
		p.Ending = Ending{Result: pgn.Unfinished, Termination: termAbandoned, Reason: err.Error()}
		return p
	}
	p.Opening = o
	p.Plies, p.Asked, p.Ending = m.Referee.Play(ctx, o, seats[p.White], seats[1-p.White])
	p.Elapsed = time.Since(p.Start)
	p.Cut = ctx.Err() != nil // the engines are killed only after ctx is done
	return p
}

// collect counts results into t, prints progress, records games in order
// (skipping those done before), and sets stop when the SPRT is decided. A
// game that ended after the match was interrupted may have been cut short
// by the engines' killing: it is dropped, to be played again on -resume.
func (m *Match) collect(t *Tally, done map[int]bool, results <-chan Played, stop *atomic.Bool) error {
	waiting := map[int]Played{}
	next := 0
	var recordErr error
	for p := range results {
		if p.Cut {
			continue
		}
		t.add(m, p)
		m.progress(t, p)
		if m.decide(t) {
			stop.Store(true)
		}
		waiting[p.Index] = p
		for {
			for done[next] {
				next++
			}
			q, ok := waiting[next]
			if !ok {
				break
			}
			delete(waiting, next)
			next++
			if m.Record != nil && recordErr == nil {
				recordErr = m.Record(q)
			}
		}
	}
	if recordErr == nil && m.Record != nil {
		recordErr = m.recordRest(waiting, next)
	}
	return recordErr
}

// recordRest records games left waiting behind a game never played (when
// an SPRT or an interruption stopped the match, numbers may have gaps).
func (m *Match) recordRest(waiting map[int]Played, next int) error {
	for i := next; len(waiting) > 0; i++ {
		if q, ok := waiting[i]; ok {
			delete(waiting, i)
			if err := m.Record(q); err != nil {
				return err
			}
		}
	}
	return nil
}

// progress prints one line for a finished game.
func (m *Match) progress(t *Tally, p Played) {
	if m.Progress == nil {
		return
	}
	white, black := m.Engines[p.White].Name, m.Engines[1-p.White].Name
	e := t.Penta.Estimate()
	line := fmt.Sprintf("game %d/%d %s-%s %s (%s) | %s W %d D %d L %d | Elo %s ± %s",
		t.Games()+t.Unfinished, m.Games, white, black, p.Ending.Result, p.Ending.Reason,
		m.Engines[0].Name, t.Wins, t.Draws, t.Losses, eloDigits(e.Elo, 1), strings.TrimPrefix(eloDigits(e.EloError, 1), "+"))
	if m.SPRT != nil {
		lo, hi := m.SPRT.Bounds()
		line += fmt.Sprintf(" | LLR %.2f (%.2f, %.2f)", m.SPRT.LLR(t.Penta), lo, hi)
	}
	fmt.Fprintln(m.Progress, line)
}
