// Package directive reads the book's comment directives in the engine's Go
// sources: one parser for package book, which reads regions, and package
// book/view, which reads stage markers, so that both accept the same lines
// and neither ignores a misspelt one.
//
//	//book:region NAME   a region a chapter may quote, up to //book:end NAME
//	//book:end NAME      the end of region NAME
//	//book:stage N       code of chapter N (1..20) or later, main after 20
//
// A directive is written exactly so: //book: in lower case with no space,
// a known verb, one space, one argument. A comment that only looks like one
// (// book:stage 9, //Book:stage 9, //book:stgae 9, //book:stage) is an
// error, never a plain comment: a line that reads as a directive to its
// author must act as one or be reported.
package directive

import (
	"fmt"
	"regexp"
	"strings"
)

// The directive verbs.
const (
	Region = "region"
	End    = "end"
	Stage  = "stage"
)

// verbs are the known verbs, in the order messages list them.
var verbs = []string{Region, End, Stage}

// prefix starts every directive.
const prefix = "//book:"

// lookalike matches a comment meant as a directive: "book:" after the
// slashes, whatever the case and spacing.
var lookalike = regexp.MustCompile(`(?i)^//[ \t]*book[ \t]*:`)

// A Directive is one //book: comment.
type Directive struct {
	Verb string // Region, End or Stage
	Arg  string // the region's name or the stage, as written
}

// Parse reads one comment (its text from the //, as go/ast gives it, or a
// source line with its indentation removed). It returns ok false for a
// comment that is no directive, and an error for one that looks like a
// directive but is not a well-formed one of a known verb. The argument is
// not checked beyond being one word: each verb's reader checks its own.
func Parse(comment string) (d Directive, ok bool, err error) {
	text := strings.TrimRight(comment, " \t\r")
	if !lookalike.MatchString(text) {
		return Directive{}, false, nil
	}
	if !strings.HasPrefix(text, prefix) {
		return Directive{}, true, fmt.Errorf("malformed directive %q: write %s with no space and in lower case", text, prefix)
	}
	f := strings.Fields(text[len(prefix):])
	if len(f) == 0 {
		return Directive{}, true, fmt.Errorf("directive %q has no verb: want %s", text, usage())
	}
	verb := f[0]
	if !isVerb(verb) {
		msg := fmt.Sprintf("unknown directive %s%s: want %s", prefix, verb, usage())
		if s := Suggest(verb, verbs...); s != "" {
			msg += fmt.Sprintf(" (did you mean %s%s?)", prefix, s)
		}
		return Directive{}, true, fmt.Errorf("%s", msg)
	}
	if len(f) != 2 || text != prefix+verb+" "+f[1] {
		return Directive{}, true, fmt.Errorf("malformed directive %q: want %s", text, usage1(verb))
	}
	return Directive{Verb: verb, Arg: f[1]}, true, nil
}

// isVerb reports whether v is a known verb.
func isVerb(v string) bool {
	for _, k := range verbs {
		if v == k {
			return true
		}
	}
	return false
}

// usage lists the directives' forms.
func usage() string {
	var u []string
	for _, v := range verbs {
		u = append(u, usage1(v))
	}
	return strings.Join(u, ", ")
}

// usage1 is one verb's form.
func usage1(verb string) string {
	arg := map[string]string{Region: "NAME", End: "NAME", Stage: "N"}[verb]
	return prefix + verb + " " + arg
}

// Suggest returns the one of known closest to word if it is a likely
// misspelling of it (case aside, at most two letters added, dropped,
// changed or swapped, and fewer than half the word's), or "" if none is.
func Suggest(word string, known ...string) string {
	best, bestDist := "", 3
	w := strings.ToLower(word)
	for _, k := range known {
		d := distance(w, k)
		if d < bestDist && 2*d < len(k) {
			best, bestDist = k, d
		}
	}
	return best
}

// distance is the optimal string alignment distance between a and b: the
// fewest single-letter insertions, deletions, substitutions and swaps of
// neighbours that turn a into b.
func distance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
