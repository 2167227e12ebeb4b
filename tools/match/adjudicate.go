package main

import (
	"fmt"
	"strconv"
	"strings"

	"cb2026/engine/board"
	"cb2026/engine/pgn"
	"cb2026/tools/internal/driver"
)

// mateScore stands for a mate score in adjudication (any mate is decisive).
const mateScore = 100000

// Adjudication is the optional score-based ending of games, off unless a
// flag turns it on. Resign: a game is given to one side when both engines'
// scores agreed it is winning by at least ResignScore for ResignMoves moves
// each. Draw: from move DrawMoveNumber on, a game is drawn when both scores
// stayed within ±DrawScore for DrawMoves moves each.
type Adjudication struct {
	ResignMoves, ResignScore             int
	DrawMoveNumber, DrawMoves, DrawScore int
}

// On reports whether any adjudication is on.
func (a Adjudication) On() bool { return a.ResignMoves > 0 || a.DrawMoves > 0 }

// String names the settings as the results and PGN headers print them.
func (a Adjudication) String() string {
	if !a.On() {
		return "off (rules only)"
	}
	var parts []string
	if a.ResignMoves > 0 {
		parts = append(parts, fmt.Sprintf("resign moves=%d score=%d", a.ResignMoves, a.ResignScore))
	}
	if a.DrawMoves > 0 {
		parts = append(parts, fmt.Sprintf("draw movenumber=%d moves=%d score=%d", a.DrawMoveNumber, a.DrawMoves, a.DrawScore))
	}
	return strings.Join(parts, "; ")
}

// ParseResign reads "moves=N,score=S".
func (a *Adjudication) ParseResign(s string) error {
	return parseKeys(s, map[string]*int{"moves": &a.ResignMoves, "score": &a.ResignScore})
}

// ParseDraw reads "movenumber=M,moves=N,score=S".
func (a *Adjudication) ParseDraw(s string) error {
	return parseKeys(s, map[string]*int{"movenumber": &a.DrawMoveNumber, "moves": &a.DrawMoves, "score": &a.DrawScore})
}

// parseKeys reads comma-separated key=integer pairs into the named fields.
func parseKeys(s string, fields map[string]*int) error {
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		dst, known := fields[k]
		n, err := strconv.Atoi(v)
		if !ok || !known || err != nil || n < 0 {
			return fmt.Errorf("adjudication %q: bad %q", s, kv)
		}
		*dst = n
	}
	return nil
}

// whiteScore returns an engine's score from White's point of view, and
// whether it gave one.
func whiteScore(info driver.Info, side board.Color) (int, bool) {
	if !info.HasScore {
		return 0, false
	}
	s := info.Score
	if info.Mate > 0 {
		s = mateScore
	} else if info.Mate < 0 {
		s = -mateScore
	}
	if side == board.Black {
		s = -s
	}
	return s, true
}

// adjudicator keeps the scores of one game.
type adjudicator struct {
	a      Adjudication
	scores []int // White's view, one per engine move; a move without score breaks runs
	valid  []bool
}

// add records one move's score and returns an ending if the settings call one.
func (j *adjudicator) add(info driver.Info, side board.Color, fullmove int) (Ending, bool) {
	s, ok := whiteScore(info, side)
	j.scores = append(j.scores, s)
	j.valid = append(j.valid, ok)
	if n := 2 * j.a.ResignMoves; n > 0 && j.lastAll(n, func(s int) bool { return s >= j.a.ResignScore }) {
		return adjudged(pgn.WhiteWins, "resign adjudication ("+j.a.String()+")"), true
	}
	if n := 2 * j.a.ResignMoves; n > 0 && j.lastAll(n, func(s int) bool { return s <= -j.a.ResignScore }) {
		return adjudged(pgn.BlackWins, "resign adjudication ("+j.a.String()+")"), true
	}
	if n := 2 * j.a.DrawMoves; n > 0 && fullmove >= j.a.DrawMoveNumber &&
		j.lastAll(n, func(s int) bool { return s <= j.a.DrawScore && s >= -j.a.DrawScore }) {
		return adjudged(pgn.Draw, "draw adjudication ("+j.a.String()+")"), true
	}
	return Ending{}, false
}

// lastAll reports whether the last n scores exist and all pass.
func (j *adjudicator) lastAll(n int, pass func(int) bool) bool {
	if len(j.scores) < n {
		return false
	}
	for i := len(j.scores) - n; i < len(j.scores); i++ {
		if !j.valid[i] || !pass(j.scores[i]) {
			return false
		}
	}
	return true
}

// adjudged returns an adjudicated ending.
func adjudged(result, reason string) Ending {
	return Ending{Result: result, Termination: termAdjudicated, Reason: reason}
}
