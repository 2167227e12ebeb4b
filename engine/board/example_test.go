package board_test

import (
	"fmt"

	"cb2026/engine/board"
)

func ExampleParseFEN() {
	p, err := board.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.SideToMove(), p.PieceOn(board.F3), p.KingSquare(board.Black))
	_, err = board.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1")
	fmt.Println(err)
	// Output:
	// white Q e8
	// fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1": en-passant field "e5": with white to move it must be on rank 6
}

func ExamplePerft() {
	p := board.NewPosition()
	for depth := 1; depth <= 4; depth++ {
		fmt.Println(depth, board.Perft(p, depth))
	}
	// Output:
	// 1 20
	// 2 400
	// 3 8902
	// 4 197281
}

// Divide splits a perft count by first move; here, from tricky.perft's
// "align-ep" position, the en-passant capture e4d3 answers the check.
func ExampleDivide() {
	p, _ := board.ParseFEN("8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1")
	for _, r := range board.Divide(p, 2) {
		fmt.Printf("%v: %d\n", r.Move, r.Nodes)
	}
	// Output:
	// e4d3: 16
	// b5a4: 21
	// b5b4: 21
	// b5a5: 21
	// b5b6: 21
	// b5c6: 21
}

// After 1. e4 c5 the FEN has no en-passant square: no white pawn could take on
// c6, so MakeMove does not record it (as Stockfish does not).
func ExamplePosition_MakeMove() {
	p := board.NewPosition()
	for _, s := range []string{"e2e4", "c7c5", "g1f3"} {
		m, err := p.ParseMove(s)
		if err != nil {
			fmt.Println(err)
			return
		}
		p.MakeMove(m)
	}
	fmt.Println(p.FEN())
	p.UnmakeMove()
	fmt.Println(p.FEN())
	// Output:
	// rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
	// rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
}
