//book:stage 19

package eval

import "cb2026/engine/board"

// The threat weights of stage 19 (with the Pieces term), hand-set teaching
// values. A threat is an attack on a piece worth more than the attacker, or
// on one that nobody defends: material the other side must spend a move to
// save, which a static evaluation cannot see being lost. The Chess
// Programming Wiki's "Threat" page names the ideas; their sizes follow the
// threats of Stockfish's classical evaluation (2008–2020: attacks by pawns,
// by minor pieces and by rooks, sorted by the victim; hanging pieces; pawn
// pushes that would attack a piece), converted to this engine's pawn of 100
// and counted in this file's own way.
var (
	// threatByPawn is paid for each enemy piece, by type (knight to queen),
	// that a pawn attacks which is defended, or not attacked itself: a pawn
	// that can be taken first is no threat.
	threatByPawn = [board.NumPieceTypes]Weight{
		board.Knight: {70, 35},
		board.Bishop: {70, 35},
		board.Rook:   {70, 35},
		board.Queen:  {70, 35},
	}
	// threatByMinor is paid for each enemy piece, by type, that a knight or
	// a bishop attacks: every piece but the king, and pawns only when
	// nothing defends them.
	threatByMinor = [board.NumPieceTypes]Weight{
		board.Pawn:   {5, 15},
		board.Knight: {30, 20},
		board.Bishop: {30, 20},
		board.Rook:   {60, 50},
		board.Queen:  {60, 60},
	}
	// threatByRook is paid for each enemy piece, by type, that a rook
	// attacks: the queen always, pawns and minor pieces when nothing
	// defends them (a rook on a rook is an even trade, no threat).
	threatByRook = [board.NumPieceTypes]Weight{
		board.Pawn:   {3, 20},
		board.Knight: {30, 30},
		board.Bishop: {30, 30},
		board.Queen:  {45, 20},
	}
	// hanging is paid for each enemy piece (not a pawn or the king) that is
	// attacked and not defended at all.
	hanging = Weight{40, 20}
	// threatByPush is paid for each enemy piece (not a pawn or the king)
	// that no pawn attacks yet and a pawn would attack after one safe push:
	// the threat of a threat.
	threatByPush = Weight{20, 15}
)

// threats adds the threats of color c against its opponent's pieces.
func threats(e *evaluation, p *board.Position, c board.Color) {
	them := c.Other()
	own := e.pieceAttacks(p, c)
	ours, theirs := own.all, e.pieceAttacks(p, them).all
	targets := p.ByColor(them) &^ p.Pieces(them, board.King)
	undefended := targets &^ theirs
	pieces := targets &^ p.Pieces(them, board.Pawn)

	pawns := p.Pieces(c, board.Pawn)
	safePawns := pawns & (ours | ^theirs)
	byPawn := pawnAttacks(c, safePawns) & pieces
	byMinor := (own.by[board.Knight] | own.by[board.Bishop]) & (pieces | undefended)
	byRook := own.by[board.Rook] & (p.Pieces(them, board.Queen) | undefended&^p.Pieces(them, board.Rook))
	victims(e, p, c, ThreatByPawn-Param(board.Knight), byPawn)
	victims(e, p, c, ThreatByMinor-Param(board.Pawn), byMinor)
	victims(e, p, c, ThreatByRook-Param(board.Pawn), byRook)
	e.add(c, Hanging, (pieces & undefended & ours).Count())
	pushed := pawnAttacks(c, safePushes(p, c, ours, theirs)) &^ pawnAttacks(c, pawns)
	e.add(c, ThreatByPush, (pushed & pieces).Count())
}

// victims adds, for each of the enemy's pieces on attacked, the weight of
// its type in the group whose piece type 0 would be base.
func victims(e *evaluation, p *board.Position, c board.Color, base Param, attacked board.Bitboard) {
	for attacked != 0 {
		e.add(c, base+Param(p.PieceOn(attacked.PopLSB()).Type()), 1)
	}
}

// safePushes returns the squares c's pawns reach with one push (or two from
// their first rank) where no enemy pawn attacks them and where the enemy
// does not attack them, or c defends them.
func safePushes(p *board.Position, c board.Color, ours, theirs board.Bitboard) board.Bitboard {
	empty := ^p.Occupied()
	single := forward(c, p.Pieces(c, board.Pawn)) & empty
	third := board.Rank3BB
	if c == board.Black {
		third = board.Rank6BB
	}
	double := forward(c, single&third) & empty
	theirPawns := pawnAttacks(c.Other(), p.Pieces(c.Other(), board.Pawn))
	return (single | double) &^ theirPawns & (ours | ^theirs)
}
