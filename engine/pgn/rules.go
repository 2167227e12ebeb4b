package pgn

import "cb2026/engine/board"

// fiftyMovePlies is the halfmove clock at which the fifty-move rule ends a game.
const fiftyMovePlies = 100

// RuleResult reports whether the rules end the game at p and, if they do,
// its result (WhiteWins, BlackWins or Draw) and the reason: "checkmate",
// "stalemate", "insufficient material", "fifty-move rule" or "threefold
// repetition" (of the positions p's history holds). Mate is looked at first,
// so a mate delivered on the hundredth quiet ply still wins. The match runner
// and the tuner's self-play end their games with it.
func RuleResult(p *board.Position) (result, reason string, over bool) {
	var l board.MoveList
	p.GenerateMoves(&l)
	switch {
	case l.Len() == 0 && p.InCheck():
		if p.SideToMove() == board.White {
			return BlackWins, "checkmate", true
		}
		return WhiteWins, "checkmate", true
	case l.Len() == 0:
		return Draw, "stalemate", true
	case p.IsInsufficientMaterial():
		return Draw, "insufficient material", true
	case p.HalfmoveClock() >= fiftyMovePlies:
		return Draw, "fifty-move rule", true
	case p.RepetitionCount() >= 2:
		return Draw, "threefold repetition", true
	}
	return "", "", false
}
