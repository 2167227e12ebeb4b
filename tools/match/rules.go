package main

import (
	"cb2026/engine/board"
	"cb2026/engine/pgn"
)

// Ending is how a game ended: the result, the PGN Termination tag and the
// reason in words.
type Ending struct {
	Result      string      // pgn.WhiteWins, pgn.BlackWins, pgn.Draw
	Termination string      // PGN Termination tag value
	Reason      string      // "checkmate", "fifty-move rule", "stage5 crashed (exit status 3)"…
	Failure     string      // for an engine's fault: its kind (illegal, crash, timeout, time); "" otherwise
	Culprit     board.Color // the color whose engine was at fault, when Failure is set
}

// PGN Termination values.
const (
	termNormal      = "normal"
	termAdjudicated = "adjudication"
	termTime        = "time forfeit"
	termInfraction  = "rules infraction"
	termAbandoned   = "abandoned"
)

// fiftyMovePlies is the halfmove clock at which the fifty-move rule ends a game.
const fiftyMovePlies = 100

// RuleEnding returns the ending the rules impose on the position, if any:
// checkmate, stalemate, insufficient material, the fifty-move rule, or a
// threefold repetition. Mate is looked at first, so a mate delivered on the
// hundredth quiet ply still wins.
func RuleEnding(p *board.Position) (Ending, bool) {
	var l board.MoveList
	p.GenerateMoves(&l)
	switch {
	case l.Len() == 0 && p.InCheck():
		return Ending{Result: winFor(p.SideToMove().Other()), Termination: termNormal, Reason: "checkmate"}, true
	case l.Len() == 0:
		return drawBy("stalemate"), true
	case p.IsInsufficientMaterial():
		return drawBy("insufficient material"), true
	case p.HalfmoveClock() >= fiftyMovePlies:
		return drawBy("fifty-move rule"), true
	case p.RepetitionCount() >= 2:
		return drawBy("threefold repetition"), true
	}
	return Ending{}, false
}

// drawBy returns a drawn ending.
func drawBy(reason string) Ending {
	return Ending{Result: pgn.Draw, Termination: termNormal, Reason: reason}
}

// winFor returns the result string of a win for c.
func winFor(c board.Color) string {
	if c == board.White {
		return pgn.WhiteWins
	}
	return pgn.BlackWins
}
