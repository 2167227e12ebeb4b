package check

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cb2026/book"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// brokenChapters are the chapters of the fixture's broken/ folder, each
// with one thing wrong in how it is written, and the problems the check must
// report for it: each at its own line, saying what to do.
var brokenChapters = []struct {
	file string
	want []string
}{
	{"01-unclosed-fence.md", []string{"9: unclosed code fence: it runs to the end of the chapter; close the block with a ``` line"}},
	{"01-unclosed-fence-in-quote.md", []string{"9: unclosed code fence: it runs to the end of the quote; close the block with a > ``` line"}},
	{"01-unclosed-fence-in-list.md", []string{"11: unclosed code fence: it runs to the end of the list item; close the block with a ``` line"}},
	{"01-quote-stale.md", []string{`12: stale code block (engine/board/perft.go region leaf) — stated "nodes += Perft(depth - 2)", measured "nodes += Perft(depth - 1)"`}},
	{"01-list-stale.md", []string{`12: stale code block (engine/board/perft.go region leaf) — stated "nodes += Perft(depth - 2)", measured "nodes += Perft(depth - 1)"`}},
	{"01-quote-ragged.md", []string{
		`9: fix cannot rewrite this code block engine/board/perft.go region leaf: its lines do not all begin with "> ", so fix cannot tell where the code starts on each; rewrite it by hand`,
		`10: stale code block (engine/board/perft.go region leaf) — stated "nodes += Perft(depth - 2)", measured "nodes += Perft(depth - 1)"`,
	}},
	{"01-figure-misspelt.md", []string{`9: link "bnech:1": unknown figure kind "bnech" (did you mean bench?): a figure is [N](bench:…), [N](perft:…) or [N](<cmd:…>), and any other link is http:, https:, mailto: or a relative path`}},
	{"01-figure-capital.md", []string{`9: link "Bench:1": unknown figure kind "Bench" (did you mean bench?): a figure is [N](bench:…), [N](perft:…) or [N](<cmd:…>), and any other link is http:, https:, mailto: or a relative path`}},
	{"01-figure-perf.md", []string{`9: link "perf:1:3": unknown figure kind "perf" (did you mean perft?): a figure is [N](bench:…), [N](perft:…) or [N](<cmd:…>), and any other link is http:, https:, mailto: or a relative path`}},
	{"01-figure-scheme.md", []string{`9: link "ftp:1:3": unknown figure kind "ftp": a figure is [N](bench:…), [N](perft:…) or [N](<cmd:…>), and any other link is http:, https:, mailto: or a relative path`}},
	{"01-figure-empty.md", []string{`10: figure "perft:1:3": the link text must be the plain stated value`}},
	{"01-crlf.md", []string{`1: the file has CRLF (\r\n) line ends: save it with LF line ends, as every chapter is`}},
	{"01-unclosed-front-matter.md", []string{"1: front matter is not closed: the --- on line 1 needs a --- line after the last key, or the whole chapter is read as front matter"}},
	{"01-unknown-key.md", []string{`5: front matter: unknown key "sumary" (the keys are title, stage, milestone, code, appendix, starter)`}},
	{"01-starter-no-func.md", []string{"7: starter: engine/board/perft.go has no function Divide at stage 1"}},
	{"01-starter-not-list.md", []string{"5: front matter: starter must be a list of functions to write, each file:function: want file:function, like engine/search/ordering.go:mvvLva (a method as file:Type.Method)"}},
	{"01-starter-malformed.md", []string{
		`6: front matter: starter entry "engine/board/perft.go": want file:function, like engine/search/ordering.go:mvvLva (a method as file:Type.Method)`,
		`7: front matter: starter entry "engine/board/perft_test.go:TestPerft": engine/board/perft_test.go is not a Go file of the engine (a .go file, not a test)`,
		`8: front matter: starter entry "../mod/engine/board/perft.go:Perft": "../mod/engine/board/perft.go" is not a file of the module: want a slash path from the module root, like engine/board/perft.go`,
		`9: front matter: starter entry "engine/board/perft.go:Board.Perft.Leaf": want file:function, like engine/search/ordering.go:mvvLva (a method as file:Type.Method)`,
		`11: front matter: starter entry "engine/board/perft.go:Perft" is listed twice`,
	}},
	{"01-unknown-attr.md", []string{"9: unknown attribute regoin on a reference block (it may have file, decl, region, stage)"}},
	{"01-duplicate-attr.md", []string{"9: duplicate attribute region"}},
	{"01-transcript-attr.md", []string{"9: unknown attribute tial on a transcript block (it may have run, input, mask, head, tail, stage)"}},
	{"01-backtick-info.md", []string{
		"9: a ``` line whose info string holds a backtick opens no code block (Markdown reads it as text): drop the backtick, or open the block with ~~~",
		"11: unclosed code fence: it runs to the end of the chapter; close the block with a ``` line",
	}},
	{"01-file-outside.md", []string{`9: "/etc/passwd" is not a file of the module: want a slash path from the module root, like engine/board/perft.go`}},
	{"01-raw-html.md", []string{
		`10: raw HTML <span class="x"> is dropped from the page: a chapter may hold only <sup> and <sub>, for formulas, with no attributes (write other markup in Markdown, or code in backticks)`,
		`10: raw HTML </span> is dropped from the page: a chapter may hold only <sup> and <sub>, for formulas, with no attributes (write other markup in Markdown, or code in backticks)`,
		`12: an HTML block is dropped from the page: write it in Markdown (a chapter may hold only <sup> and <sub>, inline, for formulas)`,
	}},
	{"01-file-dotdot.md", []string{`9: "../mod/engine/board/perft.go" is not a file of the module: want a slash path from the module root, like engine/board/perft.go`}},
}

// brokenFiles returns the broken chapters' paths in the fixture.
func brokenFiles() []string {
	var files []string
	for _, tt := range brokenChapters {
		files = append(files, "broken/"+tt.file)
	}
	return files
}

func TestCheckBrokenChapters(t *testing.T) {
	all, err := filepath.Glob(filepath.Join(fixture, "broken", "*.md"))
	require.NoError(t, err)
	require.Len(t, brokenChapters, len(all), "every file of broken/ is in the table")
	byFile := map[string][]string{}
	for _, p := range problems(t, Options{Files: brokenFiles()}) {
		f, rest, _ := strings.Cut(p, ":")
		byFile[f] = append(byFile[f], rest)
	}
	for _, tt := range brokenChapters {
		t.Run(tt.file, func(t *testing.T) {
			assert.Equal(t, tt.want, byFile["broken/"+tt.file])
		})
	}
}

// proseLines returns the chapter's lines outside its code blocks' bodies.
func proseLines(t *testing.T, path string, src []byte) []string {
	t.Helper()
	ch, _ := book.ParseChapter(path, src)
	var out []string
	start := 0
	for _, line := range strings.SplitAfter(string(src), "\n") {
		inCode := false
		for _, b := range ch.Blocks {
			inCode = inCode || (start >= b.BodyStart && start < b.BodyEnd)
		}
		if !inCode && (line != "" || start == 0) {
			out = append(out, strings.TrimRight(strings.TrimSuffix(line, "\n"), "\r"))
		}
		start += len(line)
	}
	return out
}

// assertKeepsProse checks that every line of prose of before is in after, in
// order.
func assertKeepsProse(t *testing.T, path string, before, after []byte) {
	t.Helper()
	lines := strings.Split(string(after), "\n")
	j := 0
	for _, l := range proseLines(t, path, before) {
		for j < len(lines) && strings.TrimRight(lines[j], "\r") != l {
			j++
		}
		if !assert.Less(t, j, len(lines), "%s: fix lost the line %q", path, l) {
			return
		}
		j++
	}
}

func TestFixTwiceOnBrokenChapters(t *testing.T) {
	root := copyDir(t, fixture)
	files := brokenFiles()
	read := func() map[string][]byte {
		m := map[string][]byte{}
		for _, f := range files {
			data, err := os.ReadFile(filepath.Join(root, f))
			require.NoError(t, err)
			m[f] = data
		}
		return m
	}
	fix := func() {
		res, err := Run(Options{Root: root, Files: files, NoViews: true})
		require.NoError(t, err)
		require.NoError(t, Fix(root, res.Edits, &bytes.Buffer{}))
	}
	before := read()
	fix()
	once := read()
	fix()
	twice := read()
	for _, f := range files {
		assert.Equal(t, string(once[f]), string(twice[f]), "%s: a second fix changes nothing", f)
		assertKeepsProse(t, f, before[f], once[f])
	}
	assert.Contains(t, string(once["broken/01-quote-stale.md"]), "> ```go {file=\"engine/board/perft.go\" region=\"leaf\"}\n> nodes += Perft(depth - 1)\n> ```\n", "fix keeps the quote")
	assert.Contains(t, string(once["broken/01-list-stale.md"]), "\n  nodes += Perft(depth - 1)\n  ```\n", "fix keeps the list's indentation")
	assert.Equal(t, string(before["broken/01-quote-ragged.md"]), string(once["broken/01-quote-ragged.md"]), "fix leaves a block it cannot delimit")
	assert.Equal(t, string(before["broken/01-unclosed-fence.md"]), string(once["broken/01-unclosed-fence.md"]), "fix leaves an unclosed block")
}

// realChapters returns the repository's chapters and answers.
func realChapters(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, dir := range []string{"chapters", book.AnswersDir} {
		m, err := filepath.Glob(filepath.Join("../..", dir, "*.md"))
		require.NoError(t, err)
		files = append(files, m...)
	}
	require.NotEmpty(t, files)
	return files
}

func TestRealChaptersParse(t *testing.T) {
	for _, f := range realChapters(t) {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		rel, _ := filepath.Rel("../..", f)
		ch, probs := book.ParseChapter(rel, src)
		assert.Empty(t, probs, "%s", rel)
		for _, b := range ch.Blocks {
			if b.Kind == book.ReferenceBlock || b.Kind == book.TranscriptBlock {
				assert.Empty(t, b.Unfixable, "%s:%d: fix can rewrite every block", rel, b.Line)
			}
		}
	}
}

func TestFixTwiceOnRealChapters(t *testing.T) {
	root := t.TempDir()
	for _, f := range realChapters(t) {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		rel, _ := filepath.Rel("../..", f)
		rel = filepath.ToSlash(rel)
		dst := filepath.Join(root, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(dst), 0o755))
		require.NoError(t, os.WriteFile(dst, src, 0o644))
		// Every block the check may rewrite is made stale: fix writes a
		// line more, then the same text again.
		edits := func() ([]book.Edit, []string) {
			data, err := os.ReadFile(dst)
			require.NoError(t, err)
			ch, _ := book.ParseChapter(rel, data)
			var es []book.Edit
			var want []string
			for _, b := range ch.Blocks {
				if b.Kind != book.ReferenceBlock && b.Kind != book.TranscriptBlock || b.Plotted {
					continue // a plotted transcript is a table: fix writes it only as the engine prints it
				}
				text := strings.TrimSuffix(b.Body, "\n// changed by the test\n") + "\n// changed by the test\n"
				e, err := ch.BlockEdit(b, "block", text)
				require.NoError(t, err, "%s:%d", rel, b.Line)
				es, want = append(es, e), append(want, text)
			}
			return es, want
		}
		es, want := edits()
		require.NoError(t, Fix(root, es, &bytes.Buffer{}))
		once, err := os.ReadFile(dst)
		require.NoError(t, err)
		ch, probs := book.ParseChapter(rel, once)
		assert.Empty(t, probs, "%s after fix", rel)
		var got []string
		for _, b := range ch.Blocks {
			if (b.Kind == book.ReferenceBlock || b.Kind == book.TranscriptBlock) && !b.Plotted {
				got = append(got, b.Body)
			}
		}
		assert.Equal(t, want, got, "%s: fix wrote each block's text", rel)
		assertKeepsProse(t, rel, src, once)
		es, _ = edits()
		require.NoError(t, Fix(root, es, &bytes.Buffer{}))
		twice, err := os.ReadFile(dst)
		require.NoError(t, err)
		assert.Equal(t, string(once), string(twice), "%s: a second fix changes nothing", rel)
	}
}

func TestFixRefusesATextThatClosesItsBlock(t *testing.T) {
	src := "---\ntitle: T\nstage: 1\nmilestone: M1\n---\n\n```text {run=\"cb2026 help\"}\nold\n```\n\nProse.\n"
	ch, probs := book.ParseChapter("chapters/01-t.md", []byte(src))
	require.Empty(t, probs)
	require.Len(t, ch.Blocks, 1)
	_, err := ch.BlockEdit(ch.Blocks[0], "transcript", "a\n```\nb\n")
	assert.EqualError(t, err, "fix cannot rewrite this transcript: its text has a line \"```\" that would close the block; open the block with a longer fence")

	root := t.TempDir()
	path := filepath.Join(root, "chapters", "01-t.md")
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	b := ch.Blocks[0]
	e := book.Edit{File: "chapters/01-t.md", Line: b.Line, Start: b.BodyStart, End: b.BodyEnd, Old: "old\n", New: "a\n```\nb\n", What: "transcript"}
	var out bytes.Buffer
	err = Fix(root, []book.Edit{e}, &out)
	assert.EqualError(t, err, "chapters/01-t.md: rewritten, the chapter would read otherwise (chapters/01-t.md:11: unclosed code fence: it runs to the end of the chapter; close the block with a ``` line); nothing written")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, src, string(after), "a refused fix writes nothing")
	assert.Empty(t, out.String(), "nor reports a rewrite")
}
