package search

import (
	"time"

	"cb2026/engine/board"
)

// Time management constants. A move's budget is its share of the clock:
// what is left, spread over the moves still to play, plus most of the
// increment. Iterative deepening then decides how much of it to use.
const (
	moveOverhead     = 50 * time.Millisecond // kept back for the GUI, the OS and the pipe
	defaultMovesToGo = 25                    // sudden death: plan as if this many moves remain (see below)
	incrementShare   = 3                     // of each increment, 3/4 is spent …
	incrementParts   = 4                     // … and 1/4 saved for later
	startShare       = 2                     // no iteration starts after 1/2 of the budget
	hardFactor       = 3                     // a move may take up to 3 × its budget …
	hardShare        = 5                     // … but never more than 1/5 of the clock
)

// A clock tells the search when to stop. The soft limit is looked at between
// iterations: past it, no new iteration starts. The hard limit stops the
// search wherever it is. Zero limits never expire.
type clock struct {
	start      time.Time
	soft, hard time.Duration
}

// Limits says when a search stops; zero fields set no limit.
type Limits struct {
	Depth     int              // iterations (the fixed depth before iterative deepening)
	Nodes     uint64           // nodes, counted exactly
	MoveTime  time.Duration    // time for this move
	Time, Inc [2]time.Duration // clock and increment per side, indexed by board.Color
	MovesToGo int              // moves until the next time control; 0: sudden death
	Infinite  bool             // search until cancelled
}

// newClock computes the limits of a search started at start by the side us.
// "movetime" fixes both limits; a clock gives each move its share of the
// remaining time (spread over the moves to go) plus most of the increment.
func newClock(l Limits, us board.Color, start time.Time) clock {
	c := clock{start: start}
	switch {
	case l.Infinite:
		return c
	case l.MoveTime > 0:
		c.hard = max(l.MoveTime-moveOverhead, l.MoveTime/2)
		c.soft = c.hard
	case l.Time[us] > 0:
		c.soft, c.hard = budget(l.Time[us], l.Inc[us], l.MovesToGo)
	}
	return c
}

// Budget returns the soft and hard limits that a search with limits l sets
// for the side us, as its clock computes them when the search starts; zero
// means no limit. The console's budget command prints them.
//
//book:stage 9
func Budget(l Limits, us board.Color) (soft, hard time.Duration) {
	c := newClock(l, us, time.Time{})
	return c.soft, c.hard
}

// Planning for 40 moves left main with 7.8 of its 10 seconds at move 20 of
// a 10+0.1 game, and 4.0 at move 60. Planning for 25 scored +24.4 ± 36.4 Elo
// against 40 in 200 games at 2+0.02 (LOS 91%, no game lost on time;
// tools/match/results/tm-movestogo25-vs-40-tc2-1807b1b).

// budget returns the soft and hard limits for a move with remaining time
// left, increment inc and movesToGo moves to the next control (0: none).
//
// The soft limit is half the move's share: an iteration takes about as long
// as all the iterations before it together, so one started later than that
// would most likely end past the share, or be cut off by the hard limit and
// wasted. The hard limit lets a move that has started its last iteration
// finish it within three shares, and never spends more than a fifth of the
// clock on one move.
func budget(left, inc time.Duration, movesToGo int) (soft, hard time.Duration) {
	available := max(left-moveOverhead, left/4)
	moves := defaultMovesToGo
	if movesToGo > 0 {
		moves = min(movesToGo, defaultMovesToGo)
	}
	share := available/time.Duration(moves) + inc*incrementShare/incrementParts
	hard = min(share*hardFactor, available/hardShare)
	hard = max(hard, time.Millisecond)
	return min(share/startShare, hard), hard
}

// elapsed returns the time since the search started.
func (c *clock) elapsed() time.Duration {
	return time.Since(c.start)
}

// softExpired reports whether the search should start no new iteration.
func (c *clock) softExpired() bool {
	return c.soft > 0 && c.elapsed() >= c.soft
}

// hardExpired reports whether the search must stop now.
func (c *clock) hardExpired() bool {
	return c.hard > 0 && c.elapsed() >= c.hard
}
