//book:stage 15

package search

import "cb2026/engine/board"

// seeValue is the worth of each piece type in a static exchange: the classic
// 100/320/330/500/900, and a king worth more than everything else together, so
// that capturing with the king into a defended square always loses.
var seeValue = [board.NumPieceTypes]int{0, 100, 320, 330, 500, 900, 20000}

// SEE returns the static exchange evaluation of move m in p: the material the
// side to move wins (negative: loses) if both sides then keep capturing on the
// destination square with their least valuable attacker, each free to stop
// when continuing would lose. It sees x-ray attackers behind the pieces that
// have captured, but not pins, checks or promotions during the exchange.
func SEE(p *board.Position, m board.Move) int {
	if m.IsCastling() {
		return 0
	}
	var l swapList
	l.play(p, m)
	return l.resolve()
}

// A swapList is the exchange a capture starts, played forward: both sides
// capture on the square with their least valuable attacker for as long as
// they have one.
type swapList struct {
	gain [32]int          // gain[d]: what the side making capture d has won if the exchange stops after it
	from [32]board.Square // where the piece making capture d comes from
	n    int              // the captures made, m first
}

// play writes the swap list of capture m.
func (l *swapList) play(p *board.Position, m board.Move) {
	to := m.To()
	l.gain[0], l.from[0], l.n = seeValue[p.Captured(m)], m.From(), 1
	attacker := p.Moving(m).Type()
	if m.Promotion() != board.NoPieceType {
		l.gain[0] += seeValue[m.Promotion()] - seeValue[board.Pawn]
		attacker = m.Promotion()
	}
	occ := p.Occupied() &^ board.SquareBB(m.From())
	if m.IsEnPassant() {
		occ &^= board.SquareBB(enPassantVictim(m))
	}
	attackers := p.AttackersTo(to, occ) & occ
	side := p.SideToMove().Other()
	for d := 1; ; d++ {
		sq, t := leastValuable(p, attackers&p.ByColor(side))
		if t == board.NoPieceType {
			return
		}
		// gain[d]: what side wins by capturing the piece on `to`, if it stops there.
		l.gain[d], l.from[d], l.n = seeValue[attacker]-l.gain[d-1], sq, d+1
		occ &^= board.SquareBB(sq)
		attackers = (attackers | xrays(p, to, occ)) & occ
		attacker = t
		side = side.Other()
	}
}

// resolve lets each side choose between capturing and standing pat, from
// the last capture back to the first, and returns what the first capture
// wins. Each gain[d] becomes what capture d wins when both sides choose.
func (l *swapList) resolve() int {
	for d := l.n - 1; d > 0; d-- {
		l.gain[d-1] = -max(-l.gain[d-1], l.gain[d])
	}
	return l.gain[0]
}

// A SwapStep is one capture of an exchange: where its piece comes from,
// what it wins if the exchange stops after it, and what it wins when both
// sides choose.
type SwapStep struct {
	From         board.Square
	Gain, Result int
}

// SwapSteps returns the exchange that capture m starts in p, capture by
// capture, as SEE works it out: for the console's see command.
func SwapSteps(p *board.Position, m board.Move) []SwapStep {
	var l swapList
	l.play(p, m)
	steps := make([]SwapStep, l.n)
	for d := range steps {
		steps[d] = SwapStep{From: l.from[d], Gain: l.gain[d]}
	}
	l.resolve()
	for d := range steps {
		steps[d].Result = l.gain[d]
	}
	return steps
}

// enPassantVictim returns the square of the pawn an en-passant capture takes:
// beside the capturing pawn, on the rank it starts from.
func enPassantVictim(m board.Move) board.Square {
	return board.Square(int(m.From().Rank())*8 + int(m.To().File()))
}

// leastValuable returns the square and type of the least valuable piece among
// attackers, or NoPieceType when there is none.
func leastValuable(p *board.Position, attackers board.Bitboard) (board.Square, board.PieceType) {
	if attackers == 0 {
		return board.NoSquare, board.NoPieceType
	}
	for t := board.Pawn; t <= board.King; t++ {
		bb := attackers & (p.Pieces(board.White, t) | p.Pieces(board.Black, t))
		if bb != 0 {
			return bb.LSB(), t
		}
	}
	return board.NoSquare, board.NoPieceType
}

// xrays returns the sliders that attack sq through the occupancy occ, which
// uncovers the pieces behind those that have already captured.
func xrays(p *board.Position, sq board.Square, occ board.Bitboard) board.Bitboard {
	var diagonal, straight board.Bitboard
	for c := board.White; c <= board.Black; c++ {
		queens := p.Pieces(c, board.Queen)
		diagonal |= p.Pieces(c, board.Bishop) | queens
		straight |= p.Pieces(c, board.Rook) | queens
	}
	return board.BishopAttacks(sq, occ)&diagonal | board.RookAttacks(sq, occ)&straight
}

// losesMaterial reports whether m loses material by SEE. A capture of a piece
// worth at least as much as the capturer cannot (the worst case is being
// recaptured), so the exchange is only worked out for the others.
func losesMaterial(p *board.Position, m board.Move) bool {
	if m.Promotion() == board.NoPieceType &&
		seeValue[p.Captured(m)] >= seeValue[p.Moving(m).Type()] {
		return false
	}
	return SEE(p, m) < 0
}
