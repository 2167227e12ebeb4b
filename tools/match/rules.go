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

// RuleEnding returns the ending the rules impose on the position, if any
// (board's Position.Ending: checkmate, stalemate, insufficient material, the
// fifty-move rule, threefold repetition).
func RuleEnding(p *board.Position) (Ending, bool) {
	result, reason := p.Ending()
	if result == board.Ongoing {
		return Ending{}, false
	}
	return Ending{Result: pgn.ResultOf(result), Termination: termNormal, Reason: reason}, true
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
