//book:stage 3

// Package pgn reads and writes games in Portable Game Notation and converts
// moves to and from Standard Algebraic Notation (SAN), the "Nf3" and "exd5"
// of chess books. Reading the PGN text needs no board; SAN needs one.
package pgn

import (
	"fmt"
	"strings"

	"cb2026/engine/board"
)

// Results as PGN writes them.
const (
	WhiteWins  = "1-0"
	BlackWins  = "0-1"
	Draw       = "1/2-1/2"
	Unfinished = "*"
)

// ResultOf returns the PGN result of what the rules make of a game:
// Unfinished while it goes on.
func ResultOf(r board.Result) string {
	switch r {
	case board.WhiteWins:
		return WhiteWins
	case board.BlackWins:
		return BlackWins
	case board.Drawn:
		return Draw
	}
	return Unfinished
}

// Tag is one header pair, [Name "Value"].
type Tag struct {
	Name, Value string
}

// Ply is one move as written in the movetext, with the comment after it.
type Ply struct {
	SAN     string // without annotation marks (!, ?, !?)
	Comment string // the text of the {…} comments after it, joined by a space
}

// Game is one PGN game. Variations and NAGs are dropped when reading.
type Game struct {
	Tags    []Tag  // in file order
	Comment string // a comment before the first move
	Moves   []Ply
	Result  string // the game-termination marker, Unfinished if none
	Line    int    // the line of its first tag or move, from 1
}

// Tag returns the value of the named tag and whether it is present.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag sets a tag, replacing an existing one in place or appending.
func (g *Game) SetTag(name, value string) {
	for i, t := range g.Tags {
		if t.Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// SANs returns the moves' SAN text.
func (g *Game) SANs() []string {
	out := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		out[i] = m.SAN
	}
	return out
}

// isResult reports whether a token is a game-termination marker.
func isResult(tok string) bool {
	return tok == WhiteWins || tok == BlackWins || tok == Draw || tok == Unfinished
}

// cleanSAN strips annotation marks from a move token.
func cleanSAN(tok string) string {
	return strings.TrimRight(tok, "!?")
}

// moveNumber reports whether tok is a move number like "12." or "12...",
// and returns any move glued to it ("12.Nf3").
func moveNumber(tok string) (rest string, ok bool) {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i == 0 || i == len(tok) || tok[i] != '.' {
		return "", false
	}
	return strings.TrimLeft(tok[i:], "."), true
}

// errorf makes a PGN error that names the line.
func errorf(line int, format string, args ...any) error {
	return fmt.Errorf("pgn: line %d: %s", line, fmt.Sprintf(format, args...))
}
