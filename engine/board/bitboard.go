package board

import "math/bits"

// Bitboard is a set of squares, one bit per square: bit n is set when Square(n)
// is in the set. Set operations are the bitwise operators: | is union, & is
// intersection, &^ is difference.
type Bitboard uint64

// Bitboards of the files and ranks.
const (
	FileABB Bitboard = 0x0101010101010101
	FileBBB          = FileABB << 1
	FileGBB          = FileABB << 6
	FileHBB          = FileABB << 7

	Rank1BB Bitboard = 0xFF
	Rank2BB          = Rank1BB << (8 * 1)
	Rank3BB          = Rank1BB << (8 * 2)
	Rank4BB          = Rank1BB << (8 * 3)
	Rank5BB          = Rank1BB << (8 * 4)
	Rank6BB          = Rank1BB << (8 * 5)
	Rank7BB          = Rank1BB << (8 * 6)
	Rank8BB          = Rank1BB << (8 * 7)
)

// noSquares is the empty set.
const noSquares Bitboard = 0

// SquareBB returns the set holding only square sq.
func SquareBB(sq Square) Bitboard {
	return 1 << (sq & 63)
}

// FileBB returns the set of the squares on file f.
func FileBB(f File) Bitboard {
	return FileABB << f
}

// RankBB returns the set of the squares on rank r.
func RankBB(r Rank) Bitboard {
	return Rank1BB << (8 * r)
}

// Count returns the number of squares in the set.
func (b Bitboard) Count() int {
	return bits.OnesCount64(uint64(b))
}

// LSB returns the lowest square in the set, which must not be empty.
func (b Bitboard) LSB() Square {
	return Square(bits.TrailingZeros64(uint64(b)))
}

// MSB returns the highest square in the set, which must not be empty.
func (b Bitboard) MSB() Square {
	return Square(63 - bits.LeadingZeros64(uint64(b)))
}

// PopLSB removes the lowest square from the set, which must not be empty, and
// returns it.
func (b *Bitboard) PopLSB() Square {
	sq := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return sq
}

// Has reports whether square sq is in the set.
func (b Bitboard) Has(sq Square) bool {
	return b&SquareBB(sq) != 0
}

// More reports whether the set holds more than one square.
func (b Bitboard) More() bool {
	return b&(b-1) != 0
}

// North returns the set moved one rank up (toward rank 8).
func (b Bitboard) North() Bitboard { return b << 8 }

// South returns the set moved one rank down (toward rank 1).
func (b Bitboard) South() Bitboard { return b >> 8 }

// East returns the set moved one file right (toward file h); squares on file h
// fall off.
func (b Bitboard) East() Bitboard { return (b &^ FileHBB) << 1 }

// West returns the set moved one file left (toward file a); squares on file a
// fall off.
func (b Bitboard) West() Bitboard { return (b &^ FileABB) >> 1 }

// String returns the set as an 8×8 diagram, rank 8 first, "x" for a member.
func (b Bitboard) String() string {
	buf := make([]byte, 0, 8*17)
	for r := Rank8; r <= Rank8; r-- {
		for f := FileA; f <= FileH; f++ {
			c := byte('.')
			if b.Has(MakeSquare(f, r)) {
				c = 'x'
			}
			buf = append(buf, c, ' ')
		}
		buf[len(buf)-1] = '\n'
	}
	return string(buf)
}
