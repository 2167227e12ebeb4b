package board

import "fmt"

// castlingRights is a set of the four castling rights, one bit each, indexed
// by castlingIndex.
type castlingRights uint8

// The two sides a king can castle toward.
const (
	kingside  = 0 // toward the h file: the king ends on g1 (g8), the rook on f1 (f8)
	queenside = 1 // toward the a file: the king ends on c1 (c8), the rook on d1 (d8)
)

// castlingIndex returns the number, 0 to 3, of color c's right to castle
// toward side.
func castlingIndex(c Color, side int) int {
	return int(c)*2 + side
}

// castlingRules are the castling rules of one game, fixed when the position is
// set up from its FEN. Storing the rook's start square for each right (rather
// than assuming a1, h1, a8 and h8) makes the same code castle in standard chess
// and in Chess960.
type castlingRules struct {
	rook     [4]Square // the castling rook's start square, by castlingIndex
	shredder bool      // the FEN named the rooks by file ("HAha"), not "KQkq"
	// the squares the castling moves need, set up from the rights
	paths castlingPaths
}

// rankSpan returns the squares from a to b, both included, which must be on
// the same rank.
func rankSpan(a, b Square) Bitboard {
	lo, hi := min(a, b), max(a, b)
	var span Bitboard
	for sq := lo; sq <= hi; sq++ {
		span |= SquareBB(sq)
	}
	return span
}

// addRight records color c's right to castle toward side with the rook on
// square rook.
func (r *castlingRules) addRight(c Color, side int, rook Square) {
	r.rook[castlingIndex(c, side)] = rook
}

// parseCastling reads the FEN castling field f into the position, whose pieces
// are already placed. It accepts "-", the letters KQkq (the outermost rook on
// that side of the king, as in X-FEN) and file letters naming the rook
// (Shredder-FEN, "HAha").
func (p *Position) parseCastling(f string) error {
	p.castle = castlingRules{rook: [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}}
	if f == "-" {
		return nil
	}
	fileLetters := 0
	for i := 0; i < len(f); i++ {
		c, side, rook, err := p.castlingRook(f[i])
		if err != nil {
			return fmt.Errorf("castling field %q: %w", f, err)
		}
		index := castlingIndex(c, side)
		if p.castling&(1<<index) != 0 {
			return fmt.Errorf("castling field %q: two rights for the same side of the %s king", f, c)
		}
		p.castling |= 1 << index
		p.castle.addRight(c, side, rook)
		if letter := f[i] | 0x20; letter >= 'a' && letter <= 'h' {
			fileLetters++
		}
	}
	p.castle.shredder = fileLetters == len(f)
	p.findCastlingPaths()
	return nil
}

// castlingRook reads one letter of the FEN castling field and returns the
// color and side it gives a right to, and the rook's square.
func (p *Position) castlingRook(letter byte) (c Color, side int, rook Square, err error) {
	upper := letter &^ 0x20 // upper case for a letter, which is all it must be
	if upper != 'K' && upper != 'Q' && (upper < 'A' || upper > 'H') {
		return White, 0, NoSquare, fmt.Errorf("unknown letter %q", letter)
	}
	c = White
	if letter != upper {
		c = Black
	}
	backRank := RankBB(Rank1.relative(c))
	if p.Pieces(c, King)&backRank == 0 {
		return c, 0, NoSquare, fmt.Errorf("letter %q: the %s king is not on its first rank", letter, c)
	}
	king := p.KingSquare(c)
	rooks := p.Pieces(c, Rook) & backRank
	switch upper {
	case 'K':
		rooks &= beyond(king, kingside)
		rook = NoSquare
		if rooks != 0 {
			rook = rooks.MSB()
		}
	case 'Q':
		rooks &= beyond(king, queenside)
		rook = NoSquare
		if rooks != 0 {
			rook = rooks.LSB()
		}
	default:
		rook = MakeSquare(File(upper-'A'), Rank1.relative(c))
	}
	if rook == NoSquare || !rooks.Has(rook) {
		return c, 0, NoSquare, fmt.Errorf("letter %q: no %s rook to castle with", letter, c)
	}
	side = kingside
	if rook < king {
		side = queenside
	}
	return c, side, rook, nil
}

// relative returns rank r seen from color c's side: Rank1 is c's back rank.
func (r Rank) relative(c Color) Rank {
	return r ^ Rank(c)*7
}

// castlingString returns the FEN castling field, in the notation it was read
// in: file letters for Shredder-FEN, otherwise KQkq, with a file letter only
// for a rook that is not the outermost on its side of the king (X-FEN).
func (p *Position) castlingString() string {
	var buf []byte
	for c := White; c <= Black; c++ {
		for side := kingside; side <= queenside; side++ {
			i := castlingIndex(c, side)
			if p.castling&(1<<i) == 0 {
				continue
			}
			letter := byte('A' + p.castle.rook[i].File())
			if !p.castle.shredder && p.isOutermostRook(c, side) {
				letter = "KQ"[side]
			}
			if c == Black {
				letter += 'a' - 'A'
			}
			buf = append(buf, letter)
		}
	}
	if len(buf) == 0 {
		return "-"
	}
	return string(buf)
}

// isOutermostRook reports whether color c's castling rook toward side is the
// rook farthest from the king on that side, the rook "K" or "Q" names.
func (p *Position) isOutermostRook(c Color, side int) bool {
	rook := p.castle.rook[castlingIndex(c, side)]
	return p.Pieces(c, Rook)&beyond(rook, side) == 0
}

// beyond returns the squares on sq's rank beyond sq toward side: toward the h
// file for kingside, toward the a file for queenside.
func beyond(sq Square, side int) Bitboard {
	edge := MakeSquare(FileH, sq.Rank())
	if side == queenside {
		edge = MakeSquare(FileA, sq.Rank())
	}
	return rankSpan(sq, edge) &^ SquareBB(sq)
}
