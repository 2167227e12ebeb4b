package site

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"cb2026/book"
	"cb2026/internal/results"
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
	s.resultKeys = sortedResultKeys(s.results)
	return nil
}

// resultBody is what a result's page shows (the theme's result.html).
type resultBody struct {
	Name, Up, Tool, Key string
	Folder              bool       // the result is a folder, not one file
	Games               string     // its games, if it kept them
	Void                string     // why the match does not count, if it does not
	Steps               []pageLink // a ladder's steps
	Texts               []string   // its results.txt and ladder.md, or the file
	CitedBy             []pageLink // the chapters that name it, from the page
}

// A toolCount is one tool on the results index.
type toolCount struct {
	Tool  string
	Count int
}

// toolResults is what a tool's results index shows (tool-results.html).
type toolResults struct {
	Title   string
	Results []pageLink
	Readme  template.HTML // the tool's results README, rendered
}

// writeResults writes every result's page, each tool's index and the games.
func (s *site) writeResults() error {
	byTool := map[string][]string{}
	for _, k := range sortedResultKeys(s.results) {
		r := s.results[k]
		byTool[r.tool] = append(byTool[r.tool], k)
		src := filepath.Join(s.opt.Root, "tools", r.tool, "results", filepath.FromSlash(r.rel))
		p := resultBody{Name: path.Base(r.rel), Up: strings.Repeat("../", strings.Count(r.rel, "/")), Tool: r.tool, Key: r.key()}
		for _, c := range s.cites[k] {
			p.CitedBy = append(p.CitedBy, pageLink{Href: "../../" + p.Up + c.Href, Title: c.Title})
		}
		files := []string{src}
		if info, err := os.Stat(src); err == nil && info.IsDir() {
			p.Folder, files = true, nil
			for _, name := range []string{"results.txt", "ladder.md"} {
				if _, err := os.Stat(filepath.Join(src, name)); err == nil {
					files = append(files, filepath.Join(src, name))
				}
			}
			g, err := s.copyGames(r, src)
			if err != nil {
				return err
			}
			if p.Void, err = results.Void(src); err != nil {
				return err
			}
			p.Games, p.Steps = g, s.ladderStepLinks(r)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return fmt.Errorf("results: %w", err)
			}
			p.Texts = append(p.Texts, string(data))
		}
		main, err := s.body("result.html", p)
		if err != nil {
			return err
		}
		s.index = append(s.index, searchEntry{Kind: "result", Title: r.rel, Page: titleCase(r.tool) + " results", URL: r.page, Text: resultSummary(p.Texts)})
		if err := s.write(r.page, pageData{Title: path.Base(r.rel) + " · " + r.tool + " results", Nav: s.nav(""), Main: main}); err != nil {
			return err
		}
	}
	var counts []toolCount
	for _, tool := range resultsTools {
		if err := s.writeResultsIndex(tool, byTool[tool]); err != nil {
			return err
		}
		counts = append(counts, toolCount{Tool: tool, Count: len(byTool[tool])})
	}
	main, err := s.body("results.html", counts)
	if err != nil {
		return err
	}
	return s.write("results/index.html", pageData{Title: "Results", Nav: s.nav(""), Main: main})
}

// writeResultsIndex writes a tool's results index: its README and the list
// of its results.
func (s *site) writeResultsIndex(tool string, keys []string) error {
	p := toolResults{Title: titleCase(tool)}
	for _, k := range keys {
		r := s.results[k]
		p.Results = append(p.Results, pageLink{Href: strings.TrimPrefix(r.page, "results/"+tool+"/"), Title: r.rel})
	}
	readme, err := os.ReadFile(filepath.Join(s.opt.Root, "tools", tool, "results", "README.md"))
	if err == nil {
		var buf bytes.Buffer
		if err := book.NewMarkdown(inlineHTML{}).Convert(readme, &buf); err != nil {
			return fmt.Errorf("results: %s README: %w", tool, err)
		}
		p.Readme = template.HTML(s.linkResults(buf.String(), "../../"))
	}
	main, err := s.body("tool-results.html", p)
	if err != nil {
		return err
	}
	return s.write("results/"+tool+"/index.html", pageData{Title: titleCase(tool) + " results", Nav: s.nav(""), Main: main})
}

// ladderStepLinks lists the step folders of a ladder with their pages.
func (s *site) ladderStepLinks(r resultsEntry) []pageLink {
	var steps []string
	for k, e := range s.results {
		if e.tool == r.tool && path.Dir(e.rel) == r.rel {
			steps = append(steps, k)
		}
	}
	sort.Strings(steps)
	var links []pageLink
	for _, k := range steps {
		e := s.results[k]
		links = append(links, pageLink{Href: path.Base(r.rel) + "/" + path.Base(e.rel) + ".html", Title: path.Base(e.rel)})
	}
	return links
}

// copyGames copies a match folder's games into the site, compressed, and
// returns their path relative to the result's page, or "" if the match kept
// none. Games kept as plain PGN are compressed on the way (about a fifth of
// the size); those kept compressed are copied as they are.
func (s *site) copyGames(r resultsEntry, src string) (string, error) {
	for _, name := range []string{"games.pgn", "games.pgn.gz"} {
		file := filepath.Join(src, name)
		if _, err := os.Stat(file); err != nil {
			continue
		}
		var data []byte
		var err error
		if name == "games.pgn" {
			name += ".gz"
			data, err = s.cache.compressedGames(file)
		} else {
			data, err = os.ReadFile(file)
		}
		if err != nil {
			return "", err
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

// gzipped returns data compressed with gzip at its default level, with
// no name or time in the header, so the same games give the same bytes.
func gzipped(data []byte) ([]byte, error) {
	return gzipAt(data, gzip.DefaultCompression)
}

// gzipAt returns data compressed with gzip at the given level, with no
// name or time in the header.
func gzipAt(data []byte, level int) ([]byte, error) {
	var b bytes.Buffer
	w, err := gzip.NewWriterLevel(&b, level)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
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
		if sub[2] == "" {
			return `<a href="` + base + "results/" + sub[1] + `/index.html">` + m + "</a>"
		}
		key := mentionKey(sub)
		if r, ok := s.results[key]; ok {
			return `<a href="` + base + r.page + `">` + m + "</a>"
		}
		for _, k := range s.resultKeys {
			if ok, _ := path.Match(key, k); ok { // a pattern of a match's parts: the first part
				return `<a href="` + base + s.results[k].page + `">` + m + "</a>"
			}
		}
		for k := range s.results {
			if strings.HasPrefix(k, key+"/") { // a folder of several results
				return `<a href="` + base + "results/" + sub[1] + `/index.html">` + m + "</a>"
			}
		}
		return m
	})
}

// mentionKey is the key of the result a resultsMention match names: its
// tool and path, a results file standing for its folder.
func mentionKey(sub []string) string {
	return strings.TrimSuffix(strings.TrimSuffix(sub[1]+"/"+sub[2], "/results.txt"), "/results.json")
}

// noteCitations records that the chapter page from names the recorded
// results its html names, for their pages to link back: a result, each
// part a pattern names (NAME-part*), and a ladder's folder.
func (s *site) noteCitations(html string, from pageLink) {
	if s.cites == nil {
		s.cites = map[string][]pageLink{}
	}
	for _, sub := range resultsMention.FindAllStringSubmatch(html, -1) {
		name := mentionKey(sub)
		for _, k := range s.resultKeys {
			if ok, _ := path.Match(name, k); (ok || k == name) && !slices.Contains(s.cites[k], from) {
				s.cites[k] = append(s.cites[k], from)
			}
		}
	}
}

// resultTextLimit bounds the text of a result in the search index: its
// engines, limits, score and Elo come first in results.txt.
const resultTextLimit = 600

// resultSummary is a result's text for the search index: its files' words,
// cut to resultTextLimit bytes at a word.
func resultSummary(texts []string) string {
	words := strings.Join(strings.Fields(strings.Join(texts, " ")), " ")
	if len(words) <= resultTextLimit {
		return words
	}
	cut := strings.LastIndexByte(words[:resultTextLimit], ' ')
	if cut < 0 {
		cut = resultTextLimit
	}
	return words[:cut] + " …"
}
