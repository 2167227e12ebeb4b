//book:stage 3

package board

// The draw rules a search needs to know: repetition and insufficient
// material. The fifty-move rule is HalfmoveClock() >= FiftyMovePlies;
// Ending (ending.go) applies them all to end a game.

// IsInsufficientMaterial reports whether neither side has the material to
// checkmate by any series of moves: king against king, a single minor piece,
// or only bishops all on squares of one color.
func (p *Position) IsInsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if !minors.More() {
		return true
	}
	const darkSquares Bitboard = 0xAA55AA55AA55AA55
	bishops := p.byType[Bishop]
	return p.byType[Knight] == 0 && (bishops&darkSquares == 0 || bishops&^darkSquares == 0)
}

// RepetitionCount returns how many times the current position occurred before
// since the last capture, pawn move or null move: the same pieces on the same
// squares, the same side to move, the same rights and en-passant capture.
// Only positions an even number of plies back can be equal.
func (p *Position) RepetitionCount() int {
	count := 0
	n := len(p.history)
	for back := 1; back <= p.halfmove && back <= n; back++ {
		u := &p.history[n-back]
		if u.move == NoMove {
			break
		}
		if back%2 == 0 && u.key == p.key {
			count++
		}
	}
	return count
}

// IsRepetition reports whether the current position occurred before since the
// last capture, pawn move or null move, however long ago: a repetition by
// the search's rule with every one of those plies inside the search.
func (p *Position) IsRepetition() bool {
	// Every ply since the last capture, pawn move or null move lies inside
	// a search rooted that far back, where one occurrence is enough.
	return p.IsRepetitionDraw(p.halfmove)
}

// IsRepetitionDraw reports whether a search ply plies below its root should
// score the current position as a draw by repetition. Inside the search one
// repetition is enough: if the position occurred before at or after the
// root, the side that repeated it could repeat it again, so neither side can
// gain by playing into it. Before the root the game's own rule applies: a
// position seen once in the game is no draw, since the opponent need not
// repeat; seen twice, this is its third occurrence.
func (p *Position) IsRepetitionDraw(ply int) bool {
	n := len(p.history)
	before := 0
	for back := 2; back <= p.halfmove && back <= n; back += 2 {
		if p.history[n-back+1].move == NoMove || p.history[n-back].move == NoMove {
			return false
		}
		if p.history[n-back].key != p.key {
			continue
		}
		if back <= ply {
			return true
		}
		if before++; before == 2 {
			return true
		}
	}
	return false
}
