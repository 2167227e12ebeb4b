package book

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// buildFixtureSite builds the fixture book's site with the real theme.
func buildFixtureSite(t *testing.T) string {
	t.Helper()
	out := t.TempDir()
	st, err := BuildSite(SiteOptions{Root: fixture, Out: out, Theme: "../site"})
	require.NoError(t, err)
	assert.Equal(t, 1, st.Chapters)
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
	assert.Contains(t, page, `<span class="figure" title="measured by make check: bench:1">401</span>`, "figures render as plain numbers")
	assert.NotContains(t, page, "//book:", "markers never show")
	assert.Contains(t, page, `<a href="src/engine/board/perft.go.html#L4-L16">engine/board/perft.go</a> · func Perft · stage 1`)
	assert.Contains(t, page, `<a href="src/engine/board/perft.go.html#L12-L12">engine/board/perft.go</a> · region leaf · stage 1`)
	assert.Contains(t, page, `variant <b>ten</b>`)
	assert.Contains(t, page, `<span class="prompt">$</span> cb2026 perft 2`)
	assert.Contains(t, page, `aria-current="page"`, "the sidebar marks the current page")
	assert.Contains(t, page, `<h2 id="the-end"><a class="anchor" href="#the-end"`, "headings have anchors")

	src := read(t, out, "src/engine/board/perft.go.html")
	assert.Contains(t, src, `id="L12"`)
	assert.NotContains(t, src, "book:region", "markers are blanked on source pages")

	stage := read(t, out, "stage-1.html")
	assert.Contains(t, stage, "go test -tags stage1 ./...")
	assert.Contains(t, stage, "make bench STAGE=1")
	assert.Contains(t, stage, `<strong class="figure">401</strong>`)
	assert.Contains(t, read(t, out, "stage-main.html"), "go test ./...")

	index := read(t, out, "assets/search-index.js")
	assert.True(t, strings.HasPrefix(index, "window.BOOK_INDEX = ["))
	assert.Contains(t, index, `"u":"01-board.html#board"`)
}

// externalRef finds references that would leave the site.
var externalRef = regexp.MustCompile(`(?i)(src|href)="(https?:)?//|url\((https?:)?//|@import`)

func TestBuildSiteMakesNoExternalRequests(t *testing.T) {
	out := buildFixtureSite(t)
	require.NoError(t, filepath.Walk(out, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		assert.NotRegexp(t, externalRef, string(data), p)
		return nil
	}))
}
