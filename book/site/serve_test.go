package site

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixtureServer returns a server of the fixture book's site, built once.
func fixtureServer(t *testing.T) *server {
	t.Helper()
	sv := &server{opt: Options{Root: fixture, Out: filepath.Join(t.TempDir(), "site"), Theme: "../../site", NoViews: true}, log: io.Discard}
	sv.rebuild()
	require.NoError(t, sv.failed)
	return sv
}

// get returns the server's answer to GET path.
func get(sv http.Handler, path string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	sv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost"+path, nil))
	return rec
}

// While the site is rebuilt, every page is still served.
func TestServeDuringRebuild(t *testing.T) {
	sv := fixtureServer(t)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 3 {
			sv.rebuild()
		}
		close(done)
	}()
	requests := 0
	for running := true; running; requests++ {
		select {
		case <-done:
			running = false
		default:
		}
		for _, p := range []string{"/", "/01-board.html", "/src/engine/board/perft.go.html"} {
			rec := get(sv, p)
			require.Equal(t, http.StatusOK, rec.Code, "GET %s during a rebuild", p)
		}
	}
	wg.Wait()
	require.NoError(t, sv.failed)
	t.Logf("%d rounds of requests during 3 rebuilds", requests)
	assert.Greater(t, requests, 10, "requests answered during the rebuilds")
}

// After a failed rebuild the last good site is served, every page saying
// why the rebuild failed, until a rebuild succeeds.
func TestServeAfterFailedRebuild(t *testing.T) {
	sv := fixtureServer(t)
	good := get(sv, "/01-board.html").Body.String()
	broken := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(broken, "layout.html"), []byte("<html><body>{{.NoSuchField}}</body></html>"), 0o644))
	sv.opt.Theme = broken
	sv.rebuild()
	require.Error(t, sv.failed)

	rec := get(sv, "/01-board.html")
	assert.Equal(t, http.StatusOK, rec.Code)
	page := rec.Body.String()
	assert.True(t, strings.Contains(page, "The last rebuild failed"), "a banner")
	assert.True(t, strings.Contains(page, "can&#39;t evaluate field NoSuchField"), "the banner says why")
	assert.True(t, strings.Contains(page, `<h1 id="board">Board</h1>`), "the last good page")
	assert.True(t, strings.Contains(get(sv, "/").Body.String(), "The last rebuild failed"), "on every page")
	assert.Equal(t, http.StatusOK, get(sv, "/assets/style.css").Code, "the assets too")
	assert.Equal(t, http.StatusNotFound, get(sv, "/no-such-page.html").Code)

	sv.opt.Theme = "../../site"
	sv.rebuild()
	require.NoError(t, sv.failed)
	assert.True(t, good == get(sv, "/01-board.html").Body.String(), "a good rebuild drops the banner")
}

// A site is never built over the repository, a directory holding it, or
// anything that is not a previous site.
func TestBuildSiteRefusesOutput(t *testing.T) {
	top, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	repo := filepath.Join(top, "repo")
	require.NoError(t, os.MkdirAll(filepath.Join(repo, "chapters"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(top, "notes.txt"), []byte("mine"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(repo, "chapters", "01-board.md"), []byte("mine"), 0o644))
	require.NoError(t, os.Symlink(repo, filepath.Join(top, "link")))
	for _, tt := range []struct{ out, err string }{
		{".", "is the repository"},
		{"../..", "contains the repository"},
		{filepath.Join(top, "link"), "is the repository"},
		{"chapters", "not empty and not a site this tool built"},
	} {
		_, err := Build(Options{Root: repo, Out: tt.out, Theme: "../../site", NoViews: true})
		assert.ErrorContains(t, err, tt.err, "Build(Out: %q)", tt.out)
	}
	data, err := os.ReadFile(filepath.Join(top, "notes.txt"))
	require.NoError(t, err)
	assert.Equal(t, "mine", string(data))
}

// TestBuildCacheKeepsViewsWhileTheirInputsStay: serve's rebuilds reuse the
// stage views, and the downloads and diffs made from them, while nothing a
// view is cut from has changed (a chapter is not), and make them again, in
// a new folder, when something has.
func TestBuildCacheKeepsViewsWhileTheirInputsStay(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	for _, f := range []string{"engine/board/board.go", "stages/main.go", "testdata/wac.epd", "go.mod", "go.sum", "chapters/01-board.md"} {
		write(f, f+"\n")
	}
	c := &buildCache{}
	first, err := c.viewsOf(root)
	require.NoError(t, err)
	dir := c.dir
	c.zips["7"] = []byte("a download")
	again, err := c.viewsOf(root)
	require.NoError(t, err)
	assert.Same(t, first, again, "nothing changed: the same views")

	write("chapters/01-board.md", "an edited chapter\n")
	again, err = c.viewsOf(root)
	require.NoError(t, err)
	assert.Same(t, first, again, "a chapter is not a view's input")
	assert.Contains(t, c.zips, "7", "the views kept, their downloads too")

	for _, f := range []string{"testdata/wac.epd", "engine/board/board.go", "go.mod"} {
		write(f, "changed\n")
		next, err := c.viewsOf(root)
		require.NoError(t, err)
		assert.NotSame(t, first, next, "%s changed: new views", f)
		assert.Empty(t, c.zips, "%s changed: the old downloads are forgotten", f)
		assert.NoDirExists(t, dir, "%s changed: the old views' folder is removed", f)
		first, dir = next, c.dir
	}
	require.NoError(t, c.close())
	assert.NoDirExists(t, dir, "close removes the folder")
}

// TestBuildCacheCompressesEachVersionOfTheGamesOnce: a games file is
// compressed again only when it changed.
func TestBuildCacheCompressesEachVersionOfTheGamesOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.pgn")
	require.NoError(t, os.WriteFile(path, []byte("[Event \"a\"]\n\n1. e4 1-0\n"), 0o644))
	c := &buildCache{}
	first, err := c.compressedGames(path)
	require.NoError(t, err)
	again, err := c.compressedGames(path)
	require.NoError(t, err)
	assert.Same(t, &first[0], &again[0], "the same version: compressed once")

	changed := []byte("[Event \"b\"]\n\n1. d4 0-1\n")
	require.NoError(t, os.WriteFile(path, changed, 0o644))
	next, err := c.compressedGames(path)
	require.NoError(t, err)
	want, err := gzipped(changed)
	require.NoError(t, err)
	assert.Equal(t, want, next, "a changed file is compressed again")
	_, err = c.compressedGames(filepath.Join(t.TempDir(), "none.pgn"))
	assert.Error(t, err, "a missing file")
}
