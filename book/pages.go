package book

import (
	"fmt"
	"html/template"
	"sort"
	"strings"

	"cb2026/stages"
)

// writeStages writes one page per stage: its chapter, its bench count as the
// chapter states it, its files and the commands to build, test and bench it.
func (s *site) writeStages() error {
	for _, st := range stages.All() {
		var b strings.Builder
		esc := template.HTMLEscapeString
		fmt.Fprintf(&b, "<h1>%s: %s</h1>\n", esc(titleCase(st.Name())), esc(st.Title))
		fmt.Fprintf(&b, "<p class=\"chapter-meta\">%s · %s</p>\n", esc(string(st.Milestone)), esc(milestoneTitles[st.Milestone]))
		ch := s.chapters[st.Number]
		if ch == nil {
			fmt.Fprintf(&b, "<p>The chapter (<code>%s</code>) is still to be written.</p>\n", esc(st.Chapter))
		} else {
			fmt.Fprintf(&b, "<p>Chapter: <a href=\"%s\">%s</a>.</p>\n", esc(pageName(ch)), esc(ch.Title))
			if n := statedBench(ch); n != "" {
				fmt.Fprintf(&b, "<p>Bench: <strong class=\"figure\">%s</strong> nodes at depth %d (the chapter states it; <code>make check</code> measures it).</p>\n", esc(n), st.BenchDepth)
			}
			s.stageFiles(&b, ch)
		}
		if err := s.stageCode(&b, st); err != nil {
			return err
		}
		s.stageCommands(&b, st)
		d := pageData{Title: titleCase(st.Name()) + ": " + st.Title, Nav: s.nav(stagePage(st)), Main: template.HTML(b.String())}
		if err := s.write(stagePage(st), d); err != nil {
			return err
		}
	}
	return nil
}

// titleCase capitalizes the first letter.
func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// statedBench returns the chapter's stated bench for its own stage.
func statedBench(ch *Chapter) string {
	for _, f := range ch.Figures {
		if f.Spec.Kind == KindBench && f.Spec.Plain && f.Spec.Build == ch.Stage.String() {
			return f.Text
		}
	}
	return ""
}

// stageFiles lists the chapter's code files with links to their pages.
func (s *site) stageFiles(b *strings.Builder, ch *Chapter) {
	files := map[string]bool{}
	for _, f := range ch.Code {
		files[f] = true
	}
	for _, bl := range ch.Blocks {
		if f := bl.Attr("file"); f != "" {
			files[f] = true
		}
	}
	if len(files) == 0 {
		return
	}
	b.WriteString("<h2 id=\"files\">Files</h2>\n<ul>\n")
	for _, f := range sortedKeys(files) {
		fmt.Fprintf(b, "<li><a href=\"%s\"><code>%s</code></a></li>\n", template.HTMLEscapeString(s.srcHref(f, [2]int{}, ch.Stage)), template.HTMLEscapeString(f))
	}
	b.WriteString("</ul>\n")
}

// sortedKeys returns a set's keys in order.
func sortedKeys(m map[string]bool) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// stageCommands writes the commands a reader runs for the stage.
func (s *site) stageCommands(b *strings.Builder, st stages.Stage) {
	tags, mk, bin := "", "", "cb2026"
	if args := st.BuildArgs(); args != nil {
		tags = " " + strings.Join(args, " ")
		mk = " STAGE=" + st.String()
		bin += "-" + st.FileName()
	}
	cmds := []string{
		"go test" + tags + " ./...",
		"make bench" + mk,
		"go build" + tags + " -o " + bin + " ./engine/cmd/cb2026",
		"go run" + tags + " ./engine/cmd/cb2026 bench",
	}
	b.WriteString("<h2 id=\"commands\">Commands</h2>\n<pre class=\"chroma commands\"><code>")
	for _, c := range cmds {
		b.WriteString("$ " + template.HTMLEscapeString(c) + "\n")
	}
	b.WriteString("</code></pre>\n")
}

// writeIndex writes the front page: the plan of the book.
func (s *site) writeIndex() error {
	var b strings.Builder
	esc := template.HTMLEscapeString
	b.WriteString(`<h1>cb2026</h1>
<p class="lead">A chess engine in Go and the book that builds it, one technique a chapter. Every line of code shown here is cut from the engine, and every number is measured again by <code>make check</code>.</p>
<h2 id="plan">The plan</h2>
<table class="plan"><thead><tr><th>Stage</th><th>Chapter</th><th>Milestone</th><th>Bench depth</th><th>Bench</th></tr></thead><tbody>
`)
	for _, st := range stages.All() {
		title, bench := esc(st.Title)+" <span class=\"todo\">(to be written)</span>", ""
		if ch := s.chapters[st.Number]; ch != nil {
			title = fmt.Sprintf("<a href=\"%s\">%s</a>", esc(pageName(ch)), esc(ch.Title))
			bench = esc(statedBench(ch))
		}
		fmt.Fprintf(&b, "<tr><td><a href=\"%s\">%s</a></td><td>%s</td><td>%s</td><td>%d</td><td class=\"num\">%s</td></tr>\n",
			esc(stagePage(st)), esc(st.String()), title, esc(string(st.Milestone)), st.BenchDepth, bench)
	}
	b.WriteString("</tbody></table>\n<p><a href=\"src/index.html\">Source files</a> shown in the book.</p>\n")
	d := pageData{Title: "cb2026", Nav: s.nav("index.html"), Main: template.HTML(b.String())}
	if chs := s.order(); len(chs) > 0 {
		d.Next = &navItem{Href: pageName(chs[0]), Label: chs[0].Title}
	}
	return s.write("index.html", d)
}

// notFoundPage is the page a static host shows for a missing file (the
// name GitHub Pages and serve look for).
const notFoundPage = "404.html"

// writeNotFound writes the page for a missing file: what happened and where
// to go instead.
func (s *site) writeNotFound() error {
	main := `<h1>No such page</h1>
<p class="lead">The page you asked for is not in the book. It may have been renamed, or its chapter not written yet.</p>
<p>Start from the <a href="index.html">plan of the book</a>, search with the box above, or pick a chapter from the contents.</p>
`
	return s.write(notFoundPage, pageData{Title: "No such page", Nav: s.nav(""), Main: template.HTML(main)})
}
