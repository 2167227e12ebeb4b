package board

import "fmt"

// Square is one of the 64 squares, numbered from A1 = 0, B1 = 1, … to H8 = 63:
// the file is the low three bits and the rank the three above them.
type Square uint8

// The squares, rank by rank from White's side.
const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
	A2
	B2
	C2
	D2
	E2
	F2
	G2
	H2
	A3
	B3
	C3
	D3
	E3
	F3
	G3
	H3
	A4
	B4
	C4
	D4
	E4
	F4
	G4
	H4
	A5
	B5
	C5
	D5
	E5
	F5
	G5
	H5
	A6
	B6
	C6
	D6
	E6
	F6
	G6
	H6
	A7
	B7
	C7
	D7
	E7
	F7
	G7
	H7
	A8
	B8
	C8
	D8
	E8
	F8
	G8
	H8
)

// NoSquare stands for "no square", such as an en-passant square when there is
// none.
const NoSquare Square = 64

// File is a column of the board, FileA = 0 to FileH = 7.
type File uint8

// Rank is a row of the board, Rank1 = 0 to Rank8 = 7.
type Rank uint8

// The files and ranks.
const (
	FileA File = iota
	FileB
	FileC
	FileD
	FileE
	FileF
	FileG
	FileH
)

// The ranks.
const (
	Rank1 Rank = iota
	Rank2
	Rank3
	Rank4
	Rank5
	Rank6
	Rank7
	Rank8
)

// MakeSquare returns the square on file f and rank r.
func MakeSquare(f File, r Rank) Square {
	return Square(r)<<3 | Square(f)
}

// File returns the square's file.
func (sq Square) File() File {
	return File(sq & 7)
}

// Rank returns the square's rank.
func (sq Square) Rank() Rank {
	return Rank(sq >> 3)
}

// RelativeRank returns the square's rank seen from color c's side: Rank1 is
// c's back rank.
func (sq Square) RelativeRank(c Color) Rank {
	return Rank(sq>>3) ^ Rank(c)*7
}

// String returns the square in algebraic notation, such as "e4", or "-" for
// NoSquare.
func (sq Square) String() string {
	if sq >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(sq.File()), '1' + byte(sq.Rank())})
}

// ParseSquare reads a square in algebraic notation, such as "e4".
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, fmt.Errorf("square %q: want a file a-h and a rank 1-8", s)
	}
	return MakeSquare(File(s[0]-'a'), Rank(s[1]-'1')), nil
}
