package site

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// pollInterval is how often serve looks for changed files.
const pollInterval = 500 * time.Millisecond

// watched are the directories whose changes rebuild the site.
var watched = []string{"chapters", "engine", "site", "stages"}

// Serve builds the site, serves it on addr and rebuilds it whenever a file
// under chapters/, engine/, site/ or stages/ changes. A rebuild is swapped
// in only when complete, so the pages stay served while it runs; after a
// failed rebuild the last good site is still served, every page with a
// banner that says why the rebuild failed. A rebuild writes the stage views
// again only if what they are cut from changed (buildCache). It returns only
// on error.
func Serve(opt Options, addr string, log io.Writer) error {
	opt.cache = &buildCache{} // kept from build to build, for as long as the server runs
	defer opt.cache.close()
	sv := &server{opt: opt, log: log}
	st, err := buildSite(opt, sv.swap)
	if err != nil {
		return err
	}
	fmt.Fprintln(log, st)
	go sv.watch()
	fmt.Fprintf(log, "serving %s on http://%s/ (rebuilds on change; Ctrl-C stops)\n", sv.out, addr)
	srv := &http.Server{Addr: addr, Handler: sv, ReadHeaderTimeout: 10 * time.Second}
	return srv.ListenAndServe()
}

// A server serves the last good build of the site and rebuilds it.
type server struct {
	opt Options
	log io.Writer

	mu     sync.RWMutex // read while answering a request, written while a build is swapped in
	out    string       // the site's directory
	failed error        // why the last rebuild failed; nil after a good one
}

// swap puts a new build in place, while no request is being answered.
func (sv *server) swap(tmp, out string) error {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	sv.out = out
	return swapDir(tmp, out)
}

// rebuild builds the site again and records how it went.
func (sv *server) rebuild() {
	st, err := buildSite(sv.opt, sv.swap)
	sv.mu.Lock()
	sv.failed = err
	sv.mu.Unlock()
	if err != nil {
		fmt.Fprintln(sv.log, "rebuild failed:", err)
		return
	}
	fmt.Fprintln(sv.log, "rebuilt:", st)
}

// ServeHTTP serves the last good build, its pages with a banner while the
// last rebuild failed.
func (sv *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sv.mu.RLock()
	defer sv.mu.RUnlock()
	if sv.failed != nil && servePageWithBanner(w, r, sv.out, sv.failed) {
		return
	}
	siteHandler(sv.out).ServeHTTP(w, r)
}

// servePageWithBanner serves the page r asks for, if it is one, with a
// banner on top that says the rebuild failed and why; it reports whether
// it served it.
func servePageWithBanner(w http.ResponseWriter, r *http.Request, out string, failed error) bool {
	name := filepath.Join(out, filepath.FromSlash(path.Clean("/"+r.URL.Path)))
	if strings.HasSuffix(r.URL.Path, "/") {
		name = filepath.Join(name, "index.html")
	}
	page, err := os.ReadFile(name)
	if err != nil || !strings.HasSuffix(name, ".html") {
		return false
	}
	banner := fmt.Sprintf(`<div role="alert" style="background:#b00020;color:#fff;padding:0.75em 1em;font-family:sans-serif">`+
		`<strong>The last rebuild failed</strong>; this is the last good build. It rebuilds on the next change.`+
		`<pre style="white-space:pre-wrap;margin:0.5em 0 0">%s</pre></div>`, html.EscapeString(failed.Error()))
	at := 0 // after <body ...>, or at the start
	if i := bytes.Index(page, []byte("<body")); i >= 0 {
		if j := bytes.IndexByte(page[i:], '>'); j >= 0 {
			at = i + j + 1
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(append(append(page[:at:at], banner...), page[at:]...))
	return true
}

// siteHandler serves a built site from its directory, as a static host
// would: a missing file gets the site's 404 page, with status 404.
func siteHandler(out string) http.Handler {
	files := http.FileServer(http.Dir(out))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := filepath.Join(out, filepath.FromSlash(path.Clean("/"+r.URL.Path)))
		if _, err := os.Stat(name); err != nil {
			page, err := os.ReadFile(filepath.Join(out, notFoundPage))
			if err != nil {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write(page)
			return
		}
		files.ServeHTTP(w, r)
	})
}

// watch polls the watched directories and rebuilds on change.
func (sv *server) watch() {
	last := stamp(sv.opt.Root)
	for {
		time.Sleep(pollInterval)
		now := stamp(sv.opt.Root)
		if now == last {
			continue
		}
		last = now
		sv.rebuild()
	}
}

// stamp summarizes the watched files' names, sizes and times.
func stamp(root string) string {
	var b strings.Builder
	for _, d := range watched {
		_ = filepath.WalkDir(filepath.Join(root, d), func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return nil
			}
			if fi, err := os.Stat(p); err == nil {
				fmt.Fprintf(&b, "%s %d %d\n", p, fi.Size(), fi.ModTime().UnixNano())
			}
			return nil
		})
	}
	return b.String()
}
