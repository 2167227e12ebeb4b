package book

import (
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// pollInterval is how often serve looks for changed files.
const pollInterval = 500 * time.Millisecond

// watched are the directories whose changes rebuild the site.
var watched = []string{"chapters", "engine", "site", "stages"}

// Serve builds the site, serves it on addr and rebuilds it whenever a file
// under chapters/, engine/, site/ or stages/ changes. It returns only on error.
func Serve(opt SiteOptions, addr string, log io.Writer) error {
	st, err := BuildSite(opt)
	if err != nil {
		return err
	}
	fmt.Fprintln(log, st)
	out := opt.Out
	if !filepath.IsAbs(out) {
		out = filepath.Join(opt.Root, out)
	}
	go watch(opt, log)
	fmt.Fprintf(log, "serving %s on http://%s/ (rebuilds on change; Ctrl-C stops)\n", out, addr)
	srv := &http.Server{Addr: addr, Handler: siteHandler(out), ReadHeaderTimeout: 10 * time.Second}
	return srv.ListenAndServe()
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
func watch(opt SiteOptions, log io.Writer) {
	last := stamp(opt.Root)
	for {
		time.Sleep(pollInterval)
		now := stamp(opt.Root)
		if now == last {
			continue
		}
		last = now
		st, err := BuildSite(opt)
		if err != nil {
			fmt.Fprintln(log, "rebuild failed:", err)
			continue
		}
		fmt.Fprintln(log, "rebuilt:", st)
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
