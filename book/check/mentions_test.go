package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cb2026/book"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mentionsEngine is the engine of the rule's tests: functions, methods, a
// type, a region holding a function whole and one inside a body. Its
// region markers are spelt MARK: here and written out as directives, so
// that the book's own check does not read them as the repository's.
const mentionsEngine = `package search

// Searcher searches.
type Searcher struct{}

// MaxPly bounds the search.
const MaxPly = 64

// zoneAttack counts attacks.
func zoneAttack() int { return 0 }

// KingSafety scores the king.
func KingSafety() int { return zoneAttack() }

// trySingular extends.
func (s *Searcher) trySingular() bool { return false }

MARK:region helper
// helper helps.
func helper() int {
	MARK:region inner
	x := 1
	MARK:end inner
	return x
}
MARK:end helper

// body has a region inside.
func body() int {
	MARK:region in-body
	return 1
	MARK:end in-body
}

// String names the searcher.
func (s *Searcher) String() string { return "s" }

// stats obeys the console command stats.
func (s *Searcher) stats() {}

// Stats are a search's counts.
type Stats struct{}

// Stats returns the counts.
func (s *Searcher) Stats() Stats { return Stats{} }

// Terms selects the evaluation's terms.
type Terms struct {
	Pieces bool
}

// Pieces returns the pieces.
func (s *Searcher) Pieces() int { return 0 }

// TunedWeights returns the tuned weights; it is also a switch's name.
func TunedWeights() int { return 0 }
`

// mentionsCommands is the engine's table of commands in the rule's tests.
const mentionsCommands = `package uci

func consoleCommands() []command {
	return []command{
		{Name: "stats", Usage: "stats", Run: (*Server).stats},
	}
}
`

// mentionsChapter is a chapter of stage 7 (a section: of main) in file
// name with the given body.
func mentionsChapter(t *testing.T, name, body string) *book.Chapter {
	t.Helper()
	stage, milestone := "7", "M2"
	if strings.Contains(name, ".") && strings.Index(name, ".") < strings.Index(name, "-") {
		stage, milestone = "main", "M5" // a section
	}
	src := "---\ntitle: T\nstage: " + stage + "\nmilestone: " + milestone + "\ncode: [engine/search/s.go]\n---\n\n" + body
	ch, probs := book.ParseChapter("chapters/"+name, []byte(src))
	require.Empty(t, probs)
	return ch
}

// block is a reference block of engine/search/s.go with the attribute.
func block(attr string) string {
	return fmt.Sprintf("```go {file=\"engine/search/s.go\" %s}\nx\n```\n\n", attr)
}

// A function the prose names in a code span is shown by a block of the
// chapter or an earlier one (decl, region holding it, variant), or allowed.
func TestCheckMentions(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "engine", "search", "s.go")
	require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
	require.NoError(t, os.WriteFile(file, []byte(strings.ReplaceAll(mentionsEngine, "MARK:", "//"+"book:")), 0o644))
	cmds := filepath.Join(root, filepath.FromSlash(commandsFile))
	require.NoError(t, os.MkdirAll(filepath.Dir(cmds), 0o755))
	require.NoError(t, os.WriteFile(cmds, []byte(mentionsCommands), 0o644))
	regions, probs := book.ScanRegions(root)
	require.Empty(t, probs)
	const fix = "which no code block of this chapter or an earlier one shows — show it in a code block of this chapter or an earlier one, or add it to the allow-list in book/check/mentions_allowed.go with a reason"
	tests := []struct {
		name    string
		earlier string   // the body of chapter 06, before the one checked
		body    string   // the body of chapter 07, the one checked
		later   string   // the body of chapter 08, after it
		answers string   // the body of the answers to chapter 06
		names   []string // the three chapters' file names, if not 06-a, 07-b, 08-c
		allow   []AllowedMention
		want    []string
	}{
		{name: "shown by decl here", body: "`zoneAttack` counts.\n\n" + block(`decl="zoneAttack"`)},
		{name: "shown earlier", earlier: block(`decl="zoneAttack"`), body: "`zoneAttack()` counts.\n"},
		{name: "shown only in answers", answers: block(`decl="zoneAttack"`), body: "`zoneAttack` counts.\n",
			want: []string{"chapters/07-b.md:8: `zoneAttack` names zoneAttack (engine/search/s.go), " + fix}},
		{name: "a section comes after its chapter", names: []string{"10-a.md", "10.1-b.md", "11-c.md"}, earlier: block(`decl="zoneAttack"`), body: "`zoneAttack` counts.\n"},
		{name: "a section comes before the next chapter", names: []string{"10-a.md", "10.1-b.md", "11-c.md"}, later: block(`decl="zoneAttack"`), body: "`zoneAttack` counts.\n",
			want: []string{"chapters/10.1-b.md:8: `zoneAttack` names zoneAttack (engine/search/s.go), " + fix}},
		{name: "shown only later", later: block(`decl="zoneAttack"`), body: "Text.\n\nThen `zoneAttack` counts.\n",
			want: []string{"chapters/07-b.md:10: `zoneAttack` names zoneAttack (engine/search/s.go), " + fix}},
		{name: "a method, written Type.method()", body: "`Searcher.trySingular()` and `(*Searcher).trySingular` and `trySingular`.\n",
			want: []string{"chapters/07-b.md:8: `Searcher.trySingular()` names Searcher.trySingular (engine/search/s.go), " + fix}},
		{name: "a bare method name is shown by its method's block", body: "`trySingular`.\n\n" + block(`decl="Searcher.trySingular"`)},
		{name: "pkg.F", body: "`search.KingSafety` and `KingSafety`.\n",
			want: []string{"chapters/07-b.md:8: `search.KingSafety` names KingSafety (engine/search/s.go), " + fix}},
		{name: "not functions of the engine", body: "`Searcher`, `MaxPly`, `strings.Split`, `go test ./...`, `main`, `s.t.LMR`, `lmr`, `fmt.Println(x)`, `Foo.String`.\n"},
		{name: "a console command is no method", body: "The command `stats` prints.\n"},
		{name: "a method named as a command's, written Type.m", body: "`Searcher.stats`.\n",
			want: []string{"chapters/07-b.md:8: `Searcher.stats` names Searcher.stats (engine/search/s.go), " + fix}},
		{name: "a type is no method", body: "Add a field to `Stats`.\n"},
		{name: "a method named as a type, written Type.m", body: "`Searcher.Stats()`.\n",
			want: []string{"chapters/07-b.md:8: `Searcher.Stats()` names Searcher.Stats (engine/search/s.go), " + fix}},
		{name: "a field is no method", body: "The `Pieces` term.\n"},
		{name: "a method named as a field, written Type.m", body: "`Searcher.Pieces`.\n",
			want: []string{"chapters/07-b.md:8: `Searcher.Pieces` names Searcher.Pieces (engine/search/s.go), " + fix}},
		{name: "a switch is no function", body: "The switch `TunedWeights` (`tuned`).\n"},
		{name: "a function named as a switch, written pkg.F", body: "`search.TunedWeights()`.\n",
			want: []string{"chapters/07-b.md:8: `search.TunedWeights()` names TunedWeights (engine/search/s.go), " + fix}},
		{name: "a region holding it whole", body: "`helper`.\n\n" + block(`region="helper"`)},
		{name: "a region inside its body", body: "`body`.\n\n" + block(`region="in-body"`),
			want: []string{"chapters/07-b.md:8: `body` names body (engine/search/s.go), " + fix}},
		{name: "a variant replacing it", body: "`zoneAttack`.\n\n```go {variant=\"za\" file=\"engine/search/s.go\" replaces=\"zoneAttack\"}\nx\n```\n"},
		{name: "allowed", body: "`zoneAttack`.\n", allow: []AllowedMention{{"07-b.md", "zoneAttack", "a name only"}}},
		{name: "allowed for another chapter", body: "`zoneAttack`.\n", allow: []AllowedMention{{"06-a.md", "zoneAttack", "a name only"}},
			want: []string{"chapters/07-b.md:8: `zoneAttack` names zoneAttack (engine/search/s.go), " + fix}},
		{name: "in code blocks only", body: "Text.\n\n```text\n`zoneAttack`\n```\n"},
		{name: "reported once a chapter", body: "`zoneAttack` and `zoneAttack()`.\n\n`zoneAttack` again.\n",
			want: []string{"chapters/07-b.md:8: `zoneAttack` names zoneAttack (engine/search/s.go), " + fix}},
	}
	for _, tc := range tests {
		names := tc.names
		if names == nil {
			names = []string{"06-a.md", "07-b.md", "08-c.md"}
		}
		chs := []*book.Chapter{
			mentionsChapter(t, names[0], tc.earlier),
			mentionsChapter(t, names[1], tc.body),
			mentionsChapter(t, names[2], tc.later),
		}
		if tc.answers != "" {
			ans, _ := book.ParseChapter("answers/06-a.md", []byte("---\ntitle: T\nstage: 6\n---\n\n"+tc.answers))
			chs = append([]*book.Chapter{ans}, chs...)
		}
		c := &checker{opt: Options{Root: root, NoViews: true, Switches: []Switch{{Option: "TunedWeights", Short: "tuned"}}}, res: &Result{Chapters: chs},
			src: book.NewSource(root), regions: regions,
			allow: tc.allow, allowUsed: map[int]bool{}, funcs: map[string][]funcDecl{}}
		c.checkMentions(chs[len(chs)-2])
		var got []string
		for _, p := range c.res.Problems {
			got = append(got, p.String())
		}
		assert.Equal(t, tc.want, got, tc.name)
	}
}

// An entry of the allow-list that no mention of a checked chapter needs is
// a problem; one for a chapter not checked is left alone.
func TestCheckAllowList(t *testing.T) {
	c := &checker{opt: Options{Root: t.TempDir()}, res: &Result{Chapters: []*book.Chapter{mentionsChapter(t, "07-b.md", "")}},
		allow: []AllowedMention{{"07-b.md", "zoneAttack", "x"}, {"07-b.md", "helper", "y"}, {"09-d.md", "body", "z"}}, allowUsed: map[int]bool{1: true}}
	c.checkAllowList()
	var got []string
	for _, p := range c.res.Problems {
		got = append(got, p.String())
	}
	assert.Equal(t, []string{"book/check/mentions_allowed.go:1: allow-list: 07-b.md no longer needs zoneAttack (the chapter shows it or does not name it): remove the entry"}, got)
}

// Every entry of the book's allow-list gives its reason.
func TestAllowedMentionsHaveReasons(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range AllowedMentions {
		assert.NotEmpty(t, a.Reason, "%s %s", a.Chapter, a.Func)
		assert.False(t, seen[a.Chapter+" "+a.Func], "duplicate entry %s %s", a.Chapter, a.Func)
		seen[a.Chapter+" "+a.Func] = true
	}
}

// A code span names a function when it is f, T.m, pkg.F or pkg.T.m, with or
// without a call's parentheses.
func TestParseMention(t *testing.T) {
	tests := []struct {
		span string
		want []string
	}{
		{"zoneAttack", []string{"zoneAttack"}},
		{"zoneAttack()", []string{"zoneAttack"}},
		{"kingSafety(pos, us)", []string{"kingSafety"}},
		{"Searcher.trySingular", []string{"Searcher", "trySingular"}},
		{"(*Searcher).trySingular", []string{"Searcher", "trySingular"}},
		{"board.Position.MakeMove()", []string{"board", "Position", "MakeMove"}},
		{"go test ./...", nil},
		{"a.b.c.d", nil},
		{"depth >= 3", nil},
		{"engine/search/lmr.go", nil},
		{"f(x) + 1", nil},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, parseMention(tc.span), tc.span)
	}
}
