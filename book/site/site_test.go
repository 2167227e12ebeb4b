package site

import (
	"archive/zip"
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"cb2026/book/view"
	"cb2026/internal/stats"
	"cb2026/stages"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// buildFixtureSite builds the fixture book's site with the real theme.
// fixture is the tiny module the tests build a site from.
const fixture = "../testdata/mod"

func buildFixtureSite(t *testing.T) string {
	t.Helper()
	out := t.TempDir()
	st, err := Build(Options{Root: fixture, Out: out, Theme: "../../site", NoViews: true})
	require.NoError(t, err)
	assert.Equal(t, 3, st.Chapters, "chapter 1, section 1.1 and appendix A")
	assert.Equal(t, 21, st.Stages)
	return out
}

// read returns a built file's text.
func read(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	require.NoError(t, err)
	return string(data)
}

func TestBuildSitePages(t *testing.T) {
	out := buildFixtureSite(t)
	page := read(t, out, "01-board.html")
	assert.Contains(t, page, `<span class="figure" tabindex="0" data-tip="nodes of cb2026 bench at stage 1; make check measures it again">401</span>`, "figures render as plain numbers")
	assert.NotContains(t, page, "//book:", "markers never show")
	assert.Contains(t, page, `<a href="src/engine/board/perft.go.html#L4-L16">engine/board/perft.go</a> · func Perft · stage 1`)
	assert.Contains(t, page, `<a href="src/engine/board/perft.go.html#L12-L12">engine/board/perft.go</a> · region leaf · stage 1`)
	assert.Contains(t, page, `variant <b>ten</b>`)
	assert.Contains(t, page, `<span class="prompt">$</span> cb2026 perft 2`)
	assert.Contains(t, page, `aria-current="page"`, "the sidebar marks the current page")
	assert.Contains(t, page, `<figure class="plot"><svg class="plot" role="img" aria-label="Leaves per depth."`, "plot blocks are drawn")
	assert.Contains(t, page, `<h2 id="the-end"><a class="anchor" href="#the-end"`, "headings have anchors")

	src := read(t, out, "src/engine/board/perft.go.html")
	assert.Contains(t, src, `id="L12"`)
	assert.NotContains(t, src, "book:region", "markers are blanked on source pages")

	assert.Contains(t, page, ">1. The board</a>", "the sidebar gives a written chapter's own title")
	assert.Contains(t, page, ">2. Attacks</a>", "and the stage table's for one still to write")

	stage := read(t, out, "stage-1.html")
	assert.Contains(t, stage, "<h1>Stage 1: The board</h1>")
	assert.Contains(t, stage, "go test -tags stage1 ./...")
	assert.Contains(t, stage, "make bench STAGE=1")
	assert.Contains(t, stage, `<strong class="figure">401</strong>`)
	assert.Contains(t, read(t, out, "stage-main.html"), "go test ./...")

	front := strings.ReplaceAll(read(t, out, "index.html"), "&#43;", "+") // html/template writes + as &#43;
	assert.Contains(t, front, "Go 1.26 or newer", "the Go release from go.mod")
	assert.Contains(t, front, "<td>rival-1.0</td><td>tc=10s+100ms</td><td><code>abc1234</code></td><td class=\"num\">40</td><td>16-9-15</td><td class=\"num\">51.2%</td>"+
		"<td class=\"num\">"+eloText(stats.Pentanomial{2, 5, 6, 4, 3}.Estimate())+"</td>", "the anchor pieces added up, their pairs pooled for the Elo")
	assert.Contains(t, front, `<a href="results/match/anchor-rival-tc10-abc1234-part2.html" title="anchor-rival-tc10-abc1234-part2">2</a>`, "each piece links to its page")
	assert.Contains(t, front, "<td>oldrival-2</td><td>tc=10s+100ms</td><td><code>0dd1234</code></td><td class=\"num\">10</td><td>2-4-4</td>", "a commit's anchor folder, one match per opponent")
	assert.Contains(t, front, `<a href="results/match/anchor-0dd1234/oldrival.html" title="anchor-0dd1234/oldrival">1</a>`)
	assert.Contains(t, front, "Stages 4–9: Evaluation, Negamax,", "milestones list their stages")

	assert.Contains(t, front, `<figure class="plot"><svg class="plot" role="img" aria-label="Each stage&#39;s Elo against the stage before it`, "the ladder is drawn")
	assert.Contains(t, front, "for each stage (commit def5678). Not drawn: stage 4, 10-0-0 (+∞).")
	assert.Contains(t, front, "<tr><td>2</td><td>1</td><td class=\"num\">10</td><td>3-5-2</td>", "stage 2 (of 5 to 8 in the book) from its fixed-depth step")
	assert.Contains(t, front, "ladder-fixeddepth-def5678/stage2</a>)</td><td>fixed depth</td></tr>")
	assert.NotContains(t, front, "6-2-2", "not from the newer step at 10,000 nodes")
	assert.Contains(t, front, "<tr><td>3</td><td>2</td><td class=\"num\">10</td><td>5-4-1</td><td class=\"num\">"+eloText(stats.Pentanomial{0, 0, 2, 2, 1}.Estimate())+
		"</td><td>commit def5678 (<a href=\"results/match/ladder-nodes10000-def5678/stage3.html\">", "stage 3 from the newer ladder, linked to its page")
	assert.NotContains(t, front, "2-2-6", "the older step of stage 3 is not shown")
	assert.Contains(t, front, "<tr><td>main</td><td>20</td><td class=\"num\">10</td><td>4-4-2</td>", "main's step, named as main")
	assert.Contains(t, front, "the ladder is to be played again on the current engine", "the fixture's ladder is not the current commit's")

	assert.Contains(t, page, `<a href="stage-2.html" title="chapter 2 is not written yet: its stage's page" class="xref missing">Chapter 2</a>`, "a chapter still to write is a link to its stage")
	assert.Contains(t, page, `<a href="01-board.html" class="xref">chapter 1</a>`, "a written chapter is a link to its page")
	whole := read(t, out, "print.html")
	assert.Contains(t, whole, `<section class="print-chapter" id="chapter-01-board">`, "the print page holds every written chapter")
	assert.Contains(t, whole, `<li><a href="#chapter-01-board">1. The board</a></li>`, "after its contents, which list them as the sidebar does")
	assert.Contains(t, whole, `<li><a href="#chapter-01_1-more-leaves">1.1. More leaves</a></li>`)
	assert.Contains(t, whole, `<h2 id="01-board--the-end">`, "its ids carry the chapter's name")
	assert.Contains(t, whole, `<figure class="plot">`, "and the chapter's plots")
	assert.Contains(t, whole, `<a href="#chapter-01-board" class="xref">chapter 1</a>`, "links between chapters stay on the page")
	assert.Contains(t, page, `href="print.html">Whole book (print)</a>`, "the frame links to it")

	section := read(t, out, "01.1-more-leaves.html")
	assert.Contains(t, page, `<li class="section"><a href="01.1-more-leaves.html">1.1. More leaves</a></li>`, "the sidebar lists a section of M5 under the chapter it extends")
	assert.Contains(t, section, `<li class="section current"><a href="01.1-more-leaves.html" aria-current="page">1.1. More leaves</a></li>`)
	assert.Contains(t, section, `<a href="01.1-more-leaves.html" class="xref">section 1.1</a>`, "a section is a cross-reference")
	assert.Contains(t, page, `href="01.1-more-leaves.html">`, "chapter 1's next page is its section")
	assert.Contains(t, stage, `<a href="01.1-more-leaves.html">section 1.1 More leaves</a>`, "the stage page of the chapter names its sections")
	assert.Contains(t, read(t, out, "stage-main.html"), `<li><a href="01.1-more-leaves.html">1.1 More leaves</a></li>`, "main's stage page lists every section")
	assert.Less(t, strings.Index(whole, `id="chapter-01-board"`), strings.Index(whole, `id="chapter-01_1-more-leaves"`), "print: the section after its chapter")
	assert.Less(t, strings.Index(whole, `id="chapter-01_1-more-leaves"`), strings.Index(whole, `id="chapter-A-measuring"`), "and before the appendices")

	appendix := read(t, out, "A-measuring.html")
	assert.Contains(t, page, `<h2 title="How the book works">Appendices · How the book works</h2>`, "the sidebar lists the appendices last")
	assert.Contains(t, appendix, `aria-current="page">A. How the book measures</a>`)
	assert.Contains(t, appendix, `<a href="A-measuring.html" class="xref">Appendix A</a>`, "an appendix is a cross-reference")
	assert.Contains(t, appendix, `<a href="01-board.html" class="xref">chapter 1</a>`)
	assert.NotContains(t, appendix, "bench, files and commands", "an appendix has no stage page to link")
	assert.Contains(t, page, "bench, files and commands", "where a chapter has")
	assert.Contains(t, page, `href="A-measuring.html">`, "chapter 1's next page is the appendix")
	assert.Contains(t, whole, `<section class="print-chapter" id="chapter-A-measuring">`, "the print page ends with the appendices")

	piece := read(t, out, "results/match/anchor-rival-tc10-abc1234-part1.html")
	assert.Contains(t, piece, "were not kept", "a match without games says so")
	assert.Contains(t, appendix, `<a href="results/match/anchor-rival-tc10-abc1234-part1.html"><code>tools/match/results/anchor-rival-tc10-abc1234-part*</code></a>`, "a pattern of parts links to the first part")
	for _, part := range []string{"part1", "part2"} {
		assert.Contains(t, read(t, out, "results/match/anchor-rival-tc10-abc1234-"+part+".html"), `Cited by <a href="../../A-measuring.html">How the book measures</a>.`, "each part links back to the chapter that names it")
	}
	assert.NotContains(t, read(t, out, "results/match/anchor-0dd1234/oldrival.html"), "Cited by", "a result no chapter names")
	assert.Contains(t, read(t, out, "results/match/index.html"), `href="anchor-rival-tc10-abc1234-part2.html"`)
	assert.Contains(t, read(t, out, "results/index.html"), `href="match/index.html"`)

	index := read(t, out, "assets/search-index.js")
	assert.True(t, strings.HasPrefix(index, "window.BOOK_INDEX = ["))
	assert.Contains(t, index, `"u":"01-board.html#board"`)
	assert.Contains(t, index, `{"k":"chapter","t":"Board","p":"The board"`, "each entry says what kind of page it is")
	assert.Contains(t, index, `{"k":"result","t":"anchor-rival-tc10-abc1234-part1","p":"Match results","u":"results/match/anchor-rival-tc10-abc1234-part1.html","x":"`, "a result's page is searched")
	assert.Contains(t, index, `{"k":"source","t":"engine/board/perft.go"`, "so is a source page")
	assert.Contains(t, index, `{"k":"stage","t":"Stage 1`, "and a stage's")
	assert.NotContains(t, index, "answers to the exercises", "the answers are not on the site")
}

// externalRef finds references that would make the browser fetch from
// outside the site: a script, image or style sheet, not a link a reader
// follows (Further reading links to its sources).
var externalRef = regexp.MustCompile(`(?i)src="(https?:)?//|<link[^>]*href="(https?:)?//|url\((https?:)?//|@import`)

func TestBuildSiteMakesNoExternalRequests(t *testing.T) {
	out := buildFixtureSite(t)
	require.NoError(t, filepath.Walk(out, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		if strings.HasSuffix(p, "paged.polyfill.min.js") {
			return nil // Paged.js's CSS parser knows @import; the print page's style sheets use none
		}
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		assert.NotRegexp(t, externalRef, string(data), p)
		return nil
	}))
	assert.Contains(t, read(t, out, "01-board.html"), `<a href="https://www.chessprogramming.org/Perft">`, "links out are kept")
}

func TestFigureTip(t *testing.T) {
	tests := map[string]string{
		"bench:7":                          "nodes of cb2026 bench at stage 7; make check measures it again",
		"bench:10:9:-history,+lmr":         "nodes of cb2026 bench 9, history off, lmr on at stage 10; make check measures it again",
		"bench:main::capthist=v2":          "nodes of cb2026 bench, capthist v2 at main; make check measures it again",
		"perft:3:4:kiwipete":               "leaves of cb2026 perft 4 from kiwipete at stage 3; make check measures it again",
		"perft:ep-unchecked:3":             "leaves of cb2026 perft 3 at the variant ep-unchecked; make check measures it again",
		"cmd:15:set see off; stats:(\\d+)": "read from the output of: set see off; stats at stage 15; make check measures it again",
		"nonsense:1":                       "measured by make check",
	}
	for dest, want := range tests {
		assert.Equal(t, want, figureTip(dest), "figureTip(%q)", dest)
	}
}

func TestSiteHandler(t *testing.T) {
	out := buildFixtureSite(t)
	tests := []struct {
		path   string
		status int
		holds  string
	}{
		{"/", http.StatusOK, "<title>cb2026 · cb2026</title>"},
		{"/01-board.html", http.StatusOK, "Board"},
		{"/no-such-page.html", http.StatusNotFound, "<h1>No such page</h1>"},
		{"/../../etc/passwd", http.StatusNotFound, "<h1>No such page</h1>"},
	}
	h := siteHandler(out)
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost"+tt.path, nil))
		assert.Equal(t, tt.status, rec.Code, "GET %s", tt.path)
		assert.Contains(t, rec.Body.String(), tt.holds, "GET %s", tt.path)
	}
}

func TestScopeCSS(t *testing.T) {
	in := "/* Background */ .bg { color: #fff; }\n/* Keyword */ .chroma .k { color: #f00 }\n"
	want := "/* Background */ :root[data-theme=\"dark\"] .bg { color: #fff; }\n/* Keyword */ :root[data-theme=\"dark\"] .chroma .k { color: #f00 }\n"
	assert.Equal(t, want, scopeCSS(in, `:root[data-theme="dark"]`))
}

// The book's own site offers stage 7's view: its download holds the module
// with its README, its diff page shows what chapter 7 adds to stage 6 (every
// file, the stage files too, and counts that match them), and chapter 7's
// blocks link to the view's source pages.
func TestSiteOffersViews(t *testing.T) {
	if testing.Short() || os.Getenv("CB2026_BOOK_CHECK") != "" {
		t.Skip("writes two views of the real engine; skipped in -short and inside book check")
	}
	st7, ok := stages.Get(7)
	require.True(t, ok)
	out := t.TempDir()
	_, err := Build(Options{Root: "../..", Out: out, ViewStages: []stages.Stage{st7}})
	require.NoError(t, err)

	zr, err := zip.OpenReader(filepath.Join(out, "downloads", "cb2026-stage-7.zip"))
	require.NoError(t, err)
	defer zr.Close()
	names := map[string]bool{}
	for _, f := range zr.File {
		names[f.Name] = true
	}
	for _, want := range []string{"README.md", "go.mod", "engine/search/picker.go", "engine/cmd/cb2026/main.go"} {
		assert.True(t, names["cb2026-stage-7/"+want], "the download holds %s", want)
	}
	assert.False(t, names["cb2026-stage-7/engine/search/see.go"], "SEE is chapter 15's")
	assert.False(t, names["cb2026-stage-7/"+view.Manifest], "the view's manifest is not part of it")

	diff := read(t, out, "stage-7-diff.html")
	assert.Contains(t, diff, "engine/search/picker.go")
	assert.Contains(t, diff, "mvvLva", "MVV-LVA is what chapter 7 adds")
	listed, counts := diffPageFacts(t, diff)
	assert.Equal(t, "added, stage file", listed["stages/stage7.go"], "the diff page lists stage 7's stage file")
	assert.Equal(t, "removed, stage file", listed["stages/stage6.go"], "the diff page lists stage 6's stage file")
	assert.Equal(t, "changed", listed["README.md"])
	assert.Equal(t, "changed", listed["engine/search/picker.go"])
	assertCountsMatch(t, listed, counts)

	ch7 := read(t, out, "07-mvv-lva.html")
	assert.Contains(t, ch7, `href="downloads/cb2026-stage-7.zip"`)
	assert.Contains(t, ch7, `href="stage-7-diff.html"`)
	assert.Contains(t, ch7, `href="src/stage-7/engine/search/picker.go.html#L`)
	src := read(t, out, "src/stage-7/engine/search/picker.go.html")
	assert.NotContains(t, src, "hashMove", "the view's picker has no hash move")
	assert.Contains(t, read(t, out, "stage-7.html"), `href="downloads/cb2026-stage-7.zip"`)
	assert.NotContains(t, read(t, out, "stage-8.html"), "downloads/", "only the stages asked for")
}

var (
	diffListed = regexp.MustCompile(`<li><a href="#[^"]+"><code>([^<]+)</code></a> (changed|added|removed)(, the stage file)?</li>`)
	diffCounts = regexp.MustCompile(`(\d+) files? changed, (\d+) added, (\d+) removed`)
)

// diffPageFacts reads a diff page: the files it lists with what the step
// does to each ("added"; "added, stage file" for a stage file), and the
// counts its lead states (changed, added, removed).
func diffPageFacts(t *testing.T, page string) (listed map[string]string, counts [3]int) {
	t.Helper()
	listed = map[string]string{}
	for _, m := range diffListed.FindAllStringSubmatch(page, -1) {
		listed[m[1]] = m[2]
		if m[3] != "" {
			listed[m[1]] += ", stage file"
		}
	}
	m := diffCounts.FindStringSubmatch(page)
	require.NotNil(t, m, "the page states how many files are changed, added and removed")
	for i := range counts {
		counts[i], _ = strconv.Atoi(m[i+1])
	}
	return listed, counts
}

// assertCountsMatch checks that a diff page's counts are those of the
// files it lists.
func assertCountsMatch(t *testing.T, listed map[string]string, counts [3]int) {
	t.Helper()
	var kinds [3]int
	for _, k := range listed {
		switch {
		case k == "changed":
			kinds[0]++
		case k == "added" || k == "added, stage file":
			kinds[1]++
		default:
			kinds[2]++
		}
	}
	assert.Equal(t, kinds, counts, "the counts the page states (changed, added, removed) are those of the files it lists")
}

// TestPlainClassesPaintNothing proves that dropping a plainClasses span
// changes nothing a reader sees. In chroma's CSS of both styles, the rule
// of a name or punctuation class is absent or sets only the colour the
// code has without it: the style's own, or where the style sets none the
// page's text colour (style.css's --fg). Whitespace's class holds only
// whitespace, whose colour paints nothing.
func TestPlainClassesPaintNothing(t *testing.T) {
	page, err := os.ReadFile("../../site/style.css")
	require.NoError(t, err)
	fg := regexp.MustCompile(`--fg: (#[0-9a-f]{6})`).FindSubmatch(page) // the first is the light theme's
	require.NotNil(t, fg, "style.css sets --fg")
	rule := regexp.MustCompile(`(?m)^/\*[^*]*\*/ \.chroma(?: \.([a-z0-9]+))? \{ ([^}]*?) ?\}`)
	colour := regexp.MustCompile(`(?:^|; )color: (#[0-9a-f]+)`)
	f := chromahtml.New(chromahtml.WithClasses(true))
	for _, style := range []string{"github", "github-dark"} {
		var css bytes.Buffer
		require.NoError(t, f.WriteCSS(&css, styles.Get(style)))
		rules := map[string]string{}
		for _, m := range rule.FindAllStringSubmatch(css.String(), -1) {
			rules[m[1]] = m[2]
		}
		code := string(fg[1])
		if c := colour.FindStringSubmatch(rules[""]); c != nil {
			code = c[1]
		}
		for _, class := range plainClasses {
			if class == chroma.StandardTypes[chroma.TextWhitespace] {
				continue
			}
			if decl, ok := rules[class]; ok {
				assert.Equal(t, "color: "+code, decl, "%s: .%s paints otherwise than the code around it (%s)", style, class, code)
			}
		}
	}
}

func TestUnwrapPlain(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"a line break", "<span class=\"k\">if</span><span class=\"w\">\n</span>", "<span class=\"k\">if</span>\n"},
		{"spaces and a tab", "a<span class=\"w\"> \t </span>b", "a \t b"},
		{"empty", "<span class=\"w\"></span>", ""},
		{"a name", "<span class=\"nx\">board</span>", "board"},
		{"punctuation, escaped", "<span class=\"p\">&lt;</span><span class=\"p\">{</span>", "&lt;{"},
		{"another class stays", "<span class=\"nf\">Perft</span>", "<span class=\"nf\">Perft</span>"},
		{"a class that only starts alike stays", "<span class=\"nxx\">a</span><span class=\"pp\">b</span>", "<span class=\"nxx\">a</span><span class=\"pp\">b</span>"},
		{"a span holding markup stays", "<span class=\"nx\"><mark>a</mark></span>", "<span class=\"nx\"><mark>a</mark></span>"},
		{"escaped markup in code is text", "&lt;span class=&#34;w&#34;&gt; &lt;/span&gt;", "&lt;span class=&#34;w&#34;&gt; &lt;/span&gt;"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, string(unwrapPlain([]byte(tt.in))))
		})
	}
}
