package pgn

import (
	"fmt"
	"strings"

	"cb2026/engine/board"
)

// pieceLetters gives SAN's letter for each piece type (none for pawns).
var pieceLetters = [board.NumPieceTypes]string{board.Knight: "N", board.Bishop: "B",
	board.Rook: "R", board.Queen: "Q", board.King: "K"}

// SAN returns the move in Standard Algebraic Notation: "Nbd7", "exd5",
// "e8=Q+", "O-O-O#". The move must be legal in p; p is left as it was.
func SAN(p *board.Position, m board.Move) string {
	var b strings.Builder
	switch {
	case m.IsCastling():
		b.WriteString(castlingSAN(m))
	case p.Moving(m).Type() == board.Pawn:
		if p.IsCapture(m) {
			b.WriteString(m.From().String()[:1] + "x")
		}
		b.WriteString(m.To().String())
		if m.IsPromotion() {
			b.WriteString("=" + pieceLetters[m.Promotion()])
		}
	default:
		b.WriteString(pieceLetters[p.Moving(m).Type()])
		b.WriteString(disambiguation(p, m))
		if p.IsCapture(m) {
			b.WriteString("x")
		}
		b.WriteString(m.To().String())
	}
	b.WriteString(checkSuffix(p, m))
	return b.String()
}

// castlingSAN names a castling move by the side the rook stands on.
func castlingSAN(m board.Move) string {
	if m.To().File() > m.From().File() {
		return "O-O"
	}
	return "O-O-O"
}

// disambiguation returns what SAN adds after the piece letter when another
// piece of the same type can also reach the square: the from-file if that
// tells them apart, else the from-rank, else both.
func disambiguation(p *board.Position, m board.Move) string {
	var l board.MoveList
	p.GenerateMoves(&l)
	piece := p.Moving(m)
	rivals, sameFile, sameRank := false, false, false
	for i := range l.Len() {
		o := l.At(i)
		if o == m || o.To() != m.To() || o.From() == m.From() || p.Moving(o) != piece || o.IsCastling() {
			continue
		}
		rivals = true
		sameFile = sameFile || o.From().File() == m.From().File()
		sameRank = sameRank || o.From().Rank() == m.From().Rank()
	}
	from := m.From().String()
	switch {
	case !rivals:
		return ""
	case !sameFile:
		return from[:1]
	case !sameRank:
		return from[1:]
	}
	return from
}

// checkSuffix returns "#" for mate, "+" for check, "" otherwise.
func checkSuffix(p *board.Position, m board.Move) string {
	p.MakeMove(m)
	defer p.UnmakeMove()
	if !p.InCheck() {
		return ""
	}
	var l board.MoveList
	p.GenerateMoves(&l)
	if l.Len() == 0 {
		return "#"
	}
	return "+"
}

// SANs returns the SAN of each move in turn, played from p (which is left
// as it was). The moves must be legal in sequence.
func SANs(p *board.Position, moves []board.Move) []string {
	q := p.Clone()
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = SAN(q, m)
		q.MakeMove(m)
	}
	return out
}

// sanPattern is a SAN move taken apart.
type sanPattern struct {
	piece     board.PieceType
	fromFile  int // -1 if not given
	fromRank  int // -1 if not given
	to        board.Square
	promotion board.PieceType
}

// ParseSAN returns the legal move that the SAN text names in p. It accepts
// the common variants: check marks missing or wrong, annotation marks,
// "0-0" for "O-O", a promotion without "=", extra disambiguation, and a
// capture sign missing or extra. An unknown, illegal or ambiguous move is
// an error that says which.
func ParseSAN(p *board.Position, san string) (board.Move, error) {
	s := strings.TrimRight(san, "+#!?")
	s = strings.ReplaceAll(s, "0", "O")
	if s == "O-O" || s == "O-O-O" {
		return findCastling(p, s, san)
	}
	pat, err := parsePattern(s)
	if err != nil {
		return board.NoMove, fmt.Errorf("san %q: %w", san, err)
	}
	return pat.find(p, san)
}

// findCastling returns the castling move to the given side.
func findCastling(p *board.Position, side, san string) (board.Move, error) {
	var l board.MoveList
	p.GenerateMoves(&l)
	for i := range l.Len() {
		if m := l.At(i); m.IsCastling() && castlingSAN(m) == side {
			return m, nil
		}
	}
	return board.NoMove, fmt.Errorf("san %q: castling is not legal here", san)
}

// captureSigns drops capture and long-algebraic signs ("exd5", "Ng1-f3",
// "e:d5"); built once, read-only after.
var captureSigns = strings.NewReplacer("x", "", "-", "", ":", "")

// parsePattern reads piece, optional from-file/rank, target and promotion.
func parsePattern(s string) (sanPattern, error) {
	pat := sanPattern{piece: board.Pawn, fromFile: -1, fromRank: -1}
	if s != "" && strings.Contains("NBRQK", s[:1]) {
		pat.piece = letterType(s[0])
		s = s[1:]
	}
	if pat.piece == board.Pawn {
		var err error
		if s, pat.promotion, err = cutPromotion(s); err != nil {
			return pat, err
		}
	}
	s = captureSigns.Replace(s)
	if len(s) < 2 || len(s) > 4 {
		return pat, fmt.Errorf("no target square")
	}
	to, err := board.ParseSquare(s[len(s)-2:])
	if err != nil {
		return pat, fmt.Errorf("target: %w", err)
	}
	pat.to = to
	for _, c := range s[:len(s)-2] {
		switch {
		case c >= 'a' && c <= 'h':
			pat.fromFile = int(c - 'a')
		case c >= '1' && c <= '8':
			pat.fromRank = int(c - '1')
		default:
			return pat, fmt.Errorf("unexpected %q", c)
		}
	}
	return pat, nil
}

// cutPromotion splits "e8=Q" or "e8Q" (or "e8=q") into the move and the
// promotion piece type.
func cutPromotion(s string) (string, board.PieceType, error) {
	if i := strings.IndexByte(s, '='); i >= 0 {
		t := board.NoPieceType
		if len(s) == i+2 {
			t = letterType(strings.ToUpper(s[i+1:])[0])
		}
		if t == board.NoPieceType || t == board.King {
			return s, t, fmt.Errorf("bad promotion %q", s[i:])
		}
		return s[:i], t, nil
	}
	if n := len(s); n > 0 && strings.Contains("NBRQ", s[n-1:]) {
		return s[:n-1], letterType(s[n-1]), nil
	}
	return s, board.NoPieceType, nil
}

// letterType returns the piece type of an upper-case SAN letter.
func letterType(c byte) board.PieceType {
	for t, l := range pieceLetters {
		if l != "" && l[0] == c {
			return board.PieceType(t)
		}
	}
	return board.NoPieceType
}

// find returns the one legal move that fits the pattern.
func (pat sanPattern) find(p *board.Position, san string) (board.Move, error) {
	var l board.MoveList
	p.GenerateMoves(&l)
	found := board.NoMove
	for i := range l.Len() {
		m := l.At(i)
		if !pat.matches(p, m) {
			continue
		}
		if found != board.NoMove {
			return board.NoMove, fmt.Errorf("san %q: ambiguous (%v or %v)", san, found, m)
		}
		found = m
	}
	if found == board.NoMove {
		return board.NoMove, fmt.Errorf("san %q: no such legal move in %s", san, p.FEN())
	}
	return found, nil
}

// matches reports whether a legal move fits the pattern.
func (pat sanPattern) matches(p *board.Position, m board.Move) bool {
	return !m.IsCastling() &&
		p.Moving(m).Type() == pat.piece &&
		m.To() == pat.to &&
		m.Promotion() == pat.promotion &&
		(pat.fromFile < 0 || int(m.From().File()) == pat.fromFile) &&
		(pat.fromRank < 0 || int(m.From().Rank()) == pat.fromRank)
}

// Replay plays the game's moves from its start position (the FEN tag, or
// the standard start) and returns the final position and the moves. The
// error names the first move that is not legal.
func Replay(g *Game) (*board.Position, []board.Move, error) {
	fen, ok := g.Tag("FEN")
	if !ok {
		fen = board.StartFEN
	}
	p, err := board.ParseFEN(fen)
	if err != nil {
		return nil, nil, fmt.Errorf("pgn: game at line %d: %w", g.Line, err)
	}
	moves := make([]board.Move, 0, len(g.Moves))
	for i, ply := range g.Moves {
		m, err := ParseSAN(p, ply.SAN)
		if err != nil {
			return p, moves, fmt.Errorf("pgn: game at line %d, ply %d: %w", g.Line, i+1, err)
		}
		p.MakeMove(m)
		moves = append(moves, m)
	}
	return p, moves, nil
}
