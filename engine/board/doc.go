// Package board holds the rules of chess: squares, bitboards, pieces, positions
// and their FEN notation, attack tables, legal move generation, making and
// unmaking moves, Zobrist keys and perft.
//
// Everything a search needs to know about a position is here and nothing else:
// the package knows no evaluation and no search. Its tables (attacks, magics,
// Zobrist keys) are computed once when the package is initialized and are
// read-only afterwards, so any number of goroutines may use them; a Position
// itself belongs to one goroutine at a time.
//
// Chess960 (Fischer random chess) is supported by the same code as standard
// chess: castling rights are stored as the squares of the castling rooks, and a
// castling move is encoded as the king capturing its own rook.
package board
