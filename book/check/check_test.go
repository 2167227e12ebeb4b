package check

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cb2026/book"
	"cb2026/stages"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixture is the tiny module the tests check: a stand-in engine with one
// region and a main that fakes perft and bench.
const fixture = "../testdata/mod"

// problems checks the given chapters of the fixture and returns the problems
// as file:line: message strings.
func problems(t *testing.T, opt Options) []string {
	t.Helper()
	if opt.Root == "" {
		opt.Root, opt.NoViews = fixture, true
	}
	res, err := Run(opt)
	require.NoError(t, err)
	var out []string
	for _, p := range res.Problems {
		out = append(out, p.String())
	}
	return out
}

func TestCheckGoodChapter(t *testing.T) {
	res, err := Run(Options{Root: fixture, NoViews: true})
	require.NoError(t, err)
	assert.Empty(t, res.Problems)
	assert.Equal(t, 4, res.Blocks)
	assert.Equal(t, 11, res.Figures, "chapter 1's eight, section 1.1's one, appendix A's one and an answer's")
	assert.Equal(t, 3, res.Transcripts)
	assert.Equal(t, 1, res.Diagrams)
	assert.Equal(t, 1, res.Plots)
	assert.Len(t, res.Missing, 20, "stages 2 to 20 and main: section 1.1, of stage main, is not main's chapter")
	assert.Contains(t, res.Summary(), "book: ok: 3 chapters, answers to 1,")
	assert.Contains(t, res.Summary(), "chapters still to write: 2, 3,", "an appendix is no stage's chapter")
}

func TestCheckBadChapters(t *testing.T) {
	tests := []struct {
		file string
		want []string
	}{
		{"01-unknown-file.md", []string{"bad/01-unknown-file.md:9: unknown file engine/board/nope.go: no such file"}},
		{"01-unknown-decl.md", []string{"bad/01-unknown-decl.md:9: unknown declaration Perfect in engine/board/perft.go"}},
		{"01-unknown-region.md", []string{"bad/01-unknown-region.md:9: unknown region leaves"}},
		{"01-stale-block.md", []string{`bad/01-stale-block.md:10: stale code block (engine/board/perft.go region leaf) — stated "nodes += Perft(depth - 2)", measured "nodes += Perft(depth - 1)"`}},
		{"01-stale-figure.md", []string{"bad/01-stale-figure.md:9: stale figure perft:1:3 — stated 8,001, measured 8000"}},
		{"01-stale-transcript.md", []string{`bad/01-stale-transcript.md:11: stale transcript "cb2026 perft 2" — stated "b2b3: 21", measured "b2b3: 20"`}},
		{"01-variant-broken.md", []string{"bad/01-variant-broken.md:12: variant broken does not compile — engine/board/perft.go:6:9: cannot use depth (variable of type int) as uint64 value in return statement"}},
		{"01-no-front-matter.md", []string{"bad/01-no-front-matter.md:1: missing front matter (a --- block with title, stage, milestone, code)"}},
		{"01-malformed-front-matter.md", []string{"bad/01-malformed-front-matter.md:2: malformed front matter: did not find expected ',' or ']'"}},
		{"01-stage-out-of-range.md", []string{"bad/01-stage-out-of-range.md:3: front matter: stages: \"42\": not a stage (want 1..20 or main)"}},
		{"01-no-bench.md", []string{"bad/01-no-bench.md:1: the chapter does not state its stage's bench — want a figure like [N](bench:1)"}},
		{"01-go-fragment.md", []string{"bad/01-go-fragment.md:9: Go block is neither a reference (file + decl or region), a variant, nor a whole file (package clause)"}},
		{"01-figure-not-link.md", []string{"bad/01-figure-not-link.md:9: figure syntax that is not a link (write a destination with spaces as <kind:…>)"}},
		{"01-bad-figure.md", []string{`bad/01-bad-figure.md:9: figure "perft:1:x": depth "x" is not a number from 0 to 99`}},
		{"01-unknown-variant.md", []string{"bad/01-unknown-variant.md:9: figure perft:nine:3: unknown variant nine"}},
		{"01-wrong-stage-file.md", []string{
			"bad/01-wrong-stage-file.md:1: the chapter does not state its stage's bench — want a figure like [N](bench:2)",
			"bad/01-wrong-stage-file.md:3: stage 2's chapter is chapters/02-attacks.md, not this file",
		}},
		{"01-program-broken.md", []string{"bad/01-program-broken.md:13: program does not compile — bookprogram/main.go:4:2: undefined: undefinedThing"}},
		{"01-board-illegal.md", []string{
			"bad/01-board-illegal.md:9: board: move a2a4 is not legal in 4k3/8/8/8/8/8/PP6/4K3 w - - 0 1 (2 legal moves)",
			"bad/01-board-illegal.md:9: board: move b2b3 is marked illegal but is legal in 4k3/8/8/8/8/8/PP6/4K3 w - - 0 1",
		}},
		{"01-board-bad-fen.md", []string{`bad/01-board-bad-fen.md:9: board: fen "4k3/8/8/8/8/8/PP6/4K2 w - - 0 1": rank 1 "4K2": describes 7 squares, want 8`}},
		{"01-board-no-king.md", []string{`bad/01-board-no-king.md:9: board: the engine refuses the position: cb2026 perft 1 4k3/8/8/8/8/8/PP6/8 w - - 0 1: exit status 1: cb2026: perft: fen "4k3/8/8/8/8/8/PP6/8 w - - 0 1": white has 0 kings, want 1`}},
		{"01-plot-not-figure.md", []string{`bad/01-plot-not-figure.md:13: plot: row 1 (3), column 2 (leaves): "8,000" is not a figure: a plot draws only measured numbers, written as [N](bench:…), [N](perft:…) or [N](<cmd:…>)`}},
		{"01-good-decl.md", nil},
		{"01-unshown-func.md", []string{"bad/01-unshown-func.md:8: `splitFields()` names splitFields (engine/cmd/cb2026/main.go), which no code block of this chapter or an earlier one shows — show it in a code block of this chapter or an earlier one, or add it to the allow-list in book/check/mentions_allowed.go with a reason"}},
		{"01-missing-result.md", []string{"bad/01-missing-result.md:10: tools/match/results/never-played: no such recorded result (a chapter names only results kept in the repository)"}},
		{"01.1-not-main.md", []string{"bad/01.1-not-main.md:3: front matter: section 1.1 teaches a technique of main: want stage: main, not 1"}},
		{"30.1-no-chapter.md", []string{
			"bad/30.1-no-chapter.md:1: section 30.1: there is no chapter 30 to stand beside (chapters 1 to 21)",
			"bad/30.1-no-chapter.md:3: front matter: section 30.1 teaches a technique of main: want stage: main, not 1",
		}},
		{"A-wrong-letter.md", []string{"bad/A-wrong-letter.md:3: front matter: appendix B must be in a file B-slug.md, not A-wrong-letter.md"}},
		{"B-no-appendix.md", []string{"bad/B-no-appendix.md:1: front matter: B-no-appendix.md is an appendix's file name: want appendix: B"}},
		{"C-milestone.md", []string{"bad/C-milestone.md:5: front matter: an appendix belongs to no milestone"}},
		{"answers/01-board.md", []string{"bad/answers/01-board.md:3: front matter: stage 2, its chapter's is 1"}},
		{"answers/05-nochapter.md", []string{"bad/answers/05-nochapter.md:1: answers to no chapter: want chapters/05-nochapter.md"}},
	}
	// One check of all the bad chapters builds each engine once.
	var files []string
	for _, tt := range tests {
		files = append(files, "bad/"+tt.file)
	}
	byFile := map[string][]string{}
	for _, p := range problems(t, Options{Files: files}) {
		f, _, _ := strings.Cut(p, ":")
		byFile[f] = append(byFile[f], p)
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			assert.Equal(t, tt.want, byFile["bad/"+tt.file])
		})
	}
}

func TestCheckUnreferencedRegion(t *testing.T) {
	res, err := Run(Options{Root: fixture, Chapters: "unref", NoViews: true})
	require.NoError(t, err)
	assert.Empty(t, res.Problems, "while chapters are missing, only the summary lists it")
	assert.Equal(t, []string{"leaf"}, res.Unshown)
	st1, _ := stages.Get(1)
	got := problems(t, Options{Chapters: "unref", Table: []stages.Stage{st1}})
	assert.Equal(t, []string{"engine/board/perft.go:11: unreferenced region leaf (no chapter shows it)"}, got)
}

// copyDir copies a directory tree for tests that write.
func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	require.NoError(t, filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if fi.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	}))
	return dst
}

func TestFixRestoresAndTouchesNothingElse(t *testing.T) {
	root := copyDir(t, fixture)
	files := []string{"bad/01-stale-block.md", "bad/01-stale-figure.md", "bad/01-stale-transcript.md"}
	before := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, f))
		require.NoError(t, err)
		before[f] = data
	}
	opt := Options{Root: root, Files: files, NoViews: true}
	res, err := Run(opt)
	require.NoError(t, err)
	require.Len(t, res.Problems, 3)
	var out bytes.Buffer
	require.NoError(t, Fix(root, res.Edits, &out))
	res, err = Run(opt)
	require.NoError(t, err)
	assert.Empty(t, res.Problems)
	for _, f := range files {
		assert.Contains(t, out.String(), f+":")
		after, err := os.ReadFile(filepath.Join(root, f))
		require.NoError(t, err)
		assert.Equal(t, lineCount(before[f]), lineCount(after), "fix keeps the other lines")
		assert.Equal(t, firstLinesOf(before[f], 8), firstLinesOf(after, 8), "fix keeps the text before the block")
	}
}

// lineCount counts lines.
func lineCount(b []byte) int { return bytes.Count(b, []byte("\n")) }

// firstLinesOf returns the first n lines.
func firstLinesOf(b []byte, n int) string {
	return strings.Join(strings.SplitN(string(b), "\n", n+1)[:n], "\n")
}

func TestFixFigureKeepsStyle(t *testing.T) {
	assert.Equal(t, "1,065,754", book.FormatLike("1,000", "1065754"))
	assert.Equal(t, "1065754", book.FormatLike("1000", "1065754"))
	assert.Equal(t, "754", book.FormatLike("1,000", "754"))
	assert.Equal(t, "0.93", book.FormatLike("1,000", "0.93"))
}

func TestFixRefusesAFileEditedDuringTheCheck(t *testing.T) {
	root := copyDir(t, fixture)
	file := "bad/01-stale-figure.md"
	opt := Options{Root: root, Files: []string{file}, NoViews: true}
	res, err := Run(opt)
	require.NoError(t, err)
	require.NotEmpty(t, res.Edits)
	path := filepath.Join(root, file)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	e := res.Edits[0]
	edited := append(append(append([]byte(nil), data[:e.Start]...), 'X'), data[e.Start+1:]...)
	require.NoError(t, os.WriteFile(path, edited, 0o644))

	err = Fix(root, res.Edits, io.Discard)
	require.Error(t, err)
	assert.Contains(t, err.Error(), file+":")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, edited, after, "a refused fix writes nothing")
}

func TestMaskPattern(t *testing.T) {
	tests := []struct{ mask, in, want string }{
		{"nps", "1298181 nodes 331993 nps\n", "1298181 nodes …\n"},
		{"nps", "info depth 1 nodes 21 nps 832012 time 0 pv e2e4\n", "info depth 1 nodes 21 … time 0 pv e2e4\n"},
		{"nps,time", "info depth 1 nodes 21 nps 832012 time 3 pv e2e4\n", "info depth 1 nodes 21 … … pv e2e4\n"},
		{"hashfull", "info hashfull 12 nodes 4\n", "info … nodes 4\n"},
		{`best \w+`, "best e2e4\n", "…\n"},
	}
	for _, tt := range tests {
		re, err := maskPattern(tt.mask)
		require.NoError(t, err, "maskPattern(%q)", tt.mask)
		assert.Equal(t, tt.want, re.ReplaceAllString(tt.in, "…"), "mask %q on %q", tt.mask, tt.in)
	}
}
