package site

import (
	"bytes"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"cb2026/book"
)

// The site's results pages: one per recorded match (a folder with
// results.json), suite run or speed run (a .txt file) under the tools'
// results folders, with the match's games to download, and an index per
// tool from its README.

// resultsTools are the tools whose results folders the site shows.
var resultsTools = []string{"match", "suite", "speed"}

// A resultsEntry is one recorded result.
type resultsEntry struct {
	tool string // match, suite or speed
	rel  string // slash path under tools/TOOL/results: a folder (match) or a file
	page string // the site page
}

// resultsKey is how a chapter names a result: its repository path.
func (r resultsEntry) key() string {
	return "tools/" + r.tool + "/results/" + r.rel
}

// collectResults finds every recorded result.
func (s *site) collectResults() error {
	s.results = map[string]resultsEntry{}
	for _, tool := range resultsTools {
		dir := filepath.Join(s.opt.Root, "tools", tool, "results")
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if os.IsNotExist(err) && p == dir {
					return filepath.SkipDir
				}
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			rel = filepath.ToSlash(rel)
			switch {
			case d.IsDir() && rel != ".":
				if _, err := os.Stat(filepath.Join(p, "results.json")); err == nil {
					s.results[tool+"/"+rel] = resultsEntry{tool: tool, rel: rel, page: "results/" + tool + "/" + rel + ".html"}
				} else if _, err := os.Stat(filepath.Join(p, "ladder.md")); err == nil {
					s.results[tool+"/"+rel] = resultsEntry{tool: tool, rel: rel, page: "results/" + tool + "/" + rel + ".html"}
				}
			case !d.IsDir() && strings.HasSuffix(rel, ".txt") && path.Base(rel) != "results.txt":
				if _, inMatch := s.results[tool+"/"+path.Dir(rel)]; !inMatch {
					s.results[tool+"/"+rel] = resultsEntry{tool: tool, rel: rel, page: "results/" + tool + "/" + strings.TrimSuffix(rel, ".txt") + ".html"}
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("results: %w", err)
		}
	}
	return nil
}

// writeResults writes every result's page, each tool's index and the games.
func (s *site) writeResults() error {
	esc := template.HTMLEscapeString
	byTool := map[string][]string{}
	for _, k := range sortedResultKeys(s.results) {
		r := s.results[k]
		byTool[r.tool] = append(byTool[r.tool], k)
		src := filepath.Join(s.opt.Root, "tools", r.tool, "results", filepath.FromSlash(r.rel))
		var b strings.Builder
		fmt.Fprintf(&b, "<h1 class=\"src-title\">%s</h1>\n<p class=\"chapter-meta\"><a href=\"%sindex.html\">%s results</a> · <code>%s</code></p>\n",
			esc(path.Base(r.rel)), strings.Repeat("../", strings.Count(r.rel, "/")), esc(r.tool), esc(r.key()))
		files := []string{src}
		if info, err := os.Stat(src); err == nil && info.IsDir() {
			files = nil
			for _, name := range []string{"results.txt", "ladder.md"} {
				if _, err := os.Stat(filepath.Join(src, name)); err == nil {
					files = append(files, filepath.Join(src, name))
				}
			}
			if g, err := s.copyGames(r, src); err != nil {
				return err
			} else if g != "" {
				fmt.Fprintf(&b, "<p><a class=\"download\" href=\"%s\">Download the games</a> (PGN, every move with the engines' comments).</p>\n", esc(g))
			} else {
				b.WriteString("<p>The games of this match were not kept; its command, below, plays them again.</p>\n")
			}
			s.writeLadderSteps(&b, r, src)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return fmt.Errorf("results: %w", err)
			}
			fmt.Fprintf(&b, "<pre class=\"chroma results\"><code>%s</code></pre>\n", esc(string(data)))
		}
		if err := s.write(r.page, pageData{Title: path.Base(r.rel) + " · " + r.tool + " results", Nav: s.nav(""), Main: template.HTML(b.String())}); err != nil {
			return err
		}
	}
	var all strings.Builder
	all.WriteString("<h1>Results</h1>\n<p class=\"lead\">Every recorded measurement the book rests on: matches with their games, suite runs and speed runs, each with the command that made it.</p>\n<ul>\n")
	for _, tool := range resultsTools {
		if err := s.writeResultsIndex(tool, byTool[tool]); err != nil {
			return err
		}
		fmt.Fprintf(&all, "<li><a href=\"%s/index.html\">%s</a>: %d</li>\n", tool, esc(tool), len(byTool[tool]))
	}
	all.WriteString("</ul>\n")
	return s.write("results/index.html", pageData{Title: "Results", Nav: s.nav(""), Main: template.HTML(all.String())})
}

// writeResultsIndex writes a tool's results index: its README and the list
// of its results.
func (s *site) writeResultsIndex(tool string, keys []string) error {
	esc := template.HTMLEscapeString
	var b strings.Builder
	fmt.Fprintf(&b, "<h1>%s results</h1>\n<ul class=\"results-list\">\n", esc(titleCase(tool)))
	for _, k := range keys {
		r := s.results[k]
		fmt.Fprintf(&b, "<li><a href=\"%s\"><code>%s</code></a></li>\n", esc(strings.TrimPrefix(r.page, "results/"+tool+"/")), esc(r.rel))
	}
	b.WriteString("</ul>\n")
	readme, err := os.ReadFile(filepath.Join(s.opt.Root, "tools", tool, "results", "README.md"))
	if err == nil {
		var buf bytes.Buffer
		if err := book.NewMarkdown().Convert(readme, &buf); err != nil {
			return fmt.Errorf("results: %s README: %w", tool, err)
		}
		b.WriteString("<h2 id=\"readme\">What they are</h2>\n")
		b.WriteString(s.linkResults(buf.String(), "../../"))
	}
	return s.write("results/"+tool+"/index.html", pageData{Title: titleCase(tool) + " results", Nav: s.nav(""), Main: template.HTML(b.String())})
}

// writeLadderSteps lists the step folders of a ladder with their pages.
func (s *site) writeLadderSteps(b *strings.Builder, r resultsEntry, src string) {
	var steps []string
	for k, e := range s.results {
		if e.tool == r.tool && path.Dir(e.rel) == r.rel {
			steps = append(steps, k)
		}
	}
	if len(steps) == 0 {
		return
	}
	sort.Strings(steps)
	b.WriteString("<ul class=\"results-list\">\n")
	for _, k := range steps {
		e := s.results[k]
		fmt.Fprintf(b, "<li><a href=\"%s\"><code>%s</code></a></li>\n", template.HTMLEscapeString(path.Base(r.rel)+"/"+path.Base(e.rel)+".html"), template.HTMLEscapeString(path.Base(e.rel)))
	}
	b.WriteString("</ul>\n")
}

// copyGames copies a match folder's games into the site and returns their
// path relative to the result's page, or "" if the match kept none.
func (s *site) copyGames(r resultsEntry, src string) (string, error) {
	for _, name := range []string{"games.pgn", "games.pgn.gz"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			continue
		}
		dst := filepath.Join(s.out, "results", r.tool, filepath.FromSlash(r.rel), name)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return "", err
		}
		return path.Base(r.rel) + "/" + name, nil
	}
	return "", nil
}

// sortedResultKeys returns the results' keys in order.
func sortedResultKeys(m map[string]resultsEntry) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// resultsMention is a code span naming a recorded result.
var resultsMention = regexp.MustCompile(`<code>tools/(match|suite|speed)/results/([^<]*?)/?</code>`)

// linkResults links every code span of html that names a recorded result to
// its page; base leads from the page to the site's root.
func (s *site) linkResults(html, base string) string {
	return resultsMention.ReplaceAllStringFunc(html, func(m string) string {
		sub := resultsMention.FindStringSubmatch(m)
		key := sub[1] + "/" + sub[2]
		if sub[2] == "" {
			return `<a href="` + base + "results/" + sub[1] + `/index.html">` + m + "</a>"
		}
		key = strings.TrimSuffix(strings.TrimSuffix(key, "/results.txt"), "/results.json")
		if r, ok := s.results[key]; ok {
			return `<a href="` + base + r.page + `">` + m + "</a>"
		}
		for k := range s.results {
			if strings.HasPrefix(k, key+"/") { // a folder of several results
				return `<a href="` + base + "results/" + sub[1] + `/index.html">` + m + "</a>"
			}
		}
		return m
	})
}
