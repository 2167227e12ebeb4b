package bench

import "cb2026/engine/board"

// A Position is one position of the bench, with the reason it is there.
type Position struct {
	FEN  string
	Note string
}

// positions is the bench: the positions the chapters discuss come first, so
// a chapter can say "bench positions 2 to 7" (numbered from 1). Positions
// 2–7 are middlegames rich in captures, for the move ordering chapters. It
// is never modified.
var positions = []Position{
	{board.StartFEN, "the start position"},
	{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "Kiwipete (Peter McKenzie), CPW perft position 2"},
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", "CPW perft position 4: pins, promotions, hanging pieces"},
	{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", "CPW perft position 6: a symmetrical Italian middlegame"},
	{"r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15", "middlegame, queens and minor pieces en prise"},
	{"r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16", "middlegame, attack on the king"},
	{"2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11", "middlegame, knights in the center, many captures"},
	{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", "CPW perft position 5: promotion by capture"},
	{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "mate in one: Qxf7#"},
	{"4k2r/1pb2ppp/1p2p3/1R1p4/3P4/2r1PN2/P4PPP/1R4K1 b - - 3 22", "rook endgame with minor pieces"},
	{"6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1", "knight endgame"},
	{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "CPW perft position 3: rook and pawns"},
	{"8/pp2r1k1/2p1p3/3pP2p/1P1P1P1P/P5KR/8/8 w - - 0 1", "rook and pawn endgame"},
}

// Positions returns the bench's positions, numbered from 1 in the book.
func Positions() []Position {
	return append([]Position(nil), positions...)
}
