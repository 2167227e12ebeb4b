package site

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWebAddress(t *testing.T) {
	tests := []struct{ remote, want string }{
		{"https://github.com/owner/cb2026.git", "https://github.com/owner/cb2026"},
		{"https://github.com/owner/cb2026", "https://github.com/owner/cb2026"},
		{"http://git.example.org/owner/cb2026.git\n", "https://git.example.org/owner/cb2026"},
		{"git@github.com:owner/cb2026.git", "https://github.com/owner/cb2026"},
		{"ssh://git@codeberg.org:22/owner/cb2026.git", "https://codeberg.org/owner/cb2026"},
		{"ssh://codeberg.org/owner/cb2026", "https://codeberg.org/owner/cb2026"},
		{"/work/main", ""},
		{"../cb2026", ""},
		{"file:///srv/git/cb2026.git", ""},
		{"", ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, webAddress(tt.remote), "webAddress(%q)", tt.remote)
	}
}

// Every chapter links back to its source: the page that edits it and its
// Markdown as of the commit built, and every page names that commit.
func TestPagesLinkBackToTheSource(t *testing.T) {
	commit := "0123456789abcdef0123456789abcdef01234567"
	out := t.TempDir()
	_, err := Build(Options{Root: fixture, Out: out, Theme: "../../site", NoViews: true, Repo: "https://example.org/owner/cb2026/", Commit: commit})
	assert.NoError(t, err)
	page := read(t, out, "01-board.html")
	assert.Contains(t, page, `<a href="https://example.org/owner/cb2026/edit/main/chapters/01-board.md">Edit this page</a>`)
	assert.Contains(t, page, `<a href="https://example.org/owner/cb2026/blob/`+commit+`/chapters/01-board.md">its Markdown as built</a>`)
	assert.Contains(t, page, `<a href="https://example.org/owner/cb2026">Repository</a>`)
	for _, name := range []string{"01-board.html", "A-measuring.html", "index.html", "stage-1.html", "print.html"} {
		assert.Contains(t, read(t, out, name), `Built from commit <a href="https://example.org/owner/cb2026/commit/`+commit+`"><code>0123456789ab</code></a> by`, name)
	}
	assert.Contains(t, read(t, out, "A-measuring.html"), `/edit/main/chapters/A-measuring.md">Edit this page</a>`, "an appendix too")
	assert.NotContains(t, read(t, out, "stage-1.html"), "Edit this page", "a stage page is not a file to edit")

	out = t.TempDir()
	_, err = Build(Options{Root: fixture, Out: out, Theme: "../../site", NoViews: true, Repo: "", Commit: commit})
	assert.NoError(t, err)
	page = read(t, out, "01-board.html")
	if !strings.Contains(page, "Repository</a>") { // no remote where the tests run
		assert.NotContains(t, page, "Edit this page", "no links without an address")
		assert.Contains(t, page, "Built from commit <code>0123456789ab</code> by")
	}
}
