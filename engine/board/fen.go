package board

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseFEN sets up a position from its Forsyth–Edwards Notation: piece
// placement, side to move, castling rights, en-passant square, halfmove clock
// and fullmove number, separated by spaces. The two clocks may be left out, as
// in EPD, and then default to 0 and 1. Castling rights may be written as KQkq
// or, for Chess960, as the files of the rooks (Shredder-FEN, "HAha").
//
// Every field is checked, and so is the position as a whole; the error names
// the field and what is wrong with it.
func ParseFEN(fen string) (*Position, error) {
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return nil, fmt.Errorf("fen %q: want 6 fields (or 4 or 5, leaving out clocks), got %d", fen, len(fields))
	}
	p := &Position{ep: NoSquare, fullmove: 1}
	if err := p.parseFields(fields); err != nil {
		return nil, fmt.Errorf("fen %q: %w", fen, err)
	}
	p.findCheckers()
	p.startHistory()
	p.key = p.ComputeKey()
	return p, nil
}

// parseFields reads the four to six FEN fields into the empty position p.
func (p *Position) parseFields(fields []string) error {
	if err := p.parsePlacement(fields[0]); err != nil {
		return err
	}
	if err := p.parseSide(fields[1]); err != nil {
		return err
	}
	if err := p.parseCastling(fields[2]); err != nil {
		return err
	}
	if err := p.parseEnPassant(fields[3]); err != nil {
		return err
	}
	var err error
	if len(fields) > 4 {
		if p.halfmove, err = parseClock("halfmove clock", fields[4], 0); err != nil {
			return err
		}
	}
	if len(fields) > 5 {
		if p.fullmove, err = parseClock("fullmove number", fields[5], 1); err != nil {
			return err
		}
	}
	return nil
}

// parsePlacement reads the FEN piece placement field f: the ranks from 8 down
// to 1, separated by "/", each a run of piece letters and digits that count
// empty squares.
func (p *Position) parsePlacement(f string) error {
	ranks := strings.Split(f, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("placement field %q: want 8 ranks separated by '/', got %d", f, len(ranks))
	}
	for i, text := range ranks {
		if err := p.parseRank(Rank8-Rank(i), text); err != nil {
			return fmt.Errorf("placement field %q: %w", f, err)
		}
	}
	if err := p.checkMaterial(); err != nil {
		return fmt.Errorf("placement field %q: %w", f, err)
	}
	return nil
}

// parseRank reads the placement of rank r from its FEN text.
func (p *Position) parseRank(r Rank, text string) error {
	file := 0
	lastWasDigit := false
	for i := 0; i < len(text); i++ {
		b := text[i]
		if b >= '1' && b <= '8' {
			if lastWasDigit {
				return fmt.Errorf("rank %d %q: two digits in a row", r+1, text)
			}
			file += int(b - '0')
			lastWasDigit = true
			continue
		}
		lastWasDigit = false
		pc := pieceFromLetter(b)
		if pc == NoPiece {
			return fmt.Errorf("rank %d %q: %q is not a piece letter or a digit from 1 to 8", r+1, text, b)
		}
		if file < 8 {
			p.putPiece(pc, MakeSquare(File(file), r))
		}
		file++
	}
	if file != 8 {
		return fmt.Errorf("rank %d %q: describes %d squares, want 8", r+1, text, file)
	}
	return nil
}

// checkMaterial checks the pieces of both colors: one king each, at most 16
// pieces and 8 pawns, and no pawn on the first or last rank.
func (p *Position) checkMaterial() error {
	for c := White; c <= Black; c++ {
		switch {
		case p.Pieces(c, King).Count() != 1:
			return fmt.Errorf("%s has %d kings, want 1", c, p.Pieces(c, King).Count())
		case p.byColor[c].Count() > 16:
			return fmt.Errorf("%s has %d pieces, want at most 16", c, p.byColor[c].Count())
		case p.Pieces(c, Pawn).Count() > 8:
			return fmt.Errorf("%s has %d pawns, want at most 8", c, p.Pieces(c, Pawn).Count())
		}
	}
	if p.byType[Pawn]&(Rank1BB|Rank8BB) != 0 {
		return fmt.Errorf("pawn on %v: pawns cannot stand on the first or last rank",
			(p.byType[Pawn] & (Rank1BB | Rank8BB)).LSB())
	}
	return nil
}

// parseSide reads the FEN side-to-move field f, "w" or "b", and checks it
// against the placement (sideChecks).
func (p *Position) parseSide(f string) error {
	switch f {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return fmt.Errorf("side to move field %q: want \"w\" or \"b\"", f)
	}
	for _, sc := range sideChecks {
		if err := sc.check(p); err != nil {
			return fmt.Errorf("side to move field %q: %w", f, err)
		}
	}
	return nil
}

// sideChecks are what the side to move must agree with, one check a row.
// It is never modified.
var sideChecks = []struct {
	check func(p *Position) error
	stage int // the chapter that brings the check, if a later one than the first
}{
	{check: (*Position).checkMoverNotInCheck, stage: 2},
}

// parseEnPassant reads the FEN en-passant field f: "-", or the square a pawn
// of the side that just moved skipped with a double step, which must be empty
// and have that pawn in front of it.
func (p *Position) parseEnPassant(f string) error {
	if f == "-" {
		return nil
	}
	sq, err := ParseSquare(f)
	if err != nil {
		return fmt.Errorf("en-passant field: %w", err)
	}
	them := p.side.Other()
	pushed, origin := sq+8, sq-8 // for White's double step; Black's is the other way round
	if them == Black {
		pushed, origin = sq-8, sq+8
	}
	switch {
	case sq.RelativeRank(them) != Rank3:
		return fmt.Errorf("en-passant field %q: with %s to move it must be on rank %d", f, p.side, Rank3.relative(them)+1)
	case p.board[sq] != NoPiece || p.board[origin] != NoPiece:
		return fmt.Errorf("en-passant field %q: %v and %v must be empty", f, sq, origin)
	case p.board[pushed] != MakePiece(them, Pawn):
		return fmt.Errorf("en-passant field %q: no %s pawn on %v", f, them, pushed)
	}
	p.ep = sq
	return nil
}

// parseClock reads a clock field of the FEN: a whole number written without
// leading zeros, at least least.
func parseClock(name, f string, least int) (int, error) {
	n, err := strconv.Atoi(f)
	if err != nil || n < least || strconv.Itoa(n) != f || n > maxClock {
		return 0, fmt.Errorf("%s field %q: want a whole number from %d to %d", name, f, least, maxClock)
	}
	return n, nil
}

// maxClock is the largest halfmove clock or fullmove number ParseFEN accepts.
const maxClock = 1 << 20

// FEN returns the position in Forsyth–Edwards Notation, its castling rights in
// the notation they were read in.
func (p *Position) FEN() string {
	var sb strings.Builder
	p.writePlacement(&sb)
	fmt.Fprintf(&sb, " %c %s %v %d %d", "wb"[p.side], p.castlingString(), p.ep, p.halfmove, p.fullmove)
	return sb.String()
}

// writePlacement writes the FEN piece placement field.
func (p *Position) writePlacement(sb *strings.Builder) {
	for r := Rank8; r <= Rank8; r-- {
		empty := 0
		for f := FileA; f <= FileH; f++ {
			pc := p.board[MakeSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteString(pc.String())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > Rank1 {
			sb.WriteByte('/')
		}
	}
}
