package site

import (
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPrintHTML(t *testing.T) {
	tests := []struct{ in, want string }{
		{`<h2 id="the-idea"><a class="anchor" href="#the-idea">#</a>`, `<h2 id="07-mvv-lva--the-idea"><a class="anchor" href="#07-mvv-lva--the-idea">#</a>`},
		{`see <a href="03-moves-and-perft.html">chapter 3</a>`, `see <a href="#chapter-03-moves-and-perft">chapter 3</a>`},
		{`<a href="11-history.html#pitfalls">`, `<a href="#11-history--pitfalls">`},
		{`<a href="src/engine/search/see.go.html#L4-L9">`, `<a href="src/engine/search/see.go.html#L4-L9">`},
		{`<a href="stage-7.html">`, `<a href="stage-7.html">`},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, printHTML(tt.in, "07-mvv-lva"), "printHTML(%q)", tt.in)
	}
}

// pagedJS lists, once Paged.js has laid the print page out, each entry of
// its contents: the page number Paged.js gave it (its target-counter,
// which Paged.js writes as a counter-reset rule for the entry's
// ::after), and the page the entry's chapter starts on.
const pagedJS = `(() => {
  const shown = new Map();
  for (const sheet of document.styleSheets) {
    let rules;
    try { rules = sheet.cssRules; } catch (e) { continue; }
    for (const r of rules) {
      const m = /^\[(data-target-counter-[\w-]+)="([\w-]+)"\]::after \{ counter-reset: target-counter-[\w-]+ (\d+); \}$/.exec(r.cssText);
      if (m) shown.set(m[1] + "=" + m[2], Number(m[3]));
    }
  }
  return {
    pages: document.querySelectorAll(".pagedjs_page").length,
    entries: Array.from(document.querySelectorAll("nav.print-toc a")).map(a => {
      const attr = Array.from(a.attributes).find(x => x.name.startsWith("data-target-counter-"));
      const target = document.querySelector(a.getAttribute("href"));
      const page = target && target.closest(".pagedjs_page");
      return {href: a.getAttribute("href"), shown: attr ? shown.get(attr.name + "=" + attr.value) || 0 : 0,
        page: page ? Number(page.dataset.pageNumber) : 0};
    }),
  };
})()`

// pagedReport is what pagedJS returns.
type pagedReport struct {
	Pages   int
	Entries []struct {
		Href        string
		Shown, Page int
	}
}

// The print page laid out in pages (print.html?paged) shows each chapter's
// page in its contents, and it is the page the chapter starts on.
func TestPrintPagedLayout(t *testing.T) {
	bin := findBrowser(t)
	out := buildFixtureSite(t)
	browser, stop := startBrowser(t, bin)
	defer stop()
	b := &tab{t: t, base: serveSite(t, out), vp: viewports[0], scheme: schemes[0], events: &pageEvents{urls: map[network.RequestID]string{}}}
	b.first = b.base
	b.open(browser)
	defer b.cancel()
	require.True(t, b.run("print.html?paged", chromedp.Navigate(b.base+"print.html?paged"),
		chromedp.Poll[chromedp.Void](`document.documentElement.dataset.paged === "done"`, chromedp.WithPollingTimeout(actionTimeout))))
	for _, p := range b.events.take() {
		t.Errorf("print.html?paged: %s", p)
	}
	r, ok := eval[pagedReport](b, "print.html?paged", pagedJS)
	require.True(t, ok)
	assert.Positive(t, r.Pages, "laid out in pages")
	require.Len(t, r.Entries, 3, "chapter 1, section 1.1 and appendix A")
	last := 0
	for _, e := range r.Entries {
		assert.Positive(t, e.Shown, "%s: no page number shown", e.Href)
		assert.Equal(t, e.Page, e.Shown, "%s: the contents show page %d, the chapter starts on page %d", e.Href, e.Shown, e.Page)
		assert.Greater(t, e.Page, last, "%s: a chapter starts on a page of its own, after the one before", e.Href)
		last = e.Page
	}

	// Opened from a file, the layout cannot read the style sheets: the page
	// says so instead of starting a layout that never ends.
	file := "file://" + filepath.ToSlash(out) + "/print.html?paged"
	require.True(t, b.run(file, chromedp.Navigate(file)))
	state, _ := eval[string](b, file, `document.documentElement.dataset.paged + " " + document.getElementById("paged-file").hidden`)
	assert.Equal(t, "needs a server false", state, "from a file: no layout, and the note shown")
}
