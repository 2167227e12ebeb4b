package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	goast "go/ast"
	goparser "go/parser"
	"go/token"
	"html/template"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"cb2026/book"
	"cb2026/book/check"
	"cb2026/book/view"
	"cb2026/internal/outdir"
	"cb2026/stages"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Options configure a site build.
type Options struct {
	Root  string // the module root
	Out   string // the output directory, relative to Root unless absolute
	Theme string // the theme directory (Root/site if empty)
	// ViewStages are the stages whose views the site offers (a download, a
	// diff from the stage before and source pages): every stage if nil.
	ViewStages []stages.Stage
	// NoViews offers none, for a module with no technique table to cut
	// views by, like the tests' fixture.
	NoViews bool
	// Repo is the repository's web address, for the links back to the
	// source ("Edit this page", the commit in the footer), in GitHub's URL
	// forms; empty means git's remote origin, made https, and no links when
	// there is none.
	Repo string
	// Commit is the commit the site is built from; empty means the one
	// checked out at Root.
	Commit string
	// cache keeps what one build made for the next (serve's rebuilds):
	// nil makes everything afresh.
	cache *buildCache
}

// Stats counts what a build wrote.
type Stats struct {
	Chapters, Stages, Sources int
	Elapsed                   time.Duration
}

// String is the one line build prints.
func (s Stats) String() string {
	return fmt.Sprintf("site: %d chapters, %d stage pages, %d source pages in %.2fs", s.Chapters, s.Stages, s.Sources, s.Elapsed.Seconds())
}

// The milestones' titles, as the table of contents shows them.
var milestoneTitles = map[stages.Milestone]string{
	stages.M1: "The rules: board, attacks, moves",
	stages.M2: "A first search that plays",
	stages.M3: "The classic speed-ups",
	stages.M4: "Selectivity and evaluation",
	stages.M5: "After stage 20",
}

// site is one build's state.
type site struct {
	opt      Options
	out      string
	src      *book.Source
	regions  map[string]*book.Region
	tmpl     *template.Template
	chapters map[int]*book.Chapter   // by stage
	appendix []*book.Chapter         // the appendices, by letter
	sections map[int][]*book.Chapter // M5's sections, by the chapter they extend, in file order
	sources  map[string]bool         // files to render
	index    []searchEntry

	views       *check.Views               // nil with NoViews
	viewStages  map[string]bool            // the stages whose views the site offers, by name
	viewSources map[string]map[string]bool // by stage name: the files blocks quote from its view
	results     map[string]resultsEntry    // the recorded results, by tool/path
	resultKeys  []string                   // their keys, sorted
	cites       map[string][]pageLink      // the chapters that name each result, by tool/path
	rendered    map[string]string          // each chapter page's article, for the print page
	repo        repo                       // where the pages come from
	playable    bool                       // the module holds the engine: the site has the play page
	cache       *buildCache                // what an earlier build made that this one may use
}

// searchEntry is one section of the search index.
type searchEntry struct {
	Kind  string `json:"k"` // what the page is: chapter, stage, result or source
	Title string `json:"t"`
	Page  string `json:"p"`
	URL   string `json:"u"`
	Text  string `json:"x"`
}

// navItem is one entry of the sidebar.
type navItem struct {
	Href, Label      string
	Current, Missing bool
	Section          bool // a section of M5, listed under the chapter it extends
}

// navGroup is a milestone in the sidebar.
type navGroup struct {
	Name, Title string
	Items       []navItem
}

// heading is one entry of a page's contents.
type heading struct {
	ID, Text string
	Level    int
}

// pageData is what the layout template gets.
type pageData struct {
	Title      string
	Base       string // relative path to the site root, "" or "../…/"
	Nav        []navGroup
	Contents   []heading
	Prev, Next *navItem
	Stage      *navItem // a chapter's stage page
	Download   *navItem // a chapter's view, zipped
	Diff       *navItem // what a chapter's stage adds to the one before
	Play       *navItem // the play page at a chapter's stage and problem position
	Playable   bool     // the site has the play page
	Main       template.HTML
	Built      built
	Edit       string // a chapter's "Edit this page" address
	Markdown   string // a chapter's Markdown source as of the commit built
	Repo       string // the repository's web address
}

// built says where a page comes from, for the footer.
type built struct {
	Commit    string // the commit, shortened; empty outside git
	CommitURL string // its page in the repository; empty without one
	Dirty     bool   // the work tree held changes beyond it
}

// Build writes the website for the chapters under opt.Root to opt.Out.
// It builds into a new directory beside opt.Out and swaps it in only when
// it is complete, so a failed build leaves the previous site as it was.
// opt.Out may lie inside the repository (_site does, ignored by git) but
// may not be the repository, hold it, or be the home directory or the file
// system's root (package cb2026/internal/outdir); if it exists, it must be
// empty or a site this tool built.
func Build(opt Options) (Stats, error) {
	return buildSite(opt, swapDir)
}

// buildSite builds the site into a new directory beside opt.Out and calls
// swap to put it at opt.Out (links resolved).
func buildSite(opt Options, swap func(tmp, out string) error) (Stats, error) {
	start := time.Now()
	out := opt.Out
	if !filepath.IsAbs(out) {
		out = filepath.Join(opt.Root, out)
	}
	out, err := outdir.Check(opt.Root, out, true)
	if err != nil {
		return Stats{}, fmt.Errorf("site: %w", err)
	}
	if err := checkOutput(out); err != nil {
		return Stats{}, err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return Stats{}, err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(out), "."+filepath.Base(out)+".new-")
	if err != nil {
		return Stats{}, err
	}
	st, err := writeSite(opt, tmp)
	if err == nil {
		err = swap(tmp, out)
	}
	if err != nil {
		_ = os.RemoveAll(tmp) // the unfinished build, made here
		return Stats{}, err
	}
	st.Elapsed = time.Since(start)
	return st, nil
}

// writeSite writes the whole site into the empty directory out.
func writeSite(opt Options, out string) (Stats, error) {
	if opt.Theme == "" {
		opt.Theme = filepath.Join(opt.Root, "site")
	}
	s := &site{opt: opt, out: out, src: book.NewSource(opt.Root), chapters: map[int]*book.Chapter{}, sections: map[int][]*book.Chapter{}, sources: map[string]bool{},
		viewStages: map[string]bool{}, viewSources: map[string]map[string]bool{}, rendered: map[string]string{}}
	if err := os.Chmod(out, 0o755); err != nil { // a temporary directory is private
		return Stats{}, err
	}
	s.cache = opt.cache
	if s.cache == nil {
		s.cache = &buildCache{}
		defer s.cache.close()
	}
	if !opt.NoViews {
		views, err := s.cache.viewsOf(opt.Root)
		if err != nil {
			return Stats{}, err
		}
		s.views = views
		sts := opt.ViewStages
		if sts == nil {
			sts = stages.All()
		}
		for _, st := range sts {
			s.viewStages[st.Name()] = true
		}
	}
	s.regions, _ = book.ScanRegions(opt.Root)
	s.repo = readRepo(opt.Root, opt.Repo, opt.Commit)
	s.playable = hasEngine(opt.Root)
	tmpl, err := template.ParseGlob(filepath.Join(opt.Theme, "*.html"))
	if err != nil {
		return Stats{}, fmt.Errorf("theme: %v", err)
	}
	s.tmpl = tmpl
	if err := s.readChapters(); err != nil {
		return Stats{}, err
	}
	if err := s.collectResults(); err != nil {
		return Stats{}, err
	}
	steps := []func() error{s.writeViews, s.copyAssets, s.writeChromaCSS, s.writeChapters, s.writePrint, s.writeStages, s.writeIndex, s.writeNotFound, s.writeSources, s.writeViewSources, s.writeViewPages, s.writeResults, s.writePlay, s.writeSearchIndex}
	for _, step := range steps {
		if err := step(); err != nil {
			return Stats{}, err
		}
	}
	return Stats{Chapters: len(s.order()), Stages: len(stages.All()), Sources: len(s.sources)}, nil
}

// checkOutput checks that dir is absent, empty or a site this tool built:
// the only directory a build replaces.
func checkOutput(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && len(entries) == 0) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, "assets", "search-index.js")); err != nil {
		return fmt.Errorf("%s is not empty and not a site this tool built; refusing to overwrite it", dir)
	}
	return nil
}

// swapDir puts the built site tmp at out: the previous site is renamed
// aside, the new one renamed in, and the previous one removed, so out is
// missing only between two renames (Serve holds its requests over them).
func swapDir(tmp, out string) error {
	if err := checkOutput(out); err != nil { // again: a build takes a while
		return err
	}
	old := tmp + ".old"
	if err := os.Rename(out, old); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.Rename(tmp, out); err != nil {
		_ = os.Rename(old, out) // the previous site back, if there was one
		return err
	}
	return os.RemoveAll(old)
}

// readChapters reads every chapter; a broken chapter is an error here (the
// check names its problems).
func (s *site) readChapters() error {
	chs, probs, err := book.ReadChapters(s.opt.Root, "chapters", nil)
	if err != nil {
		return err
	}
	if len(probs) > 0 {
		return fmt.Errorf("%s (run book check)", probs[0])
	}
	for _, ch := range chs {
		if ch.Appendix != "" {
			s.appendix = append(s.appendix, ch) // in name order, so by letter
		} else if ch.Section != "" {
			s.sections[ch.Extends()] = append(s.sections[ch.Extends()], ch) // in name order, so by number
		} else {
			s.chapters[ch.Stage.Number] = ch
		}
		for _, c := range ch.Code {
			s.sources[c] = true
			if view.Holds(c) {
				s.quotes(ch.Stage, c)
			}
		}
		for _, b := range ch.Blocks {
			if f := b.Attr("file"); f != "" {
				s.sources[f] = true
				if b.Kind == book.ReferenceBlock && view.Holds(f) { // a tool's file is quoted as the repository has it
					s.quotes(book.BlockStage(ch, b), f)
				}
			}
		}
	}
	return nil
}

// quotes records that a page shows file as stage st's view has it.
func (s *site) quotes(st stages.Stage, file string) {
	if s.viewSources[st.Name()] == nil {
		s.viewSources[st.Name()] = map[string]bool{}
	}
	s.viewSources[st.Name()][file] = true
}

// pageName is the site file of a chapter.
func pageName(ch *book.Chapter) string {
	return strings.TrimSuffix(path.Base(ch.Path), ".md") + ".html"
}

// stagePage is the site file of a stage: stage-7.html, stage-main.html.
func stagePage(st stages.Stage) string {
	return "stage-" + st.String() + ".html"
}

// body renders a page's body with the theme's template for its kind.
func (s *site) body(kind string, data any) (template.HTML, error) {
	var buf bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&buf, kind, data); err != nil {
		return "", fmt.Errorf("theme: %v", err)
	}
	return template.HTML(buf.String()), nil
}

// write renders a page through the layout.
func (s *site) write(name string, d pageData) error {
	d.Base = strings.Repeat("../", strings.Count(name, "/"))
	d.Built = built{Commit: s.repo.short(), CommitURL: s.repo.commitURL(), Dirty: s.repo.dirty}
	d.Repo = s.repo.web
	d.Playable = s.playable
	var buf bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&buf, "layout.html", d); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	p := filepath.Join(s.out, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, unwrapPlain(buf.Bytes()), 0o644)
}

// plainClasses are the classes of highlighted code that paint nothing of
// their own: chroma's class mode wraps every token in a span, and
// whitespace, names and punctuation (w, nx, p) draw in the code's own
// colour in both themes (TestPlainClassesPaintNothing).
var plainClasses = []string{"w", "nx", "p"}

// plainSpan is a span of one of plainClasses around text.
var plainSpan = regexp.MustCompile(`<span class="(?:` + strings.Join(plainClasses, "|") + `)">([^<]*)</span>`)

// unwrapPlain keeps the text of highlighted code and drops the spans that
// paint nothing. They were about half the elements of print.html, the whole
// book on one page, and every page's reader, and the accessibility check
// that visits them, paid for each.
func unwrapPlain(page []byte) []byte {
	return plainSpan.ReplaceAll(page, []byte("$1"))
}

// nav builds the sidebar with current marked.
func (s *site) nav(current string) []navGroup {
	var groups []navGroup
	for _, st := range stages.All() {
		if len(groups) == 0 || groups[len(groups)-1].Name != string(st.Milestone) {
			groups = append(groups, navGroup{Name: string(st.Milestone), Title: milestoneTitles[st.Milestone]})
		}
		g := &groups[len(groups)-1]
		label := titleCase(st.String()) + ". " + s.title(st)
		it := navItem{Href: stagePage(st), Label: label, Missing: true}
		if ch := s.chapters[st.Number]; ch != nil {
			it = navItem{Href: pageName(ch), Label: label}
		}
		it.Current = it.Href == current || stagePage(st) == current
		g.Items = append(g.Items, it)
		for _, sec := range s.sections[st.Number] {
			g.Items = append(g.Items, navItem{Href: pageName(sec), Label: sec.Section + ". " + sec.Title, Current: pageName(sec) == current, Section: true})
		}
	}
	if len(s.appendix) > 0 {
		g := navGroup{Name: "Appendices", Title: "How the book works"}
		for _, ch := range s.appendix {
			g.Items = append(g.Items, navItem{Href: pageName(ch), Label: ch.Appendix + ". " + ch.Title, Current: pageName(ch) == current})
		}
		groups = append(groups, g)
	}
	return groups
}

// title is a stage's title as its chapter gives it, or as the stage table
// does while the chapter is unwritten.
func (s *site) title(st stages.Stage) string {
	if ch := s.chapters[st.Number]; ch != nil && ch.Title != "" {
		return ch.Title
	}
	return st.Title
}

// order returns the chapters in book order, each followed by the
// sections of M5 that extend it, the appendices last.
func (s *site) order() []*book.Chapter {
	var chs []*book.Chapter
	for _, st := range stages.All() {
		if ch := s.chapters[st.Number]; ch != nil {
			chs = append(chs, ch)
		}
		chs = append(chs, s.sections[st.Number]...)
	}
	return append(chs, s.appendix...)
}

// writeChapters renders every chapter page.
func (s *site) writeChapters() error {
	chs := s.order()
	for i, ch := range chs {
		d, err := s.renderChapter(ch)
		if err != nil {
			return err
		}
		if i > 0 {
			d.Prev = &navItem{Href: pageName(chs[i-1]), Label: chs[i-1].Title}
		}
		if i+1 < len(chs) {
			d.Next = &navItem{Href: pageName(chs[i+1]), Label: chs[i+1].Title}
		}
		s.rendered[pageName(ch)] = string(d.Main)
		if err := s.write(pageName(ch), d); err != nil {
			return err
		}
	}
	return nil
}

// renderChapter turns a chapter into page data and adds it to the index.
func (s *site) renderChapter(ch *book.Chapter) (pageData, error) {
	md := book.NewMarkdown(highlightOptions(codeHeads{chapter: ch, site: s}), figures{}, inlineHTML{}, diagrams, plots, xrefs{targets: s.xrefTargets()})
	pc := parser.NewContext()
	doc := md.Parser().Parse(text.NewReader(ch.Source), parser.WithContext(pc))
	var buf bytes.Buffer
	if err := md.Renderer().Render(&buf, ch.Source, doc); err != nil {
		return pageData{}, fmt.Errorf("%s: %v", ch.Path, err)
	}
	d := pageData{Title: ch.Title, Nav: s.nav(pageName(ch)), Contents: headings(doc, ch.Source),
		Main: template.HTML(s.linkResults(addAnchors(buf.String()), ""))}
	s.indexChapter(ch, doc)
	s.noteCitations(string(d.Main), pageLink{Href: pageName(ch), Title: ch.Title})
	d.Edit, d.Markdown = s.repo.editURL(ch.Path), s.repo.fileURL(ch.Path)
	if ch.Appendix != "" {
		return d, nil // an appendix has no stage of its own to link
	}
	d.Stage = &navItem{Href: stagePage(ch.Stage), Label: titleCase(ch.Stage.Name()) + ": bench, files and commands"}
	d.Play = s.playLink(ch)
	if s.offersView(ch.Stage) {
		d.Download = &navItem{Href: zipName(ch.Stage), Label: "the code as this chapter leaves it (.zip)"}
		if prev, ok := view.Previous(ch.Stage); ok {
			d.Diff = &navItem{Href: diffPage(ch.Stage), Label: "what it adds to " + prev.Name()}
		}
	}
	return d, nil
}

// headings lists a document's h2 and h3 for the in-page contents.
func headings(doc ast.Node, src []byte) []heading {
	var hs []heading
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !ok || !entering || h.Level < 2 || h.Level > 3 {
			return ast.WalkContinue, nil
		}
		id, _ := h.AttributeString("id")
		hs = append(hs, heading{ID: book.AttrText(id), Text: strings.TrimSpace(book.PlainText(h, src)), Level: h.Level})
		return ast.WalkSkipChildren, nil
	})
	return hs
}

// indexChapter adds the chapter's sections to the search index.
func (s *site) indexChapter(ch *book.Chapter, doc ast.Node) {
	page := pageName(ch)
	cur := searchEntry{Kind: "chapter", Title: ch.Title, Page: ch.Title, URL: page}
	flush := func() {
		if strings.TrimSpace(cur.Text) != "" {
			cur.Text = strings.Join(strings.Fields(cur.Text), " ")
			s.index = append(s.index, cur)
		}
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level <= 3 {
			flush()
			id, _ := h.AttributeString("id")
			cur = searchEntry{Kind: "chapter", Title: strings.TrimSpace(book.PlainText(h, ch.Source)), Page: ch.Title, URL: page + "#" + book.AttrText(id)}
			continue
		}
		cur.Text += " " + book.PlainText(n, ch.Source)
	}
	flush()
}

// locate describes a reference for a block heading and gives its lines in
// stage st's view, if the site offers it, or in the repository's file.
func (s *site) locate(file, decl, region string, st stages.Stage) (string, [2]int) {
	src, regions := s.src, s.regions
	if s.offersView(st) && view.Holds(file) {
		v := s.views.Get(st)
		src, regions = v.Src, v.Regions
	}
	if region != "" {
		if r, ok := regions[region]; ok {
			return "region " + region, [2]int{r.Line + 1, r.EndLine - 1}
		}
		return "region " + region, [2]int{}
	}
	sn, err := src.Decl(file, decl)
	if err != nil {
		return decl, [2]int{}
	}
	return sn.Signature, [2]int{sn.Line, sn.EndLine}
}

// srcHref links to a source page at lines (relative to the site root): the
// page of stage st's view, if the site has one for the file, or the
// repository's.
func (s *site) srcHref(file string, lines [2]int, st stages.Stage) string {
	h := "src/" + file + ".html"
	if s.offersView(st) && s.viewSources[st.Name()][file] {
		h = viewSrcPage(st, file)
	}
	if lines[0] > 0 {
		h += fmt.Sprintf("#L%d-L%d", lines[0], lines[1])
	}
	return h
}

// writeChromaCSS writes the highlighting colors, light and dark: each as
// the system's choice (a media query) unless the reader chose the other with
// the theme button (data-theme on the root element), and by that choice.
func (s *site) writeChromaCSS() error {
	f := chromahtml.New(chromahtml.WithClasses(true))
	var light, dark bytes.Buffer
	if err := f.WriteCSS(&light, styles.Get("github")); err != nil {
		return err
	}
	if err := f.WriteCSS(&dark, styles.Get("github-dark")); err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.WriteString("@media not all and (prefers-color-scheme: dark) {\n")
	buf.WriteString(scopeCSS(light.String(), `:root:not([data-theme="dark"])`))
	buf.WriteString("}\n@media (prefers-color-scheme: dark) {\n")
	buf.WriteString(scopeCSS(dark.String(), `:root:not([data-theme="light"])`))
	buf.WriteString("}\n")
	buf.WriteString(scopeCSS(light.String(), `:root[data-theme="light"]`))
	buf.WriteString(scopeCSS(dark.String(), `:root[data-theme="dark"]`))
	return os.WriteFile(filepath.Join(s.out, "assets", "chroma.css"), buf.Bytes(), 0o644)
}

// cssRule finds a rule of chroma's CSS, one a line: "/* Keyword */ .chroma .k { … }".
var cssRule = regexp.MustCompile(`(?m)^(/\*[^*]*\*/ )?([^{/\n][^{\n]*)\{`)

// scopeCSS puts scope before every selector of chroma's CSS.
func scopeCSS(css, scope string) string {
	return cssRule.ReplaceAllString(css, "$1"+scope+" $2{")
}

// copyAssets copies the theme's static files (everything but the layout).
func (s *site) copyAssets() error {
	dst := filepath.Join(s.out, "assets")
	return filepath.WalkDir(s.opt.Theme, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(s.opt.Theme, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if strings.HasSuffix(p, ".html") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
}

// writeSearchIndex writes the index as a script, so search works from file://.
func (s *site) writeSearchIndex() error {
	data, err := json.Marshal(s.index)
	if err != nil {
		return err
	}
	js := append([]byte("window.BOOK_INDEX = "), data...)
	js = append(js, ";\n"...)
	return os.WriteFile(filepath.Join(s.out, "assets", "search-index.js"), js, 0o644)
}

// sortedSources lists the source files to render.
func (s *site) sortedSources() []string {
	var files []string
	for f := range s.sources {
		files = append(files, f)
	}
	sort.Strings(files)
	return files
}

// sourceBody is what a source page shows (the theme's source.html).
type sourceBody struct {
	File, Compiled string
	Code           template.HTML // highlighted
}

// writeSources renders each source file the book refers to, marker lines
// blanked so the line numbers stay the file's.
func (s *site) writeSources() error {
	var list []pageLink
	for _, file := range s.sortedSources() {
		data, err := os.ReadFile(filepath.Join(s.opt.Root, filepath.FromSlash(file)))
		if err != nil {
			continue // the check reports unknown files
		}
		code, err := highlightGo(data)
		if err != nil {
			return err
		}
		main, err := s.body("source.html", sourceBody{File: file, Compiled: s.compiledIn(file), Code: template.HTML(code)})
		if err != nil {
			return err
		}
		name := "src/" + file + ".html"
		if err := s.write(name, pageData{Title: file, Nav: s.nav(""), Main: main}); err != nil {
			return err
		}
		list = append(list, pageLink{Href: file + ".html", Title: file})
		s.index = append(s.index, searchEntry{Kind: "source", Title: file, Page: "Source files", URL: name, Text: declNames(string(data))})
	}
	main, err := s.body("sources.html", list)
	if err != nil {
		return err
	}
	return s.write("src/index.html", pageData{Title: "Source files", Nav: s.nav(""), Main: main})
}

// compiledIn says which stages compile a file.
func (s *site) compiledIn(file string) string {
	var in []string
	for _, st := range stages.All() {
		if ok, _ := s.src.Compiled(file, st); ok {
			in = append(in, st.String())
		}
	}
	switch {
	case len(in) == len(stages.All()):
		return "Compiled in every stage."
	case len(in) == 0:
		return "Compiled in no stage."
	}
	return "Compiled in stages " + strings.Join(in, ", ") + "."
}

// declNames lists a Go file's top-level names and its package comment's
// first sentence, for the search index.
func declNames(src string) string {
	f, err := goparser.ParseFile(token.NewFileSet(), "", src, goparser.ParseComments|goparser.SkipObjectResolution)
	if err != nil {
		return ""
	}
	var names []string
	if f.Doc != nil {
		names = append(names, f.Doc.Text())
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *goast.FuncDecl:
			names = append(names, d.Name.Name)
		case *goast.GenDecl:
			for _, sp := range d.Specs {
				names = append(names, book.SpecNames(sp)...)
			}
		}
	}
	return strings.Join(strings.Fields(strings.Join(names, " ")), " ")
}

// highlightGo renders a Go file as a source page shows it: highlighted, with
// linkable line numbers and its marker lines blanked, so that the numbers
// stay the file's.
func highlightGo(src []byte) (string, error) {
	lines := strings.Split(string(src), "\n")
	for i, l := range lines {
		if book.IsRegionMarker(l) {
			lines[i] = ""
		}
	}
	it, err := chroma.Coalesce(lexers.Get("go")).Tokenise(nil, strings.Join(lines, "\n"))
	if err != nil {
		return "", err
	}
	f := chromahtml.New(chromahtml.WithClasses(true), chromahtml.WithLineNumbers(true),
		chromahtml.WithLinkableLineNumbers(true, "L"), chromahtml.TabWidth(4))
	var buf bytes.Buffer
	if err := f.Format(&buf, styles.Get("github"), it); err != nil {
		return "", err
	}
	return buf.String(), nil
}
