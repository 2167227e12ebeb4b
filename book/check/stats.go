package check

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"cb2026/book"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// statsFile is the file of the rule that Stats counts by, named in its
// report's header.
const statsFile = "book/check/stats.go"

// A Number is a number of a chapter's prose that looks measured and is not
// a figure: the check reproduces nothing it states.
type Number struct {
	Line    int    // 1-based line
	Text    string // as written, with an attached sign, ± or %
	Context string // the words around it on its line
}

// ChapterStats is what Stats counts in one chapter: its figures, which the
// check measures, and the numbers of its prose that look measured but are
// not figures.
type ChapterStats struct {
	Path     string   // relative to the module root, slash-separated
	Figures  int      // inline figures: marked numbers
	Results  int      // numbers of the match results the check compares with their games (claims.go)
	Unmarked []Number // numbers that look measured and are neither
}

// Share returns the checked share of the chapter's numbers in percent:
// figures and match results over all three kinds together; ok is false
// when the chapter has none.
func (s ChapterStats) Share() (pct float64, ok bool) {
	n := s.Figures + s.Results + len(s.Unmarked)
	if n == 0 {
		return 0, false
	}
	return 100 * float64(s.Figures+s.Results) / float64(n), true
}

// Stats reads the chapters of the module at root, the named files or every
// chapter and file of answers, and counts each one's marked and unmarked
// numbers (countNumbers). It parses the Markdown only: it builds and
// measures nothing, and what else is wrong with a chapter is book check's
// to say. The error is for a file that cannot be read.
func Stats(root, dir string, files []string) ([]ChapterStats, error) {
	chs, _, err := book.ReadChapters(root, dir, files)
	if err != nil {
		return nil, fmt.Errorf("stats: %w", err)
	}
	if len(files) == 0 {
		ans, _, err := book.ReadChapters(root, book.AnswersDir, nil)
		if err != nil {
			return nil, fmt.Errorf("stats: %w", err)
		}
		chs = append(chs, ans...)
	}
	var st []ChapterStats
	for _, ch := range chs {
		st = append(st, countNumbers(root, ch))
	}
	return st, nil
}

// countNumbers counts a chapter's figures and the numbers of the match
// results that hold (resultClaims, which reads the results under root), and
// lists the other numbers of its prose that look measured
// (measuredNumbers) outside figures. Prose is the
// text of paragraphs, lists, quotes and tables, and the text of ordinary
// links; not code spans, code blocks (transcripts among them, which the
// check reruns whole), link destinations, headings, images, raw HTML or the
// front matter.
func countNumbers(root string, ch *book.Chapter) ChapterStats {
	st := ChapterStats{Path: ch.Path, Figures: len(ch.Figures)}
	prose := proseMask(ch)
	_, held := resultClaims(root, ch, prose)
	src := string(ch.Source)
	for _, m := range measuredNumbers(src) {
		switch {
		case !allTrue(prose[m[0]:m[1]]):
		case slices.ContainsFunc(held, func(h [2]int) bool { return h[0] <= m[0] && m[1] <= h[1] }):
			st.Results++
		default:
			st.Unmarked = append(st.Unmarked, Number{Line: ch.LineOf(m[0]), Text: src[m[0]:m[1]], Context: around(src, m)})
		}
	}
	return st
}

// allTrue reports whether every element of b is true.
func allTrue(b []bool) bool {
	for _, v := range b {
		if !v {
			return false
		}
	}
	return true
}

// proseMask marks the bytes of the chapter that are prose, as countNumbers
// defines it. Figures are links, so their text is not prose: it is counted
// as marked.
func proseMask(ch *book.Chapter) []bool {
	mask := make([]bool, len(ch.Source))
	doc := book.NewMarkdown().Parser().Parse(text.NewReader(ch.Source), parser.WithContext(parser.NewContext()))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.CodeSpan, *ast.Heading, *ast.Image, *ast.AutoLink, *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			if scheme, _, ok := strings.Cut(strings.TrimPrefix(string(n.Destination), "<"), ":"); ok && book.IsFigureKind(scheme) {
				return ast.WalkSkipChildren, nil
			}
		case *ast.Text:
			for i := n.Segment.Start; i < n.Segment.Stop && i < len(mask); i++ {
				mask[i] = true
			}
		}
		return ast.WalkContinue, nil
	})
	return mask
}

// reach is how far measured reads on either side of a number.
const reach = 120

// space is what separates words, on a line and between lines.
const space = " \t\n"

// numberToken finds the digits of a number: groups of three after commas,
// and a decimal part.
var numberToken = regexp.MustCompile(`[0-9]+(?:,[0-9]{3})*(?:\.[0-9]+)?`)

// nameWords are the lower-case words after which a number with a decimal
// point is a section's or a version's, not a measurement.
var nameWords = map[string]bool{"section": true, "sections": true, "chapter": true, "chapters": true, "version": true, "versions": true, "round": true, "article": true, "§": true}

// listWords join a list of sections or versions: "sections 16.1 and 16.2".
var listWords = map[string]bool{"and": true, "or": true, "to": true, ",": true}

// eloAfter finds Elo after a number, or after its ± and error: "+35 Elo",
// "+35 ± 12 Elo".
var eloAfter = regexp.MustCompile(`^ ?(?:± ?[0-9.]+ ?)?Elo\b`)

// eloBefore finds Elo before a number, or before an Elo and its ±: "Elo
// +233", "Elo +233 ± 42".
var eloBefore = regexp.MustCompile(`Elo[ *]*(?:[+−-]?[0-9.]+ ?± ?)?[+−-]?$`)

// setting finds what follows a match's or a suite's node limit, a number
// chosen, not measured: "10,000 nodes a move", "20,000 nodes a position".
var setting = regexp.MustCompile(`^\s+nodes (?:a|per) (?:move|position)\b`)

// confidence reports whether a percentage is a confidence level, chosen
// with the interval it names: 90, 95 or 99 in parentheses or after a ±,
// "(95%)", "Elo ± 95%", or before interval or confidence, "a 95% interval".
func confidence(num, before, after string) bool {
	if num != "90" && num != "95" && num != "99" {
		return false
	}
	b := strings.TrimRight(before, space)
	a := strings.TrimLeft(after, space)
	return strings.HasSuffix(b, "(") || strings.HasSuffix(b, "±") ||
		strings.HasPrefix(a, "interval") || strings.HasPrefix(a, "confidence")
}

// sanMove is a chess move after a move number: "12. Nf3", "12...Nf3", "1. e4".
var sanMove = regexp.MustCompile(`^(?:\.|\.\.\.) ?(?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8]|O-O)`)

// measuredNumbers returns the byte ranges of the numbers of a line of prose
// that look measured, each with its attached sign, ± and percent sign. A
// number looks measured when it has
//
//   - a decimal point (93.1, +107.5, −10.8 with the Unicode minus), or
//   - a percent sign after it (91%, 91 %, 91 percent), or
//   - a thousands separator (1,017), or
//   - four or more digits (1000), or
//   - a sign or a ± and Elo beside it (+35 Elo, ±27 Elo, Elo +233 ± 42),
//     or a ± beside a decimal (12.2 ± 3.1),
//
// unless it is
//
//   - part of a word or an identifier: a letter, digit, _ or # right
//     before it, or a letter, digit or _ right after (e4, sha256, 4th,
//     #1234), or a hyphen joining it to a word before (GPL-3.0),
//   - part of a dotted version (1.2.3) or a time control (10+0.1),
//   - inside a FEN, a path or a URL: a run of non-space characters with
//     three slashes or more, or with ://,
//   - a year: four digits from 1800 to 2099 and nothing else above,
//   - a section's or a version's number after its name: a number with a
//     decimal point and nothing else above, after section, chapter,
//     version, article or round (a game's, in a match: round 93.1), or
//     after a name: a capitalised word of two letters or more, not all
//     capitals, not White, Black or Elo and not starting a sentence
//     (Stockfish 15.1, Glaurung 2.2, Go 1.22); or after and, or, to or a
//     comma that follows such a number (sections 16.1 and 16.2),
//   - a move number of chess notation (12. Nf3, 12...Nf3),
//   - a setting: a node limit, a whole number before "nodes a move" or
//     "nodes a position" ("10,000 nodes a move"), or a confidence
//     level, 90%, 95% or 99% in parentheses, after a ± or before interval
//     or confidence ("(95%)", "a 95% interval").
//
// A signed whole number without Elo is a score or an offset the prose
// explains (+100 is a pawn, a step north is +8), and depths, ply counts and
// counts under a thousand look no different from the numbers a chapter
// uses to explain (three moves, depth 7): none of them is counted.
func measuredNumbers(text string) [][2]int {
	var out [][2]int
	for _, m := range numberToken.FindAllStringIndex(text, -1) {
		if r, ok := measured(text, m[0], m[1]); ok {
			out = append(out, r)
		}
	}
	return out
}

// measured applies measuredNumbers' rule to the number at text[start:end]
// and returns its range with what is attached to it. It reads up to
// reach bytes on either side: a name before a number may be on the line
// before it.
func measured(text string, start, end int) ([2]int, bool) {
	num := text[start:end]
	before, after := text[max(0, start-reach):start], text[end:min(len(text), end+reach)]
	prev, _ := utf8.DecodeLastRuneInString(before)
	next, _ := utf8.DecodeRuneInString(after)
	switch {
	case unicode.IsLetter(prev) || unicode.IsDigit(prev) || prev == '_' || prev == '#':
		return [2]int{}, false // a word's or an identifier's
	case unicode.IsLetter(next) || next == '_' || unicode.IsDigit(next):
		return [2]int{}, false
	case prev == '-' && hyphenated(before):
		return [2]int{}, false
	case dotted(before, after), timeControl(before, after):
		return [2]int{}, false
	case inPathOrFEN(before, after):
		return [2]int{}, false
	case sanMove.MatchString(after):
		return [2]int{}, false
	}
	r := [2]int{start, end}
	decimal := strings.Contains(num, ".")
	thousands := strings.Contains(num, ",")
	digits := len(strings.NewReplacer(",", "", ".", "").Replace(num))
	pct, pctEnd := percentAfter(after)
	if pct {
		r[1] = end + pctEnd
	}
	elo := eloAfter.MatchString(after) || eloBefore.MatchString(before)
	plusMinus := strings.HasSuffix(strings.TrimRight(before, " "), "±") || strings.HasPrefix(strings.TrimLeft(after, " "), "±")
	signed := isSign(before)
	if prev == '±' || signed {
		_, n := utf8.DecodeLastRuneInString(before)
		r[0] = start - n
	}
	switch {
	case !decimal && setting.MatchString(after):
		return [2]int{}, false
	case pct && confidence(num, before, after[pctEnd:]):
		return [2]int{}, false
	case pct || thousands || (signed || plusMinus) && (elo || decimal):
		return r, true
	case !decimal && digits == 4 && num >= "1800" && num <= "2099":
		return [2]int{}, false // a year
	case decimal && !signed && !plusMinus && afterName(before):
		return [2]int{}, false
	}
	return r, decimal || digits >= 4
}

// hyphenated reports whether the text before a number ends in a word and a
// hyphen, as in GPL-3.0.
func hyphenated(before string) bool {
	p, _ := utf8.DecodeLastRuneInString(strings.TrimSuffix(before, "-"))
	return unicode.IsLetter(p)
}

// dotted reports whether a number is part of a dotted version such as
// 1.2.3: a digit and a dot before it, or a dot and a digit after it.
func dotted(before, after string) bool {
	b := strings.TrimSuffix(before, ".")
	a := strings.TrimPrefix(after, ".")
	return (len(b) < len(before) && b != "" && isASCIIDigit(b[len(b)-1])) ||
		(len(a) < len(after) && a != "" && isASCIIDigit(a[0]))
}

// timeControl reports whether a number is joined to another by a +, as a
// time control is: 10+0.1.
func timeControl(before, after string) bool {
	b := strings.TrimSuffix(before, "+")
	a := strings.TrimPrefix(after, "+")
	return (len(b) < len(before) && b != "" && isASCIIDigit(b[len(b)-1])) ||
		(len(a) < len(after) && a != "" && isASCIIDigit(a[0]))
}

// isASCIIDigit reports whether c is 0 to 9.
func isASCIIDigit(c byte) bool { return c >= '0' && c <= '9' }

// inPathOrFEN reports whether the run of non-space characters around a
// number is a FEN, a path or a URL: three slashes or more, or ://.
func inPathOrFEN(before, after string) bool {
	tok := before[strings.LastIndexAny(before, space)+1:]
	if j := strings.IndexAny(after, space); j >= 0 {
		after = after[:j]
	}
	tok += "0" + after
	return strings.Count(tok, "/") >= 3 || strings.Contains(tok, "://")
}

// percentAfter reports whether a percent sign follows a number, "%", " %"
// or " percent", and how many bytes of after it takes.
func percentAfter(after string) (bool, int) {
	for _, p := range []string{"%", " %", " percent"} {
		if strings.HasPrefix(after, p) {
			rest := after[len(p):]
			if r, _ := utf8.DecodeRuneInString(rest); p == " percent" && unicode.IsLetter(r) {
				continue
			}
			return true, len(p)
		}
	}
	return false, 0
}

// isSign reports whether a number's text before it ends in a sign: + or the
// Unicode minus −, or an ASCII - with no word or number before it (not the
// hyphen of 3-5 or a-1).
func isSign(before string) bool {
	r, n := utf8.DecodeLastRuneInString(before)
	switch r {
	case '+', '−':
		return true
	case '-':
		p, _ := utf8.DecodeLastRuneInString(before[:len(before)-n])
		return p == utf8.RuneError || unicode.IsSpace(p) || strings.ContainsRune("([", p)
	}
	return false
}

// afterName reports whether the text before a number ends in a name, as a
// version's or a section's number follows one (measuredNumbers gives the
// rule), or in a list of such numbers.
func afterName(before string) bool {
	w, rest := lastWord(before)
	if listWords[w] {
		n, rest := lastWord(rest)
		return numberToken.FindString(n) == n && strings.Contains(n, ".") && afterName(rest)
	}
	return isName(w, rest)
}

// notNames are capitalised words a measured number may follow: the sides
// and the unit of strength ("White 2.34 pawns", "0 Elo, 0.64").
var notNames = map[string]bool{"White": true, "Black": true, "Elo": true}

// isName reports whether w, with rest before it, names what a version or
// section number follows: section, chapter, version or round, or a
// capitalised word of two letters or more that is not all capitals (an
// acronym such as SEE is measured), not White, Black or Elo, and does not
// start a sentence.
func isName(w, rest string) bool {
	w = strings.TrimLeft(w, "(\"“") // (Stockfish 15.1 …
	if nameWords[strings.ToLower(w)] {
		return true
	}
	r, _ := utf8.DecodeRuneInString(w)
	end := strings.TrimRight(rest, space)
	return unicode.IsUpper(r) && utf8.RuneCountInString(w) >= 2 && isWord(w) &&
		strings.ToUpper(w) != w && !notNames[w] &&
		!strings.HasSuffix(end, ".") && !strings.HasSuffix(end, "?") && !strings.HasSuffix(end, "!")
}

// lastWord splits the last word off text: a comma alone is a word, and
// emphasis marks, a link's bracket and a possessive 's are dropped.
func lastWord(text string) (word, rest string) {
	t := strings.TrimRight(text, space+"*_[")
	if strings.HasSuffix(t, ",") {
		return ",", t[:len(t)-1]
	}
	i := strings.LastIndexAny(t, space+"*_[") + 1
	w := strings.TrimSuffix(strings.TrimSuffix(t[i:], "'s"), "’s")
	return w, t[:i]
}

// isWord reports whether w is letters only.
func isWord(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// around returns the words around text[m[0]:m[1]] on its line: up to four
// on each side, and the number's own word whole.
func around(text string, m [2]int) string {
	ls := strings.LastIndexByte(text[:m[0]], '\n') + 1
	le := len(text)
	if j := strings.IndexByte(text[m[1]:], '\n'); j >= 0 {
		le = m[1] + j
	}
	before := strings.Fields(text[ls:m[0]])
	after := strings.Fields(text[m[1]:le])
	head, tail := "", ""
	if r, _ := utf8.DecodeLastRuneInString(text[ls:m[0]]); r != utf8.RuneError && !unicode.IsSpace(r) {
		head, before = before[len(before)-1], before[:len(before)-1]
	}
	if r, _ := utf8.DecodeRuneInString(text[m[1]:le]); r != utf8.RuneError && !unicode.IsSpace(r) {
		tail, after = after[0], after[1:]
	}
	before = before[max(0, len(before)-4):]
	after = after[:min(4, len(after))]
	words := append(before, head+text[m[0]:m[1]]+tail)
	return strings.Join(append(words, after...), " ")
}

// WriteStats prints the marked share of each chapter's numbers and their
// total, under a header that says what is counted; with list, every
// unmarked number too, as file:line, the number and the words around it.
func WriteStats(w io.Writer, st []ChapterStats, list bool) error {
	width := len("total")
	for _, s := range st {
		width = max(width, len(s.Path))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "numbers that look measured: decimals, percentages, thousands, four digits or more, Elo with a sign or ±; in prose, not code; see %s\n", statsFile)
	fmt.Fprintf(&b, "%-*s %7s %7s %9s %6s\n", width, "chapter", "marked", "results", "unmarked", "share")
	total := ChapterStats{Path: "total"}
	for _, s := range st {
		b.WriteString(statsLine(s, width))
		total.Figures += s.Figures
		total.Results += s.Results
		total.Unmarked = append(total.Unmarked, s.Unmarked...)
	}
	b.WriteString(statsLine(total, width))
	if list {
		for _, s := range st {
			for _, n := range s.Unmarked {
				fmt.Fprintf(&b, "%s:%d: %s in %q\n", s.Path, n.Line, n.Text, n.Context)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// statsLine is one row of WriteStats' table.
func statsLine(s ChapterStats, width int) string {
	share := "-"
	if pct, ok := s.Share(); ok {
		share = fmt.Sprintf("%.0f%%", pct)
	}
	return fmt.Sprintf("%-*s %7d %7d %9d %6s\n", width, s.Path, s.Figures, s.Results, len(s.Unmarked), share)
}
