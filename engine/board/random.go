package board

// prng is a small deterministic pseudo-random generator (xorshift64*, after
// Marsaglia and Vigna). It draws the Zobrist keys at start-up, and it draws
// the candidate magic numbers when go generate finds them for
// magic_numbers.go (the engine never searches for magics as it starts). A
// fixed seed makes both the same on every run, so keys, magics and node
// counts are reproducible.
type prng struct {
	state uint64
}

// next returns the next pseudo-random 64-bit number.
func (r *prng) next() uint64 {
	r.state ^= r.state >> 12
	r.state ^= r.state << 25
	r.state ^= r.state >> 27
	return r.state * 2685821657736338717
}

// sparse returns a pseudo-random number with about one bit in eight set, the
// kind of number that tends to make a good magic.
func (r *prng) sparse() uint64 {
	a, b, c := r.next(), r.next(), r.next()
	return a & b & c
}
