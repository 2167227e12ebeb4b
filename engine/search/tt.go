package search

import (
	"fmt"
	"math/bits"
	"runtime/debug"

	"cb2026/engine/board"
)

// A bound says what a stored score means: the node's exact value, or only a
// limit on it because the search cut off (lower) or failed low (upper).
type bound uint8

// The bounds.
const (
	boundNone  bound = iota // an empty slot
	boundUpper              // the value is at most the score (failed low)
	boundLower              // the value is at least the score (beta cutoff)
	boundExact              // the value is the score
)

// A ttEntry is one slot of the transposition table: 16 bytes.
type ttEntry struct {
	key   uint64     // the position's full Zobrist key, to detect collisions
	move  board.Move // the best move found, or NoMove
	score int16      // relative to the node (see toTT)
	depth int8       // the depth the score was searched to
	bound bound      // what the score means
	gen   uint8      // the search (generation) that wrote it
}

// ttEntryBytes is the size of a ttEntry, for sizing the table in mebibytes.
const ttEntryBytes = 16

// A table is the transposition table: a fixed array of entries indexed by the
// position's key, one entry per slot, depth-preferred replacement.
type table struct {
	entries []ttEntry
	gen     uint8 // the current search's generation
}

// newTable returns a cleared table of mb mebibytes, in huge pages where the
// system offers them (adviseHugePages).
func newTable(mb int) (*table, error) {
	if mb < 1 {
		return nil, fmt.Errorf("hash: size %d MB: must be at least 1", mb)
	}
	tt := &table{entries: make([]ttEntry, mb<<20/ttEntryBytes)}
	adviseHugePages(tt.entries)
	return tt, nil
}

// DefaultHashMB is the transposition table's size, in mebibytes, until
// SetHashSize changes it.
//
//book:stage 10
const DefaultHashMB = 16

// freeAtOnceMB is the size above which SetHashSize gives the old table's
// memory back to the operating system before allocating the new one.
const freeAtOnceMB = 64

// allocateTable gives a new searcher its empty table of DefaultHashMB
// mebibytes.
func (s *Searcher) allocateTable() {
	s.tt, _ = newTable(DefaultHashMB)
}

// SetHashSize replaces the transposition table by an empty one of mb
// mebibytes. A large old table goes first, memory and all: it is collected
// and its pages are given back to the operating system before the new one
// is allocated, so the two never need to fit in memory together, and a
// 4 GiB table shrunk to 1 MiB leaves no 4 GiB process behind. That costs a
// full garbage collection, which a GUI's setoption can afford; a table of
// freeAtOnceMB or less is left to the collector, so that a program that
// makes a searcher per game (the tuner's data generator) does not pay it
// each time.
//
//book:stage 10
func (s *Searcher) SetHashSize(mb int) error {
	if mb < 1 {
		_, err := newTable(mb) // says what is wrong, and allocates nothing
		return err
	}
	large := len(s.tt.entries)*ttEntryBytes > freeAtOnceMB<<20
	s.tt = nil // the Searcher holds the only reference to its table
	if large {
		debug.FreeOSMemory()
	}
	s.tt, _ = newTable(mb)
	s.ttUsed = false
	return nil
}

// useTable starts a generation of the table for a search that uses it.
func (s *Searcher) useTable() {
	if !s.t.TT {
		return
	}
	s.tt.newSearch()
	s.ttUsed = true
}

// clearTable empties the table, if a search has used it since it was last
// cleared: an unused table is empty already, and clearing a large one takes
// a while.
func (s *Searcher) clearTable() {
	if !s.ttUsed {
		return
	}
	s.tt.clear()
	s.ttUsed = false
}

// clear empties every slot.
func (tt *table) clear() {
	clear(tt.entries)
	tt.gen = 0
}

// newSearch starts a generation, so entries from earlier searches lose their
// protection against replacement.
func (tt *table) newSearch() {
	tt.gen++
}

// slot returns the entry a key maps to: the high half of key × size, which
// spreads the keys over a table of any size without a modulo.
func (tt *table) slot(key uint64) *ttEntry {
	hi, _ := bits.Mul64(key, uint64(len(tt.entries)))
	return &tt.entries[hi]
}

// probe returns the entry stored for key, and whether there is one.
func (tt *table) probe(key uint64) (ttEntry, bool) {
	e := tt.slot(key)
	if e.bound == boundNone || e.key != key {
		return ttEntry{}, false
	}
	return *e, true
}

// store records a search result for key. Depth-preferred replacement: a slot
// written in this search by another position at a greater depth is kept.
func (tt *table) store(key uint64, m board.Move, score, depth int, b bound) {
	e := tt.slot(key)
	if e.key != key && e.gen == tt.gen && int(e.depth) > depth {
		return
	}
	if m == board.NoMove && e.key == key {
		m = e.move // keep the old best move rather than lose it
	}
	depth = min(depth, 127) // the int8 field holds no more
	*e = ttEntry{key: key, move: m, score: int16(score), depth: int8(depth), bound: b, gen: tt.gen}
}

// hashFull returns the per mille of the first thousand slots used in this search.
func (tt *table) hashFull() int {
	n := min(1000, len(tt.entries))
	used := 0
	for _, e := range tt.entries[:n] {
		if e.bound != boundNone && e.gen == tt.gen {
			used++
		}
	}
	return used * 1000 / n
}

// probe looks the node up in the table. It makes the stored move the node's
// hash move, and returns the stored score and true when that score settles
// the node.
func (s *Searcher) probe(n *node) (int, bool) {
	if !s.t.TT {
		return 0, false
	}
	if s.singularSearch(n) {
		return 0, false // a singular search's result is not the node's
	}
	s.stats.TTProbes++
	e, ok := s.tt.probe(s.pos.Key())
	if !ok {
		return 0, false
	}
	s.stats.TTHits++
	n.hashMove = e.move
	n.entry = e // for the singular extension's test
	score := fromTT(int(e.score), n.ply)
	// Transposition cutoff: a search at least as deep stored a bound that
	// settles this window (never at the root, which must return a move).
	if n.ply > 0 &&
		int(e.depth) >= n.depth &&
		(e.bound == boundExact ||
			e.bound == boundLower && score >= n.beta ||
			e.bound == boundUpper && score <= n.alpha) {
		s.stats.TTCutoffs++
		return score, true
	}
	return 0, false
}

// store records the node's result: best found with the window's lower edge
// at n.startAlpha, and the move that found it, n.bestMove.
func (s *Searcher) store(n *node, best int) {
	if !s.t.TT {
		return
	}
	if s.singularSearch(n) {
		return // a singular search's result is not the node's
	}
	b, move := boundExact, n.bestMove
	switch {
	case best <= n.startAlpha:
		b, move = boundUpper, board.NoMove // no move proved best
	case best >= n.beta:
		b = boundLower
	}
	s.tt.store(s.pos.Key(), move, toTT(best, n.ply), n.depth, b)
}

// tableMove returns the move the table stores for the current position and
// whether there is one that is legal here: a key that two positions share
// can bring another position's move.
func (s *Searcher) tableMove() (board.Move, bool) {
	e, ok := s.tt.probe(s.pos.Key())
	if !ok || !s.pos.IsLegal(e.move) {
		return board.NoMove, false
	}
	return e.move, true
}

// extendPV completes a PV cut short by a transposition cutoff with the hash
// moves stored after it, while they are legal, up to depth moves. It changes
// only what is reported, never the search.
func (s *Searcher) extendPV(pv []board.Move, depth int) []board.Move {
	if len(pv) == 0 || len(pv) >= depth {
		return pv
	}
	for _, m := range pv {
		s.pos.MakeMove(m)
	}
	for len(pv) < depth {
		m, ok := s.tableMove()
		if !ok || s.pos.IsRepetition() {
			break
		}
		pv = append(pv, m)
		s.pos.MakeMove(m)
	}
	for range pv {
		s.pos.UnmakeMove()
	}
	return pv
}
