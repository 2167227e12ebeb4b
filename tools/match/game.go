package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"cb2026/engine/board"
	"cb2026/engine/pgn"
	"cb2026/tools/internal/driver"
	"cb2026/tools/internal/openings"
	"cb2026/tools/internal/spec"
)

// TimeControl is a match's limit per move: any of nodes, depth and a fixed
// time per move, or a clock (base time plus increment per move).
type TimeControl struct {
	Nodes    uint64
	Depth    int
	MoveTime time.Duration
	Base     time.Duration // clock; zero for none
	Inc      time.Duration
}

// String prints the limits, e.g. "nodes=5000" or "tc=8s+80ms".
func (tc TimeControl) String() string {
	s := ""
	add := func(part string) {
		if s != "" {
			s += " "
		}
		s += part
	}
	if tc.Nodes > 0 {
		add(fmt.Sprintf("nodes=%d", tc.Nodes))
	}
	if tc.Depth > 0 {
		add(fmt.Sprintf("depth=%d", tc.Depth))
	}
	if tc.MoveTime > 0 {
		add("movetime=" + tc.MoveTime.String())
	}
	if tc.Base > 0 {
		add("tc=" + tc.Base.String() + "+" + tc.Inc.String())
	}
	return s
}

// Timed reports whether time limits the moves (then timings are not
// reproducible and the PGN records them).
func (tc TimeControl) Timed() bool { return tc.MoveTime > 0 || tc.Base > 0 }

// Referee holds the settings every game shares.
type Referee struct {
	TC           TimeControl
	Adjudication Adjudication
	TimeMargin   time.Duration // a clock may go this far below zero before a loss on time
	Timeout      time.Duration // how long a node- or depth-limited move may take
}

// Seat is one engine at the board: its spec and its running process, which
// the game restarts when it is missing (after a crash or a hang).
type Seat struct {
	Spec   spec.Engine
	Engine *driver.Engine
	Log    func(dir, line string) // the engine's UCI traffic, or nil
}

// ensure starts the engine if it is not running and readies a new game;
// the engine is killed when ctx is done.
func (s *Seat) ensure(ctx context.Context) error {
	if s.Engine == nil {
		c := s.Spec.Config()
		c.Log = s.Log
		e, err := driver.StartContext(ctx, c)
		if err != nil {
			return err
		}
		s.Engine = e
	}
	if err := s.Engine.NewGame(driver.DefaultInitTimeout); err != nil {
		s.drop()
		return err
	}
	return nil
}

// drop kills the engine; the next game starts a new one.
func (s *Seat) drop() {
	if s.Engine != nil {
		s.Engine.Close()
		s.Engine = nil
	}
}

// Played is one finished game.
type Played struct {
	Index   int // game number from 0; games 2k and 2k+1 are pair k
	Opening openings.Opening
	White   int // index of the engine playing White (0: the first -engine)
	Plies   []pgn.Ply
	Asked   []Asked // with a clock: each side's time left when asked to move
	Ending  Ending
	Start   time.Time
	Elapsed time.Duration
	Cut     bool // the match was interrupted before the game ended: its ending may be the engines' killing
}

// Asked is a side's clock when it was asked for its move.
type Asked struct {
	Side board.Color
	Move int // the fullmove number
	Left time.Duration
}

// game is one game in progress.
type game struct {
	ref   *Referee
	seats [2]*Seat // by color
	pos   *board.Position
	start string   // the opening's FEN
	moves []string // UCI, from start: the opening's moves, then the game's
	clock [2]time.Duration
	adj   adjudicator
	plies []pgn.Ply
	asked []Asked
}

// Play plays one game from the opening, white and black seated as given,
// and returns how it went. Engine failures end the game and are recorded;
// they never stop the match. An engine started for the game is killed
// when ctx is done.
func (r *Referee) Play(ctx context.Context, o openings.Opening, white, black *Seat) (plies []pgn.Ply, asked []Asked, end Ending) {
	g := &game{ref: r, seats: [2]*Seat{white, black}, adj: adjudicator{a: r.Adjudication},
		clock: [2]time.Duration{r.TC.Base, r.TC.Base}}
	if err := g.setUp(o); err != nil {
		return nil, nil, Ending{Result: pgn.Unfinished, Termination: termAbandoned, Reason: err.Error()}
	}
	for color, s := range g.seats {
		if err := s.ensure(ctx); err != nil {
			return g.plies, g.asked, g.failure(board.Color(color), "crash", fmt.Sprintf("%s could not start a game: %v", s.Spec.Name, err))
		}
	}
	for {
		if end, over := RuleEnding(g.pos); over {
			return g.plies, g.asked, end
		}
		if end, over := g.move(); over {
			return g.plies, g.asked, end
		}
	}
}

// setUp plays the opening's moves.
func (g *game) setUp(o openings.Opening) error {
	p, err := board.ParseFEN(o.FEN)
	if err != nil {
		return fmt.Errorf("opening %s: %w", o.Name, err)
	}
	g.pos, g.start = p, o.FEN
	for _, s := range o.Moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return fmt.Errorf("opening %s: %w", o.Name, err)
		}
		g.plies = append(g.plies, pgn.Ply{SAN: pgn.SAN(p, m), Comment: "book"})
		p.MakeMove(m)
		g.moves = append(g.moves, s)
	}
	if len(g.plies) > 0 {
		g.plies[len(g.plies)-1].Comment = "end of book"
	}
	return nil
}

// limits returns the go limits for the side to move.
func (g *game) limits() driver.Limits {
	l := driver.Limits{Nodes: g.ref.TC.Nodes, Depth: g.ref.TC.Depth, MoveTime: g.ref.TC.MoveTime}
	if g.ref.TC.Base > 0 {
		l.WTime, l.BTime = g.clock[board.White], g.clock[board.Black]
		l.WInc, l.BInc = g.ref.TC.Inc, g.ref.TC.Inc
	}
	return l
}

// timeout returns how long to wait for the side to move's answer.
func (g *game) timeout(side board.Color) time.Duration {
	switch {
	case g.ref.TC.Base > 0:
		return g.clock[side] + g.ref.TimeMargin
	case g.ref.TC.MoveTime > 0:
		return g.ref.TC.MoveTime + g.ref.Timeout
	}
	return g.ref.Timeout
}

// move asks the side to move for a move and plays it.
func (g *game) move() (Ending, bool) {
	side := g.pos.SideToMove()
	seat := g.seats[side]
	name := seat.Spec.Name
	if g.ref.TC.Base > 0 {
		g.asked = append(g.asked, Asked{Side: side, Move: g.pos.FullmoveNumber(), Left: g.clock[side]})
	}
	res, err := seat.Engine.Go(g.startFEN(), g.moves, g.limits(), g.timeout(side))
	if err != nil {
		return g.engineError(side, err), true
	}
	if g.ref.TC.Base > 0 {
		g.clock[side] -= res.Elapsed
		if g.clock[side] < -g.ref.TimeMargin {
			return g.failure(side, "time", fmt.Sprintf("%s lost on time (%v over)", name, -g.clock[side])), true
		}
		g.clock[side] += g.ref.TC.Inc
	}
	m, err := g.pos.ParseMove(res.BestMove)
	if err != nil {
		return g.failure(side, "illegal", fmt.Sprintf("%s played an illegal move %q", name, res.BestMove)), true
	}
	g.plies = append(g.plies, pgn.Ply{SAN: pgn.SAN(g.pos, m), Comment: g.comment(res, g.clock[side])})
	fullmove := g.pos.FullmoveNumber()
	g.pos.MakeMove(m)
	g.moves = append(g.moves, res.BestMove)
	return g.adj.add(res.Info, side, fullmove)
}

// startFEN returns the FEN the moves start from.
func (g *game) startFEN() string { return g.start }

// engineError turns a driver error into the right loss.
func (g *game) engineError(side board.Color, err error) Ending {
	seat := g.seats[side]
	name := seat.Spec.Name
	switch {
	case errors.Is(err, driver.ErrDisconnected):
		seat.drop()
		return g.failure(side, "crash", fmt.Sprintf("%s disconnected: %v", name, err))
	case errors.Is(err, driver.ErrTimeout) && g.ref.TC.Base > 0:
		seat.drop()
		return g.failure(side, "time", fmt.Sprintf("%s lost on time (no move within its %v)", name, g.timeout(side)))
	case errors.Is(err, driver.ErrTimeout):
		seat.drop()
		return g.failure(side, "timeout", fmt.Sprintf("%s sent no bestmove within %v", name, g.timeout(side)))
	}
	return g.failure(side, "illegal", fmt.Sprintf("%s: %v", name, err))
}

// failure returns a loss for side caused by its engine. A loss on time is a
// draw instead when the opponent has too little material to ever mate (the
// FIDE rule, simplified to a lone king or a king and one minor piece).
func (g *game) failure(side board.Color, kind, reason string) Ending {
	if kind == "time" && g.pos != nil && !canMate(g.pos, side.Other()) {
		e := drawBy(reason + "; the opponent cannot mate")
		e.Termination, e.Failure, e.Culprit = termTime, kind, side
		return e
	}
	term := termInfraction
	switch kind {
	case "time":
		term = termTime
	case "crash", "timeout":
		term = termAbandoned
	}
	return Ending{Result: winFor(side.Other()), Termination: term, Reason: reason, Failure: kind, Culprit: side}
}

// comment is the PGN comment after an engine move: score/depth, the time
// the move took when time limits the game, and with a clock the time left
// after the move (increment included) as [%clk].
func (g *game) comment(r driver.Result, left time.Duration) string {
	c := ""
	switch {
	case r.Info.Mate > 0:
		c = fmt.Sprintf("+M%d/%d", r.Info.Mate, r.Info.Depth)
	case r.Info.Mate < 0:
		c = fmt.Sprintf("-M%d/%d", -r.Info.Mate, r.Info.Depth)
	case r.Info.HasScore:
		c = fmt.Sprintf("%+.2f/%d", float64(r.Info.Score)/100, r.Info.Depth)
	}
	if g.ref.TC.Timed() {
		c += fmt.Sprintf(" %.3fs", r.Elapsed.Seconds())
	}
	if g.ref.TC.Base > 0 {
		c += " " + clkComment(left)
	}
	return c
}

// canMate reports whether c has mating material in the simplest sense: a
// pawn, a rook or a queen, or two minor pieces.
func canMate(p *board.Position, c board.Color) bool {
	if p.Pieces(c, board.Pawn)|p.Pieces(c, board.Rook)|p.Pieces(c, board.Queen) != 0 {
		return true
	}
	return (p.Pieces(c, board.Knight) | p.Pieces(c, board.Bishop)).Count() >= 2
}
