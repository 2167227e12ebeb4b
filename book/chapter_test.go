package book

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixture is the tiny module the tests read: a stand-in engine with one
// region and a main that fakes perft and bench.
const fixture = "testdata/mod"

func TestParseChapter(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(fixture, "chapters/01-board.md"))
	require.NoError(t, err)
	ch, probs := ParseChapter("chapters/01-board.md", src)
	require.Empty(t, probs)
	assert.Equal(t, "The board", ch.Title)
	assert.Equal(t, 1, ch.Stage.Number)
	assert.Equal(t, []string{"engine/board/perft.go"}, ch.Code)
	kinds := []BlockKind{}
	for _, b := range ch.Blocks {
		kinds = append(kinds, b.Kind)
	}
	assert.Equal(t, []BlockKind{ReferenceBlock, ReferenceBlock, TranscriptBlock, TranscriptBlock, VariantBlock, ProgramBlock, DiagramBlock, PlotBlock}, kinds)
	assert.Equal(t, 14, ch.Blocks[0].Line)
	assert.Equal(t, "nodes += Perft(depth - 1)\n", ch.Blocks[1].Body)
	require.Len(t, ch.Figures, 8)
	f := ch.Figures[3]
	assert.Equal(t, "8,000", f.Text)
	assert.Equal(t, 34, f.Line)
	assert.Equal(t, "perft:1:3", f.Spec.Dest)
}

// The prose's code spans are indexed with their lines; code blocks and
// front matter have none.
func TestParseChapterSpans(t *testing.T) {
	src := "---\ntitle: T\nstage: 1\nmilestone: M1\ntitle2: \"`notProse`\"\n---\n\nCall `Perft` and\n`Searcher.trySingular()`, see [the `mvvLva`\nlink](https://example.com).\n\n```go {file=\"a.go\" decl=\"F\"}\n// `notProse` here\nfunc F() {}\n```\n\n| a | b |\n|---|---|\n| `inTable` | x |\n"
	ch, _ := ParseChapter("chapters/01-t.md", []byte(src))
	assert.Equal(t, []Span{{8, "Perft"}, {9, "Searcher.trySingular()"}, {9, "mvvLva"}, {19, "inTable"}}, ch.Spans)
}

func TestParseChapterIndentedBlock(t *testing.T) {
	src := "---\ntitle: T\nstage: 1\nmilestone: M1\n---\n\n- item\n\n  ```go {file=\"a.go\" decl=\"F\"}\n  func F() {}\n  ```\n"
	ch, probs := ParseChapter("chapters/01-t.md", []byte(src))
	require.Empty(t, probs)
	require.Len(t, ch.Blocks, 1)
	b := ch.Blocks[0]
	assert.Equal(t, "  ", b.Prefix)
	assert.Equal(t, "func F() {}\n", b.Body)
	assert.Equal(t, "  func F() {}\n", src[b.BodyStart:b.BodyEnd])
}

func FuzzParseChapter(f *testing.F) {
	for _, dir := range []string{"chapters", "bad", "unref", "broken"} {
		files, _ := filepath.Glob(filepath.Join(fixture, dir, "*.md"))
		for _, file := range files {
			data, err := os.ReadFile(file)
			require.NoError(f, err)
			f.Add(data)
		}
	}
	f.Add([]byte("---\nstage: main\n---\n[1](bench:main)[2](<perft:1:1:x y z w>)\n```go {variant=\"\"}\n"))
	f.Add([]byte("---\nstage: 7\nstarter:\n  - a.go:f\n  -\n  - b.go:T.m # c\nx: [a.go:f]\n---\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		ch, probs := ParseChapter("chapters/01-fuzz.md", src)
		for _, p := range probs {
			if p.Line < 1 || p.Line > len(src)+1 {
				t.Fatalf("problem line %d out of range: %s", p.Line, p)
			}
		}
		for _, fig := range ch.Figures {
			if fig.Start < 0 || fig.End > len(src) || string(src[fig.Start:fig.End]) != fig.Text {
				t.Fatalf("figure range %d..%d does not hold %q", fig.Start, fig.End, fig.Text)
			}
		}
		for i, b := range ch.Blocks {
			if b.BodyStart < 0 || b.BodyStart > b.BodyEnd || b.BodyEnd > len(src) {
				t.Fatalf("block body range %d..%d out of 0..%d", b.BodyStart, b.BodyEnd, len(src))
			}
			checkRewrite(t, ch, i)
		}
	})
}

// checkRewrite checks that fix, if it may rewrite block i, rewrites exactly
// its body: a line added to it is the only change the chapter reads (the
// spaces of blank lines aside).
func checkRewrite(t *testing.T, ch *Chapter, i int) {
	b := ch.Blocks[i]
	e, err := ch.BlockEdit(b, "block", b.Body+"added\n")
	if err != nil {
		return
	}
	out := string(ch.Source[:e.Start]) + e.New + string(ch.Source[e.End:])
	again, _ := ParseChapter(ch.Path, []byte(out))
	if len(again.Blocks) != len(ch.Blocks) || !sameText(again.Blocks[i].Body, b.Body+"added\n") {
		t.Fatalf("fix of block %d (line %d) in %q gives %q, which reads otherwise", i, b.Line, ch.Source, out)
	}
}

// The starter key lists the functions a chapter's exercise leaves to
// write, each with its own line; only a stage's chapter has one.
func TestStarterKey(t *testing.T) {
	const head = "---\ntitle: T\nstage: 7\nmilestone: M2\n"
	tests := []struct {
		name, path, front string
		want              []StarterFunc
		probs             []string
	}{
		{"block list", "chapters/07-t.md", "starter:\n  # the key\n  - engine/search/ordering.go:mvvLva\n  - engine/search/search.go:Searcher.searchChild # a method\n",
			[]StarterFunc{{"engine/search/ordering.go", "mvvLva", 7}, {"engine/search/search.go", "Searcher.searchChild", 8}}, nil},
		{"flow list", "chapters/07-t.md", "starter: [engine/search/ordering.go:mvvLva]\n",
			[]StarterFunc{{"engine/search/ordering.go", "mvvLva", 5}}, nil},
		{"in the answers", "answers/07-t.md", "starter:\n  - engine/search/ordering.go:mvvLva\n", nil,
			[]string{"answers/07-t.md:5: front matter: starter belongs in a stage's chapter, whose handout it is; not in an appendix or answers"}},
		{"in an appendix", "chapters/B-t.md", "appendix: B\nstarter:\n  - engine/search/ordering.go:mvvLva\n", nil,
			[]string{"chapters/B-t.md:4: front matter: an appendix belongs to no milestone", "chapters/B-t.md:6: front matter: starter belongs in a stage's chapter, whose handout it is; not in an appendix or answers"}},
		{"a map", "chapters/07-t.md", "starter:\n  - engine/search/ordering.go: mvvLva\n", nil,
			[]string{`chapters/07-t.md:6: front matter: starter entry "map[engine/search/ordering.go:mvvLva]": want file:function, like engine/search/ordering.go:mvvLva (a method as file:Type.Method)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ch, probs := ParseChapter(tt.path, []byte(head+tt.front+"---\n\n[1](bench:7)\n"))
			var got []string
			for _, p := range probs {
				got = append(got, p.String())
			}
			assert.Equal(t, tt.probs, got)
			assert.Equal(t, tt.want, ch.Starter)
		})
	}
}
