package view

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"cb2026/stages"
)

// A view shows nothing of a later chapter. The check here catches what
// the rule's steps can miss, a comment or a name that still speaks of a
// technique the reader has not met: no Go file of stage N's view mentions
// the name of a technique whose chapter is after N, or points to a later
// chapter, stage or section by its number ("chapters 13 to 18", "stage
// 20's", "section 10.1", a section being main's). The names come from
// the engine's technique table (the rows of engine/search that give an
// Option and a Stage), as a reader sees them:
//
//   - the switch, the row's Option, as an identifier (case and word
//     boundaries count: NullMove, LMR, but not NullMoves or nullMove),
//     when it is two words or more in CamelCase (NullMove) or an acronym
//     (LMR); a one-word switch (Quiescence, History, Pieces) is also an
//     ordinary word of code and prose, and is not a name the check can
//     tell apart;
//   - the switch's words as prose, in any case, spaced or hyphenated
//     ("null move", "null-move", "Late move pruning"), when it is two
//     words or more and holds no acronym;
//   - the name the row's Doc opens with, before a colon and after an
//     article, when it is two or three words ("transposition table:
//     cutoffs …" names "transposition table", "an evaluation cache: …"
//     "evaluation cache"), in any case, spaced or hyphenated.
//
// To those it adds the words a reader knows some techniques by, which no
// row gives (otherNames). A name of several rows belongs to the
// earliest of their stages.

// techniqueFile is where the engine's technique table stands, relative to
// the repository's root.
const techniqueFile = "engine/search/techniques.go"

// A leakName is one name of a technique, with the stage that brings it.
type leakName struct {
	name  string         // as the table gives it (an Option, or words)
	re    *regexp.Regexp // what counts as a mention of it
	stage int
}

// A Leak is a mention, in a view, of a technique of a later chapter.
type Leak struct {
	File  string // the view's file, slash-separated, relative to the view
	Line  int
	Name  string // the technique's name the line mentions
	Stage int    // the stage that brings it
}

// String returns the leak as file:line: the name and its stage.
func (l Leak) String() string {
	return fmt.Sprintf("%s:%d: %q, a name of stage %s", l.File, l.Line, l.Name, stages.Stage{Number: l.Stage}.String())
}

// techniqueNames reads the technique table of the Go file at path and
// returns the names a view of an earlier stage must not mention, each
// with its stage.
func techniqueNames(path string) ([]leakName, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		return nil, fmt.Errorf("leaks: %w", err)
	}
	var names []leakName // in the order of their first row, at their earliest stage
	add := func(name string, stage int) {
		if i := slices.IndexFunc(names, func(n leakName) bool { return n.name == name }); i >= 0 {
			names[i].stage = min(names[i].stage, stage)
		} else {
			names = append(names, leakName{name: name, re: nameRegexp(name), stage: stage})
		}
	}
	var rows int
	ast.Inspect(file, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		keys := keyedValues(lit)
		option, stage := stringLit(keys["Option"]), stageValue(keys["Stage"])
		if option == "" || stage == 0 {
			return true
		}
		rows++
		for _, name := range optionNames(option) {
			add(name, stage)
		}
		if name := docName(stringLit(keys["Doc"])); name != "" {
			add(name, stage)
		}
		return false
	})
	if rows == 0 {
		return nil, fmt.Errorf("leaks: %s: no technique table (rows keyed Option and Stage)", path)
	}
	for _, n := range otherNames {
		add(n.name, n.stage)
	}
	return names, nil
}

// otherNames are names of techniques that their rows do not give, with the
// stage that brings each: quiescence (whose switch is one word), the hash
// move (the move tried first, from the last iteration in chapter 9 and
// from the table in chapter 10), the hash table, and the killers and
// histories of chapter 11.
var otherNames = []struct {
	name  string
	stage int
}{{"quiescence", 8}, {"hash move", 9}, {"hash table", 10}, {"killer", 11}, {"killers", 11}, {"histories", 11}}

// stageValue returns the stage a row's Stage gives: a whole number, or
// stages.Main; 0 if it is neither.
func stageValue(e ast.Expr) int {
	switch e := e.(type) {
	case *ast.BasicLit:
		if n, err := strconv.Atoi(e.Value); err == nil && e.Kind == token.INT {
			return n
		}
	case *ast.SelectorExpr:
		if pkg, ok := e.X.(*ast.Ident); ok && pkg.Name == "stages" && e.Sel.Name == "Main" {
			return stages.Main
		}
	}
	return 0
}

// splitCamel splits a CamelCase name into its words: "NullMove" is Null,
// Move; "SEEOrdering" is SEE, Ordering; "LMR" is LMR.
func splitCamel(s string) []string {
	var words []string
	for len(s) > 0 {
		i := 1
		switch {
		case isUpper(s[0]) && len(s) > 1 && isUpper(s[1]):
			for i < len(s) && isUpper(s[i]) && (i+1 >= len(s) || isUpper(s[i+1])) {
				i++
			}
			if i < len(s) && isUpper(s[i]) && (i+1 >= len(s) || !isLower(s[i+1])) {
				i++
			}
		default:
			for i < len(s) && !isUpper(s[i]) {
				i++
			}
		}
		words = append(words, s[:i])
		s = s[i:]
	}
	return words
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }

// optionNames returns the names a switch gives: itself, when it is two
// words or more or an acronym, and its words as prose, when they are two
// or more with no acronym among them.
func optionNames(option string) []string {
	words := splitCamel(option)
	acronym := false
	for _, w := range words {
		if len(w) > 1 && isUpper(w[1]) {
			acronym = true
		}
	}
	var names []string
	if len(words) > 1 || acronym {
		names = append(names, option)
	}
	if len(words) > 1 && !acronym {
		names = append(names, strings.ToLower(strings.Join(words, " ")))
	}
	return names
}

// docName returns the name a technique's Doc opens with, before a colon and
// after an article, when it is two or three words; otherwise "".
func docName(doc string) string {
	name, _, ok := strings.Cut(doc, ":")
	if !ok {
		return ""
	}
	for _, article := range []string{"a ", "an ", "the "} {
		name = strings.TrimPrefix(name, article)
	}
	words := strings.Fields(strings.ReplaceAll(name, "-", " "))
	if len(words) < 2 || len(words) > 3 {
		return ""
	}
	return strings.ToLower(name)
}

// nameRegexp returns what counts as a mention of a name: an identifier
// exactly, with identifier boundaries; words in any case, a space or a
// hyphen between them, with word boundaries.
func nameRegexp(name string) *regexp.Regexp {
	if !strings.ContainsAny(name, " -") && name != strings.ToLower(name) {
		return regexp.MustCompile(`(?:^|[^A-Za-z0-9_])(` + regexp.QuoteMeta(name) + `)(?:$|[^A-Za-z0-9_])`)
	}
	words := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '-' })
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	return regexp.MustCompile(`(?i)(?:^|[^A-Za-z0-9_])(` + strings.Join(words, `[ -]`) + `)(?:$|[^A-Za-z0-9_])`)
}

// findLeaks returns the mentions, in the Go files under dir, of the names
// of stages after stage, in file and line order.
func findLeaks(dir string, stage int, names []leakName) ([]Leak, error) {
	var later []leakName
	for _, n := range names {
		if n.stage > stage {
			later = append(later, n)
		}
	}
	var leaks []Leak
	err := eachGoFile(dir, func(name string, src []byte) error {
		leaks = append(leaks, lineLeaks(name, string(src), later, stage)...)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("leaks: %w", err)
	}
	slices.SortStableFunc(leaks, func(a, b Leak) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Line - b.Line
	})
	return leaks, nil
}

// lineLeaks returns the mentions of names in a file's text, one per name
// and line, and the pointers to a chapter after stage by its number.
func lineLeaks(file, text string, names []leakName, stage int) []Leak {
	var leaks []Leak
	for i, line := range strings.Split(text, "\n") {
		for _, n := range names {
			if m := n.re.FindStringSubmatch(line); m != nil {
				leaks = append(leaks, Leak{File: file, Line: i + 1, Name: m[1], Stage: n.stage})
			}
		}
		for _, m := range chapterNumbers.FindAllStringSubmatch(line, -1) {
			if later := numberedStage(m[2]); later > stage {
				leaks = append(leaks, Leak{File: file, Line: i + 1, Name: m[1], Stage: later})
			}
		}
	}
	return leaks
}

// chapterNumbers matches a pointer to chapters, stages or sections by
// number: "chapter 13", "stage 20's", "chapters 5 to 18", "section 10.1".
var chapterNumbers = regexp.MustCompile(`(?i)\b((?:chapter|stage|section)s?\s+(\d+(?:\.\d+)?(?:(?:\s*(?:,|-|–|to|and|or)\s*)\d+(?:\.\d+)?)*))`)

// chapterNumber is one number of such a pointer: a chapter's or a section's.
var chapterNumber = regexp.MustCompile(`\d+(?:\.\d+)?`)

// numberedStage returns the latest stage among the numbers of a pointer: a
// chapter's number is its stage's, and a section (10.1) is main's.
func numberedStage(numbers string) int {
	latest := 0
	for _, n := range chapterNumber.FindAllString(numbers, -1) {
		st := stages.Main
		if k, err := strconv.Atoi(n); err == nil {
			st = k
		}
		latest = max(latest, st)
	}
	return latest
}

// Leaks returns the mentions, in the view written in dir, of the
// techniques that chapters after the view's stage bring, by the technique
// table of the repository at root.
func Leaks(root, dir string, st stages.Stage) ([]Leak, error) {
	names, err := techniqueNames(filepath.Join(root, filepath.FromSlash(techniqueFile)))
	if err != nil {
		return nil, err
	}
	return findLeaks(dir, st.Number, names)
}

// leakAllowed lists, by view file, the later chapters' names and numbers
// a view may still mention there, and nothing else: the plan of the book
// (stages.go names and numbers every chapter), the board's null move
// (chapter 13's, a Position method since chapter 3, and PGN's name for
// "--"), the Breakdown fields of chapter 19's terms, the search's
// declarations that later chapters fill in (the table's scores, the
// previous PV beside the table, the fixed depth before iterative
// deepening), and three places where a stage's code says which
// stages it serves (the benches before the search, stage 4's bench that
// ends by itself, the trees of stages 6 and 7). Any other mention fails
// the proof. The list only shrinks.
var leakAllowed = map[string][]string{
	"stages/stages.go":            {"Alpha-beta", "Quiescence", "Iterative deepening", "Transposition table", "PVS", "Null move", "LMR", "Late move pruning", "continuation history", "Capture history", "Aspiration windows", "stage 3", "stage 7", "stage 20", "stages 1 to 20"},
	"stages/stages_test.go":       {"stage 7", "stage 20", "stages 1, 7, 20"},
	"engine/cmd/cb2026/engine.go": {"Stages 1 and 2", "stage 3"},
	"engine/uci/ends_test.go":     {"stage 4"},
	"engine/search/tree.go":       {"stage 6 or 7"},
	"engine/board/basics_test.go": {"null move"},
	"engine/board/draw.go":        {"null move"},
	"engine/board/makemove.go":    {"null move", "null-move"},
	"engine/pgn/game.go":          {"null move"},
	"engine/eval/eval.go":         {"PawnStructure", "KingSafety"},
	"engine/search/techniques.go": {"AlphaBeta"},
	"engine/search/search.go":     {"iterative deepening", "null move"},
	"engine/search/time.go":       {"Iterative deepening", "iterative deepening"},
	"engine/search/line.go":       {"null move", "transposition table"},
	"engine/search/deepening.go":  {"alpha-beta", "iterative deepening"},
	"engine/search/score.go":      {"transposition table"},
}

// checkLeaks returns an error naming every leak of the view in dir that
// leakAllowed does not list.
func checkLeaks(root, dir string, st stages.Stage) error {
	leaks, err := Leaks(root, dir, st)
	if err != nil {
		return err
	}
	var bad []string
	for _, l := range leaks {
		if !slices.Contains(leakAllowed[l.File], l.Name) {
			bad = append(bad, l.String())
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("it mentions a later chapter's technique:\n%s", strings.Join(bad, "\n"))
	}
	return nil
}
