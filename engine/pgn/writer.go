package pgn

import (
	"fmt"
	"io"
	"strings"
)

// lineWidth is the longest movetext line Write produces (PGN's export format
// asks for at most 80 characters).
const lineWidth = 79

// sevenTags is the Seven Tag Roster, written first and always.
var sevenTags = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// Write writes the game in PGN export format: the seven roster tags first
// ("?" when missing, Result from g.Result), the other tags in order, a blank
// line, the movetext wrapped at 79 columns with comments in braces, the
// result, and a blank line. Move numbers start from the FEN tag's, if any.
func Write(w io.Writer, g *Game) error {
	var b strings.Builder
	writeTags(&b, g)
	b.WriteString("\n")
	lw := &lineWriter{b: &b}
	number, black := firstMove(g)
	if g.Comment != "" {
		lw.word("{" + commentText(g.Comment) + "}")
	}
	for i, m := range g.Moves {
		switch {
		case !black:
			lw.word(fmt.Sprintf("%d.", number))
		case i == 0 || g.Moves[i-1].Comment != "":
			lw.word(fmt.Sprintf("%d...", number))
		}
		lw.word(m.SAN)
		if m.Comment != "" {
			lw.word("{" + commentText(m.Comment) + "}")
		}
		if black {
			number++
		}
		black = !black
	}
	lw.word(g.Result)
	b.WriteString("\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeTags writes the roster, then the rest.
func writeTags(b *strings.Builder, g *Game) {
	for _, name := range sevenTags {
		v, ok := g.Tag(name)
		switch {
		case name == "Result":
			v = g.Result
		case !ok:
			v = "?"
		}
		fmt.Fprintf(b, "[%s \"%s\"]\n", name, escapeTag(v))
	}
	for _, t := range g.Tags {
		if !isRoster(t.Name) {
			fmt.Fprintf(b, "[%s \"%s\"]\n", t.Name, escapeTag(t.Value))
		}
	}
}

func isRoster(name string) bool {
	for _, n := range sevenTags {
		if n == name {
			return true
		}
	}
	return false
}

// firstMove returns the number of the first move and whether Black makes it,
// from the FEN tag (the start position otherwise).
func firstMove(g *Game) (number int, black bool) {
	fen, ok := g.Tag("FEN")
	if !ok {
		return 1, false
	}
	f := strings.Fields(fen)
	number = 1
	if len(f) >= 6 {
		if _, err := fmt.Sscan(f[5], &number); err != nil || number < 1 {
			number = 1
		}
	}
	return number, len(f) >= 2 && f[1] == "b"
}

// tagEscaper escapes a tag value (built once, read-only after).
var tagEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ")

// escapeTag escapes a tag value.
func escapeTag(v string) string {
	return tagEscaper.Replace(v)
}

// commentText keeps a comment from closing early.
func commentText(c string) string {
	return strings.ReplaceAll(c, "}", ")")
}

// lineWriter wraps words at lineWidth.
type lineWriter struct {
	b   *strings.Builder
	col int
}

// word writes one word (which may hold spaces, like a comment), starting a
// new line when it would not fit.
func (lw *lineWriter) word(s string) {
	for _, part := range strings.Split(s, " ") {
		if lw.col > 0 && lw.col+1+len(part) > lineWidth {
			lw.b.WriteString("\n")
			lw.col = 0
		} else if lw.col > 0 {
			lw.b.WriteString(" ")
			lw.col++
		}
		lw.b.WriteString(part)
		lw.col += len(part)
	}
}
