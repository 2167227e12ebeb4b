//book:stage 3

package board

// FiftyMovePlies is the halfmove clock at which the fifty-move rule draws:
// fifty moves of each side without a capture or a pawn move.
const FiftyMovePlies = 100

// A Result is what the rules make of a game at a position.
type Result uint8

// The results.
const (
	Ongoing   Result = iota // the rules do not end the game
	WhiteWins               // Black is checkmated
	BlackWins               // White is checkmated
	Drawn                   // stalemate, insufficient material, fifty moves or threefold repetition
)

// Ending reports whether the rules end the game at p: its result and the
// reason, "checkmate", "stalemate", "insufficient material", "fifty-move
// rule" or "threefold repetition" (of the positions p's history holds), or
// Ongoing and "". Mate is looked at first, so a mate delivered on the
// hundredth quiet ply still wins.
func (p *Position) Ending() (Result, string) {
	var l MoveList
	p.GenerateMoves(&l)
	switch {
	case l.Len() == 0 && p.InCheck():
		if p.SideToMove() == White {
			return BlackWins, "checkmate"
		}
		return WhiteWins, "checkmate"
	case l.Len() == 0:
		return Drawn, "stalemate"
	case p.IsInsufficientMaterial():
		return Drawn, "insufficient material"
	case p.HalfmoveClock() >= FiftyMovePlies:
		return Drawn, "fifty-move rule"
	case p.RepetitionCount() >= 2:
		return Drawn, "threefold repetition"
	}
	return Ongoing, ""
}
