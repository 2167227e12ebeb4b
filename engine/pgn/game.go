package pgn

import (
	"io"
	"strings"
)

// Next returns the next game, or io.EOF when none is left. A game ends at its
// result marker, or where the next game's tags start, or at the end of input.
func (r *Reader) Next() (*Game, error) {
	g := &Game{Result: Unfinished}
	started, depth := false, 0
	for {
		kind, text, line := r.next()
		if r.err != nil {
			return nil, r.err
		}
		if !started && kind != tokEOF {
			started, g.Line = true, line
		}
		switch kind {
		case tokEOF:
			if !started {
				return nil, io.EOF
			}
			return g, nil
		case tokTag:
			if len(g.Moves) > 0 || depth > 0 { // a game without a result: the next one starts
				r.held = &token{kind, text, line}
				return g, nil
			}
			t, err := parseTag(text, line)
			if err != nil {
				return nil, err
			}
			g.Tags = append(g.Tags, t)
		case tokComment:
			if depth == 0 {
				g.addComment(text)
			}
		case tokOpenVariation:
			depth++
		case tokCloseVariation:
			if depth == 0 {
				return nil, errorf(line, "')' without '('")
			}
			depth--
		case tokWord:
			if depth > 0 {
				continue
			}
			done, err := g.addWord(text, line)
			if err != nil || done {
				return g, err
			}
		}
	}
}

// addComment attaches a comment to the last move, or to the game.
func (g *Game) addComment(text string) {
	target := &g.Comment
	if n := len(g.Moves); n > 0 {
		target = &g.Moves[n-1].Comment
	}
	if *target != "" && text != "" {
		*target += " "
	}
	*target += text
}

// addWord handles a movetext word; done means the result ended the game.
func (g *Game) addWord(w string, line int) (done bool, err error) {
	if isResult(w) {
		g.Result = w
		return true, nil
	}
	if rest, ok := moveNumber(w); ok {
		if rest == "" {
			return false, nil
		}
		w = rest
	}
	if strings.HasPrefix(w, "$") || strings.Trim(w, "!?") == "" {
		return false, nil
	}
	san := cleanSAN(w)
	if !plausibleSAN(san) {
		return false, errorf(line, "%q is not a move", clip(w))
	}
	g.Moves = append(g.Moves, Ply{SAN: san})
	return false, nil
}

// sanRunes are the characters SAN is written with.
const sanRunes = "abcdefghKQRBNO0123456789x-=+#"

// plausibleSAN rejects words that cannot be a move (SAN is checked against
// the board later): a move starts with a piece letter, a file, O or 0, and
// uses only SAN's characters; "--" is a null move, which Replay refuses.
func plausibleSAN(w string) bool {
	if w == "--" {
		return true
	}
	if len(w) < 2 || !strings.ContainsRune("abcdefghKQRBNO0", rune(w[0])) {
		return false
	}
	for _, c := range w {
		if !strings.ContainsRune(sanRunes, c) {
			return false
		}
	}
	return true
}

// tagUnescaper undoes a tag value's escapes (built once, read-only after).
var tagUnescaper = strings.NewReplacer(`\"`, `"`, `\\`, `\`)

// parseTag reads `Name "Value"` with \" and \\ escapes in the value.
func parseTag(text string, line int) (Tag, error) {
	text = strings.TrimSpace(text)
	name, value, ok := strings.Cut(text, " ")
	value = strings.TrimSpace(value)
	if !ok || name == "" || len(value) < 2 || value[0] != '"' || value[len(value)-1] != '"' {
		return Tag{}, errorf(line, "tag [%s]: want [Name \"Value\"]", clip(text))
	}
	v := tagUnescaper.Replace(value[1 : len(value)-1])
	return Tag{Name: name, Value: v}, nil
}

// clip shortens text for error messages.
func clip(s string) string {
	const n = 40
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// ReadAll reads every game.
func ReadAll(r io.Reader) ([]*Game, error) {
	pr := NewReader(r)
	var games []*Game
	for {
		g, err := pr.Next()
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return games, err
		}
		games = append(games, g)
	}
}
