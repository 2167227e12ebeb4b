//book:stage 2

package board

import "math/bits"

// Sliding pieces are looked up with "magic bitboards". The squares a rook on
// d4 attacks depend only on which squares of its rays are occupied, and only
// on those short of the board's edge (a piece on the edge square blocks
// nothing behind it): its relevant mask, 10 squares for a rook on d4. Multiplying
// the occupied part of the mask by a well-chosen 64-bit "magic" number gathers
// those scattered bits into the top bits of the product; shifting them down
// gives an index into a table that holds the attacks for every occupancy. A
// magic is good when no two occupancies with different attacks share an index.
//
// cb2026 found its magics by trying random sparse numbers, from a generator
// with a fixed seed, until one worked for each square (findMagic). That search
// takes most of a second, too long to repeat every time the engine starts, so
// `go generate` runs it once and writes the numbers to magic_numbers.go; the
// tests run it again and check that it still gives the same numbers. At
// start-up init only fills the tables from those numbers, and they are
// read-only afterwards.

//go:generate go test -run TestGenerateMagicNumbers -args -generate-magics

// magicEntry is the lookup data for a slider on one square.
type magicEntry struct {
	mask    Bitboard   // the relevant occupancy mask
	magic   uint64     // the multiplier that maps each occupancy of mask to an index
	shift   uint8      // 64 minus the number of index bits
	attacks []Bitboard // the attacks for each index, a slice of the shared table
}

// The magic lookup data, computed once by init and read-only afterwards.
var (
	rookMagics   [64]magicEntry
	bishopMagics [64]magicEntry
	rookTable    [102400]Bitboard // the sum over all squares of 2^(rook mask size)
	bishopTable  [5248]Bitboard   // the same for bishops
)

// magicSeed seeds the search for magics; any seed works, some faster than others.
const magicSeed = 0x2026C0DE

// index returns the table index for the occupied squares occ.
func (m *magicEntry) index(occ Bitboard) uint64 {
	return uint64(occ&m.mask) * m.magic >> m.shift
}

// BishopAttacks returns the squares a bishop on square sq attacks when the
// squares in occ are occupied (the attacked squares include occupied ones, of
// either color, where a ray stops).
func BishopAttacks(sq Square, occ Bitboard) Bitboard {
	m := &bishopMagics[sq]
	return m.attacks[m.index(occ)]
}

// RookAttacks returns the squares a rook on square sq attacks when the squares
// in occ are occupied.
func RookAttacks(sq Square, occ Bitboard) Bitboard {
	m := &rookMagics[sq]
	return m.attacks[m.index(occ)]
}

// RookMask returns the relevant occupancy mask of a rook on sq: the squares
// whose occupancy its attacks depend on. Its table has 2^n entries, n being
// the mask's Count.
func RookMask(sq Square) Bitboard { return rookMagics[sq].mask }

// BishopMask returns the relevant occupancy mask of a bishop on sq, as
// RookMask does for a rook.
func BishopMask(sq Square) Bitboard { return bishopMagics[sq].mask }

// initMagics fills both sliders' tables from the magic numbers found by
// findMagics.
func initMagics() {
	rook, bishop := rookTable[:], bishopTable[:]
	for sq := A1; sq <= H8; sq++ {
		rook = rookMagics[sq].fillTable(sq, rookDirections, rookMagicNumbers[sq], rook)
		bishop = bishopMagics[sq].fillTable(sq, bishopDirections, bishopMagicNumbers[sq], bishop)
	}
}

// relevantMask returns the squares on the rays from sq in the directions dirs,
// without the last square of each ray.
func relevantMask(sq Square, dirs [4]direction) Bitboard {
	var mask Bitboard
	for _, d := range dirs {
		for s, ok := step(sq, d); ok; s, ok = step(s, d) {
			if _, more := step(s, d); more {
				mask |= SquareBB(s)
			}
		}
	}
	return mask
}

// subsets returns every subset of mask, enumerated with the "carry-rippler"
// trick, and the attacks of a slider on sq moving in the directions dirs when
// that subset is occupied.
func subsets(sq Square, mask Bitboard, dirs [4]direction) (occupancies, attacks []Bitboard) {
	n := 1 << mask.Count()
	occupancies = make([]Bitboard, 0, n)
	attacks = make([]Bitboard, 0, n)
	occ := Bitboard(0)
	for {
		occupancies = append(occupancies, occ)
		attacks = append(attacks, slidingAttacks(sq, occ, dirs))
		if occ = (occ - mask) & mask; occ == 0 {
			return occupancies, attacks
		}
	}
}

// fillTable sets up m for a slider moving in the directions dirs from square
// sq with the given magic number, fills the front of table with its attacks,
// and returns the rest of table.
func (m *magicEntry) fillTable(sq Square, dirs [4]direction, magic uint64, table []Bitboard) []Bitboard {
	m.mask = relevantMask(sq, dirs)
	m.magic = magic
	m.shift = uint8(64 - m.mask.Count())
	m.attacks = table[:1<<m.mask.Count()]
	occupancies, attacks := subsets(sq, m.mask, dirs)
	if !m.fill(occupancies, attacks, make([]int, len(m.attacks)), 1) {
		panic("board: bad magic number for " + sq.String())
	}
	return table[len(m.attacks):]
}

// findMagics searches the magic numbers of both sliders for every square, in
// the order of magic_numbers.go.
func findMagics() (rook, bishop [64]uint64) {
	rng := prng{state: magicSeed}
	for sq := A1; sq <= H8; sq++ {
		rook[sq] = findMagic(sq, rookDirections, &rng)
		bishop[sq] = findMagic(sq, bishopDirections, &rng)
	}
	return rook, bishop
}

// findMagic searches a magic number for a slider moving in the directions dirs
// from square sq, trying sparse random numbers until one maps no two
// occupancies with different attacks to the same index.
func findMagic(sq Square, dirs [4]direction, rng *prng) uint64 {
	m := magicEntry{mask: relevantMask(sq, dirs)}
	m.shift = uint8(64 - m.mask.Count())
	m.attacks = make([]Bitboard, 1<<m.mask.Count())
	occupancies, attacks := subsets(sq, m.mask, dirs)
	filledIn := make([]int, len(m.attacks)) // the attempt that last wrote each entry
	for attempt := 1; ; attempt++ {
		m.magic = rng.sparse()
		if bits.OnesCount64(uint64(m.mask)*m.magic>>56) < 6 {
			continue // too few bits reach the top of the product: hopeless
		}
		if m.fill(occupancies, attacks, filledIn, attempt) {
			return m.magic
		}
	}
}

// fill tries the magic number in m: it writes every occupancy's attacks to its
// index and reports whether no two different attack sets collided.
func (m *magicEntry) fill(occupancies, attacks []Bitboard, filledIn []int, attempt int) bool {
	for i, occ := range occupancies {
		idx := m.index(occ)
		switch {
		case filledIn[idx] != attempt:
			filledIn[idx] = attempt
			m.attacks[idx] = attacks[i]
		case m.attacks[idx] != attacks[i]:
			return false
		}
	}
	return true
}
