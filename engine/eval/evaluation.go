package eval

import "cb2026/engine/board"

// A Weight is one evaluation parameter: a middlegame and an endgame value in
// centipawns, indexed by mg and eg, blended by the phase like everything else.
type Weight [2]int

// A score is a sum of weights, White's point of view, per phase.
type score [2]int

// plus returns s + o.
func (s score) plus(o score) score {
	return score{s[mg] + o[mg], s[eg] + o[eg]}
}

// An evaluation is one evaluation in progress: the weights it reads, the
// score so far (White's point of view), for the breakdown only a trace of
// how often each weight has counted, and the squares the pieces attack,
// which several terms read.
type evaluation struct {
	w     *Weights
	s     score
	trace *Trace // nil in the search
	t     Terms  // what it counts
	// by color, once listed (attacks.go)
	pieces [2]pieceList
	listed [2]bool
}

// add adds n times weight i for color c: plus for White, minus for Black.
func (e *evaluation) add(c board.Color, i Param, n int) {
	if c == board.Black {
		n = -n
	}
	e.s[mg] += n * e.w[i][mg]
	e.s[eg] += n * e.w[i][eg]
	if e.trace != nil {
		e.trace.Coef[i] += n
	}
}

// both adds a per-color term for White and for Black.
func (e *evaluation) both(p *board.Position, term func(e *evaluation, p *board.Position, c board.Color)) {
	term(e, p, board.White)
	term(e, p, board.Black)
}

// forward returns b moved one rank toward c's opponent: north for White,
// south for Black.
func forward(c board.Color, b board.Bitboard) board.Bitboard {
	if c == board.White {
		return b.North()
	}
	return b.South()
}

// frontFill returns b with every square in front of it, seen from c, on
// its file.
func frontFill(c board.Color, b board.Bitboard) board.Bitboard {
	if c == board.White {
		b |= b << 8
		b |= b << 16
		return b | b<<32
	}
	b |= b >> 8
	b |= b >> 16
	return b | b>>32
}

// pawnAttacks returns every square the pawns of color c attack.
func pawnAttacks(c board.Color, pawns board.Bitboard) board.Bitboard {
	ahead := forward(c, pawns)
	return ahead.East() | ahead.West()
}

// relativeRank returns the rank of sq counted from c's side: 0 is c's first
// rank, 7 the promotion rank.
func relativeRank(c board.Color, sq board.Square) int {
	if c == board.White {
		return int(sq.Rank())
	}
	return 7 - int(sq.Rank())
}

// distance returns the number of king moves from a to b on an empty board.
func distance(a, b board.Square) int {
	return max(abs(int(a.File())-int(b.File())), abs(int(a.Rank())-int(b.Rank())))
}

// abs returns the absolute value of x.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
