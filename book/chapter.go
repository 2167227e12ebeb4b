package book

import (
	"bytes"
	"fmt"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"cb2026/book/directive"
	"cb2026/stages"

	"github.com/yuin/goldmark"
	meta "github.com/yuin/goldmark-meta"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"gopkg.in/yaml.v2"
)

// A BlockKind says what a fenced code block is to the check.
type BlockKind int

// The kinds of fenced code block.
const (
	PlainBlock      BlockKind = iota // shown as written, not checked (not Go)
	ReferenceBlock                   // file + decl or region: a copy of engine code
	VariantBlock                     // variant + replaces: code not in the engine, built
	TranscriptBlock                  // run: a command and its output, rerun
	ProgramBlock                     // a Go file of its own (starts with a package clause), compiled
	DiagramBlock                     // board: a position drawn as a diagram, its moves checked
	PlotBlock                        // plot: the table above it drawn as a chart
)

// String names the kind for messages.
func (k BlockKind) String() string {
	return [...]string{"plain", "reference", "variant", "transcript", "program", "diagram", "plot"}[k]
}

// A Block is one fenced code block of a chapter.
type Block struct {
	Kind      BlockKind
	Line      int               // line of the opening fence, 1-based
	Lang      string            // the info string's first word
	Attrs     map[string]string // the {…} attributes, values as text
	Body      string            // the block's text, indentation of the fence removed
	BodyStart int               // byte offset in the chapter of the body's first line
	BodyEnd   int               // byte offset just past the body's last line
	Prefix    string            // what precedes every body line in the file (a list's indentation, a quote's "> "), restored by fix
	Unfixable string            // why fix may not rewrite the body, "" if it may
	Fence     string            // the opening fence: ``` or ~~~, or longer
	Plot      *Plot             // a plot block's chart, as read with the table above it
	Plotted   bool              // a transcript that the plot block right after it draws
}

// Attr returns the attribute's value, "" if absent.
func (b *Block) Attr(name string) string { return b.Attrs[name] }

// A Figure is an inline figure: a link whose destination names a measurement,
// as in [8,902](perft:3:3).
type Figure struct {
	Line  int    // 1-based line of the link text
	Text  string // the stated value, as written
	Start int    // byte offset of the stated text in the chapter
	End   int    // byte offset just past it
	Spec  Spec   // the parsed destination
}

// A Span is an inline code span of a chapter's prose (`zoneAttack`): text
// outside code blocks and front matter.
type Span struct {
	Line int    // 1-based line of its first character
	Text string // its text, without the backticks
}

// A Chapter is one Markdown file of the book, read and indexed.
type Chapter struct {
	Path       string // relative to the repository root, slash-separated
	Source     []byte
	Title      string
	Stage      stages.Stage // the stage of the front matter (Number 0 if it is wrong)
	Appendix   string       // an appendix's letter ("A"); empty for a stage's chapter
	Section    string       // a section of milestone M5 beside chapter NN, as "10.1"; empty otherwise
	Answers    bool         // a file of answers/: the answers to a chapter's exercises
	Milestone  string
	Code       []string      // the code files named in the front matter
	Starter    []StarterFunc // the functions its construction exercise leaves to write
	Blocks     []*Block
	Figures    []*Figure
	Spans      []Span       // the code spans of the prose, in order
	lines      []int        // byte offset of each line's start
	figureEnds []int        // where each figure-like link's text ends
	fenceLines map[int]bool // lines that open a fenced code block
	crlf       bool         // the file has \r\n line ends
}

// LineOf returns the 1-based line of a byte offset in the chapter.
func (c *Chapter) LineOf(off int) int {
	return sort.Search(len(c.lines), func(i int) bool { return c.lines[i] > off })
}

// AnswersDir is the folder of the answers to the chapters' exercises: a
// file answers/NN-slug.md per chapters/NN-slug.md, for course teachers, so it
// is checked like a chapter but is not on the site.
const AnswersDir = "answers"

// chapterName is the form of a chapter's file name: NN-slug.md for a
// stage's chapter, NN.K-slug.md for section K of milestone M5 beside
// chapter NN (a technique of main that extends that chapter's), L-slug.md
// for an appendix (L its capital letter).
var chapterName = regexp.MustCompile(`^([0-9]{2}(\.[1-9])?|[A-Z])-[a-z0-9]+(-[a-z0-9]+)*\.md$`)

// sectionName is the head of a section's file name: chapter NN, section K.
var sectionName = regexp.MustCompile(`^([0-9]{2})\.([1-9])-`)

// NewMarkdown returns the goldmark parser the reader uses; the site adds its
// renderers to the same options, so both see the same tree.
func NewMarkdown(exts ...goldmark.Extender) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(append([]goldmark.Extender{meta.Meta, extension.Table}, exts...)...),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	)
}

// ParseChapter reads a chapter's Markdown. path is used in messages and must be
// relative to the repository root. It returns the chapter as far as it could be
// read and every problem found; it never panics on any input.
func ParseChapter(path string, src []byte) (*Chapter, []Problem) {
	c := &Chapter{Path: filepath.ToSlash(path), Source: src, lines: lineStarts(src)}
	c.Answers = filepath.Base(filepath.Dir(path)) == AnswersDir
	var probs []Problem
	add := func(line int, format string, args ...any) {
		probs = append(probs, Problem{File: c.Path, Line: line, Msg: fmt.Sprintf(format, args...)})
	}
	if !chapterName.MatchString(filepath.Base(path)) {
		add(1, "chapter file name must be NN-slug.md (a stage's chapter), NN.K-slug.md (a section of M5 beside chapter NN) or L-slug.md (appendix L)")
	}
	if i := bytes.Index(src, []byte("\r\n")); i >= 0 {
		c.crlf = true
		add(c.LineOf(i), "the file has CRLF (\\r\\n) line ends: save it with LF line ends, as every chapter is")
	}
	md := NewMarkdown()
	pc := parser.NewContext()
	doc := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	if !c.readFrontMatter(pc, add) {
		return c, probs // the rest was read as front matter
	}
	c.fenceLines = map[int]bool{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if f, ok := n.(*ast.FencedCodeBlock); ok && entering && f.Pos() >= 0 {
			c.fenceLines[c.LineOf(f.Pos())] = true
		}
		return ast.WalkContinue, nil
	})
	var code [][2]int   // byte ranges of code, where figure syntax is just text
	var blocks [][2]int // the same for code blocks alone
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock:
			if n.Lines().Len() > 0 {
				r := [2]int{n.Lines().At(0).Start, n.Lines().At(n.Lines().Len() - 1).Stop}
				code, blocks = append(code, r), append(blocks, r)
			}
			if f, ok := n.(*ast.FencedCodeBlock); ok {
				c.readBlock(f, add)
			}
			if h, ok := n.(*ast.HTMLBlock); ok && h.Lines().Len() > 0 {
				add(c.LineOf(h.Lines().At(0).Start), "an HTML block is dropped from the page: write it in Markdown (a chapter may hold only <sup> and <sub>, inline, for formulas)")
			}
		case *ast.CodeSpan:
			first, ok1 := n.FirstChild().(*ast.Text)
			last, ok2 := n.LastChild().(*ast.Text)
			if ok1 && ok2 {
				code = append(code, [2]int{first.Segment.Start - 1, last.Segment.Stop + 1})
				c.Spans = append(c.Spans, Span{Line: c.LineOf(first.Segment.Start), Text: spanText(n, src)})
			}
		case *ast.Link:
			c.readFigure(n, add)
		case *ast.RawHTML:
			c.checkInlineHTML(n, src, add)
		}
		return ast.WalkContinue, nil
	})
	c.findBrokenFigures(code, add)
	c.findBrokenFences(blocks, add)
	return c, probs
}

// InlineHTML lists the only raw HTML a chapter may hold, each tag exactly as
// written here: superscripts and subscripts, for formulas such as b<sup>d</sup>.
// The site renders them as they are; any other tag would be dropped from the
// page, so the check refuses it.
var InlineHTML = []string{"<sup>", "</sup>", "<sub>", "</sub>"}

// checkInlineHTML reports raw inline HTML that is not one of InlineHTML.
func (c *Chapter) checkInlineHTML(n *ast.RawHTML, src []byte, add func(int, string, ...any)) {
	for i := 0; i < n.Segments.Len(); i++ {
		seg := n.Segments.At(i)
		if tag := string(seg.Value(src)); !slices.Contains(InlineHTML, tag) {
			add(c.LineOf(seg.Start), "raw HTML %s is dropped from the page: a chapter may hold only <sup> and <sub>, for formulas, with no attributes (write other markup in Markdown, or code in backticks)", tag)
		}
	}
}

// ReadChapters reads and parses chapters of the module at root: the named
// files (relative to root), or when none are named every dir/*.md, in name
// order. The error is for a file that cannot be read; what is wrong with a
// chapter is in the problems.
func ReadChapters(root, dir string, files []string) ([]*Chapter, []Problem, error) {
	if len(files) == 0 {
		m, err := filepath.Glob(filepath.Join(root, dir, "*.md"))
		if err != nil {
			return nil, nil, err
		}
		sort.Strings(m)
		for _, f := range m {
			rel, _ := filepath.Rel(root, f)
			files = append(files, rel)
		}
	}
	var chs []*Chapter
	var probs []Problem
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			return chs, probs, err
		}
		ch, p := ParseChapter(f, data)
		chs = append(chs, ch)
		probs = append(probs, p...)
	}
	return chs, probs, nil
}

// figureLike finds what looks like the destination of a figure.
var figureLike = regexp.MustCompile(`\]\(<?(bench|perft|cmd):`)

// findBrokenFigures reports figure syntax that did not parse as a link (a
// destination with spaces needs <…>), so no figure is silently unchecked.
func (c *Chapter) findBrokenFigures(code [][2]int, add func(int, string, ...any)) {
	ends := map[int]bool{}
	for _, e := range c.figureEnds {
		ends[e] = true
	}
	for _, m := range figureLike.FindAllIndex(c.Source, -1) {
		inCode := false
		for _, r := range code {
			inCode = inCode || (m[0] >= r[0] && m[0] < r[1])
		}
		if !inCode && !ends[m[0]] {
			add(c.LineOf(m[0]), "figure syntax that is not a link (write a destination with spaces as <kind:…>)")
		}
	}
}

// backtickFence finds a line that would open a ``` fence but for a backtick
// in its info string, after any quote marks and list marker.
var backtickFence = regexp.MustCompile("(?m)^[ \t>]*(?:[-*+][ \t]+|[0-9]+[.)][ \t]+)?```+[^`\n]+`")

// findBrokenFences reports a ``` line whose info string holds a backtick:
// CommonMark does not read it as a fence, so the block it means to open is
// prose and the next fence opens a block instead.
func (c *Chapter) findBrokenFences(blocks [][2]int, add func(int, string, ...any)) {
	for _, m := range backtickFence.FindAllIndex(c.Source, -1) {
		inBlock := false
		for _, r := range blocks {
			inBlock = inBlock || (m[0] >= r[0] && m[0] < r[1])
		}
		if !inBlock {
			add(c.LineOf(m[0]), "a ``` line whose info string holds a backtick opens no code block (Markdown reads it as text): drop the backtick, or open the block with ~~~")
		}
	}
}

// lineStarts returns the byte offset of every line's first byte.
func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, b := range src {
		if b == '\n' && i+1 < len(src) {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// FrontMatterLine returns the line of key in the front matter, or 1.
func (c *Chapter) FrontMatterLine(key string) int {
	lines := strings.Split(string(c.Source), "\n")
	for i, l := range lines {
		if i > 0 && strings.TrimSpace(l) == "---" {
			break
		}
		if strings.HasPrefix(l, key+":") {
			return i + 1
		}
	}
	return 1
}

// frontMatterKeys are the keys a front matter may have.
var frontMatterKeys = []string{"title", "stage", "milestone", "code", "appendix", "starter"}

// A StarterFunc is one entry of a chapter's starter key: a function that
// the chapter's construction exercise has the student write, which the
// chapter's starter (book starter N DIR) leaves as a stub. It is written
// file:Func, or file:Type.Method for a method, the file a slash path from
// the module root:
//
//	starter:
//	  - engine/search/ordering.go:mvvLva
type StarterFunc struct {
	File string // the Go file, a slash path from the module root
	Func string // the function's name, or a method's as Type.Method
	Line int    // the entry's line in the chapter
}

// String returns the entry as the front matter writes it.
func (f StarterFunc) String() string { return f.File + ":" + f.Func }

// readFrontMatter checks and stores title, stage, milestone and code. It
// returns false if the front matter is not closed, so that the whole chapter
// was read as front matter and there is nothing else to read.
func (c *Chapter) readFrontMatter(pc parser.Context, add func(int, string, ...any)) bool {
	if !bytes.HasPrefix(c.Source, []byte("---\n")) && !bytes.HasPrefix(c.Source, []byte("---\r\n")) {
		add(1, "missing front matter (a --- block with title, stage, milestone, code)")
		return true
	}
	if !c.frontMatterClosed() {
		add(1, "front matter is not closed: the --- on line 1 needs a --- line after the last key, or the whole chapter is read as front matter")
		return false
	}
	m, err := meta.TryGet(pc)
	if err != nil {
		line, msg := yamlMessage(err)
		add(line, "malformed front matter: %s", msg)
		return true
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !slices.Contains(frontMatterKeys, k) {
			add(c.FrontMatterLine(k), "front matter: unknown key %q (the keys are %s)", k, strings.Join(frontMatterKeys, ", "))
		}
	}
	title, ok := m["title"].(string)
	if !ok || strings.TrimSpace(title) == "" {
		add(c.FrontMatterLine("title"), "front matter: title must be a non-empty string")
	}
	c.Title = title
	c.readStage(m["stage"], add)
	c.readAppendix(m["appendix"], add)
	c.readSection(add)
	c.Milestone = fmt.Sprint(m["milestone"])
	if c.Answers {
		c.Milestone = "" // its chapter's
	} else if c.Appendix != "" {
		c.Milestone = ""
		if m["milestone"] != nil {
			add(c.FrontMatterLine("milestone"), "front matter: an appendix belongs to no milestone")
		}
	} else if c.Stage.Number != 0 && c.Milestone != string(c.Stage.Milestone) {
		add(c.FrontMatterLine("milestone"), "front matter: milestone — stated %s, the stage table says %s", c.Milestone, c.Stage.Milestone)
	}
	code, ok := m["code"].([]any)
	if !ok && m["code"] != nil {
		add(c.FrontMatterLine("code"), "front matter: code must be a list of files")
	}
	for _, f := range code {
		c.Code = append(c.Code, fmt.Sprint(f))
		if err := ModuleFile(fmt.Sprint(f)); err != nil {
			add(c.FrontMatterLine("code"), "front matter: %v", err)
		}
	}
	c.readStarter(m["starter"], add)
	return true
}

// starterForm is how a starter entry is written, for messages.
const starterForm = "want file:function, like engine/search/ordering.go:mvvLva (a method as file:Type.Method)"

// readStarter reads the starter key: a list of file:function entries, each
// a Go file of the module (not a test) and a function or Type.Method. Only
// a stage's chapter has one: its starter is that stage's handout. Whether
// the view declares each function is the check's to say.
func (c *Chapter) readStarter(v any, add func(int, string, ...any)) {
	if v == nil {
		return
	}
	line := c.FrontMatterLine("starter")
	list, ok := v.([]any)
	switch {
	case c.Answers || c.Appendix != "":
		add(line, "front matter: starter belongs in a stage's chapter, whose handout it is; not in an appendix or answers")
		return
	case !ok:
		add(line, "front matter: starter must be a list of functions to write, each file:function: %s", starterForm)
		return
	}
	seen := map[string]bool{}
	for i, e := range list {
		s, _ := e.(string)
		at := c.listItemLine("starter", i)
		file, fn, ok := strings.Cut(s, ":")
		switch {
		case !ok || !isFuncName(fn):
			add(at, "front matter: starter entry %q: %s", fmt.Sprint(e), starterForm)
		case ModuleFile(file) != nil:
			add(at, "front matter: starter entry %q: %v", s, ModuleFile(file))
		case !strings.HasSuffix(file, ".go") || strings.HasSuffix(file, "_test.go"):
			add(at, "front matter: starter entry %q: %s is not a Go file of the engine (a .go file, not a test)", s, file)
		case seen[s]:
			add(at, "front matter: starter entry %q is listed twice", s)
		default:
			seen[s] = true
			c.Starter = append(c.Starter, StarterFunc{File: file, Func: fn, Line: at})
		}
	}
}

// isFuncName reports whether s names a function, Name, or a method,
// Type.Name.
func isFuncName(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) > 2 {
		return false
	}
	for _, p := range parts {
		if !token.IsIdentifier(p) {
			return false
		}
	}
	return true
}

// listItemLine returns the line of item i of the block list under key in
// the front matter, or the key's line (a flow list, [a, b], is on it).
func (c *Chapter) listItemLine(key string, i int) int {
	at := c.FrontMatterLine(key)
	lines := strings.Split(string(c.Source), "\n")
	n := 0
	for j := at; j < len(lines); j++ { // lines[at] is the line after the key's
		l := strings.TrimRight(lines[j], "\r")
		t := strings.TrimSpace(l)
		switch {
		case t == "---" || (t != "" && l[0] != ' ' && l[0] != '-' && l[0] != '#'):
			return at // the front matter's end, or the next key
		case strings.HasPrefix(t, "- ") || t == "-":
			if n == i {
				return j + 1
			}
			n++
		}
	}
	return at
}

// frontMatterClosed reports whether a line after the first closes the front
// matter, as goldmark-meta reads it: a line of dashes only.
func (c *Chapter) frontMatterClosed() bool {
	for i, l := range strings.Split(string(c.Source), "\n") {
		t := strings.TrimSpace(l)
		if i > 0 && t != "" && strings.Trim(t, "-") == "" {
			return true
		}
	}
	return false
}

// ModuleFile checks that a file attribute names a file of the module: a
// slash path from the module root, with no . or .. element.
func ModuleFile(f string) error {
	if !fs.ValidPath(f) || f == "." {
		return fmt.Errorf("%q is not a file of the module: want a slash path from the module root, like engine/board/perft.go", f)
	}
	return nil
}

// readStage reads the stage as stages.Parse does: 1..stages.Last, or main
// (YAML gives the one as a number, the other as a string).
func (c *Chapter) readStage(v any, add func(int, string, ...any)) {
	line := c.FrontMatterLine("stage")
	var s string
	switch v := v.(type) {
	case nil:
		add(line, "front matter: stage is missing")
		return
	case int:
		s = strconv.Itoa(v)
	case string:
		s = v
	default:
		add(line, "front matter: stage %v is neither a number nor main", v)
		return
	}
	st, err := stages.Parse(s)
	if err != nil {
		add(line, "front matter: %v", err)
		return
	}
	c.Stage = st
}

// appendixLetter is an appendix's letter: its file name's first character.
var appendixLetter = regexp.MustCompile(`^[A-Z]$`)

// readAppendix reads an appendix's letter, which must be its file name's
// first character; a file named L-slug.md must have one. An appendix's
// stage is the one its code blocks and transcripts default to. A chapter
// that means to be an appendix is read on as one, whatever is wrong with its
// letter, so that it gets no stage chapter's problems too.
func (c *Chapter) readAppendix(v any, add func(int, string, ...any)) {
	base := path.Base(c.Path)
	letter := base[:1]
	isAppendixFile := letter >= "A" && letter <= "Z"
	if v == nil && !isAppendixFile {
		return
	}
	s, ok := v.(string)
	switch {
	case v == nil:
		add(1, "front matter: %s is an appendix's file name: want appendix: %s", base, letter)
	case !ok || !appendixLetter.MatchString(s):
		add(c.FrontMatterLine("appendix"), "front matter: appendix must be one capital letter, not %v", v)
	case s != letter:
		add(c.FrontMatterLine("appendix"), "front matter: appendix %s must be in a file %s-slug.md, not %s", s, s, base)
	}
	c.Appendix = letter
}

// readSection reads a section's number from its file name, NN.K-slug.md:
// section K beside chapter NN, which must be a chapter of the book. A
// section teaches a technique main runs after stage 20, so its stage is
// main (and so its milestone M5).
func (c *Chapter) readSection(add func(int, string, ...any)) {
	m := sectionName.FindStringSubmatch(path.Base(c.Path))
	if m == nil {
		return
	}
	n, _ := strconv.Atoi(m[1])
	c.Section = fmt.Sprintf("%d.%s", n, m[2])
	if n < 1 || n > stages.Main {
		add(1, "section %s: there is no chapter %d to stand beside (chapters 1 to %d)", c.Section, n, stages.Main)
	}
	if c.Stage.Number != 0 && c.Stage.Number != stages.Main {
		add(c.FrontMatterLine("stage"), "front matter: section %s teaches a technique of main: want stage: main, not %s", c.Section, c.Stage)
	}
}

// Extends returns the chapter a section stands beside (10 for section
// 10.1), or 0 for a chapter or an appendix.
func (c *Chapter) Extends() int {
	n, _ := strconv.Atoi(strings.Split(c.Section, ".")[0])
	return n
}

// yamlLine finds the line number in a YAML message.
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): `)

// yamlMessage shortens a YAML error to one line and finds the chapter line it
// is about (YAML counts from the line after the opening ---).
func yamlMessage(err error) (int, string) {
	if te, ok := err.(*yaml.TypeError); ok {
		return 1, strings.Join(te.Errors, "; ")
	}
	msg := strings.ReplaceAll(err.Error(), "\n", " ")
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n + 1, strings.TrimPrefix(msg, m[0])
	}
	return 1, msg
}

// attrStart opens the {…} part of an info string.
var attrStart = []byte("{")

// blockAttrNames are the attributes each kind of block the check reads may
// have; diagrams and plots check their own, and plain blocks are not read.
var blockAttrNames = map[BlockKind][]string{
	ReferenceBlock:  {"file", "decl", "region", "stage"},
	VariantBlock:    {"variant", "file", "replaces", "stage"},
	TranscriptBlock: {"run", "input", "mask", "head", "tail", "stage"},
	ProgramBlock:    {"stage"},
}

// readBlock indexes one fenced code block. A block whose end is not a
// closing fence is reported and not indexed: where the author meant it to end
// is unknown, so nothing may check or rewrite it.
func (c *Chapter) readBlock(n *ast.FencedCodeBlock, add func(int, string, ...any)) {
	b := &Block{Attrs: map[string]string{}}
	if n.Pos() < 0 {
		return // goldmark gives every block its position
	}
	b.Line = c.LineOf(n.Pos())
	_, fence, ok := c.closingFence(n)
	b.Fence = fence
	if !ok {
		in := containerName(n)
		close := fence
		if in == "quote" {
			close = "> " + fence
		}
		add(b.Line, "unclosed code fence: it runs to the end of the %s; close the block with a %s line", in, close)
		return
	}
	if n.Info == nil {
		return // no info string: plain text, nothing to check
	}
	info := n.Info.Segment.Value(c.Source)
	b.Lang = string(n.Language(c.Source))
	if i := bytes.Index(info, attrStart); i >= 0 {
		attrs, ok := parser.ParseAttributes(text.NewReader(info[i:]))
		if !ok {
			add(b.Line, "malformed block attributes %q", info[i:])
			return
		}
		for _, a := range attrs {
			if _, dup := b.Attrs[string(a.Name)]; dup {
				add(b.Line, "duplicate attribute %s", a.Name)
			}
			b.Attrs[string(a.Name)] = AttrText(a.Value)
		}
		if i == 0 {
			b.Lang = ""
		}
	}
	lines := n.Lines()
	var body strings.Builder
	for i := 0; i < lines.Len(); i++ {
		s := lines.At(i)
		body.WriteString(strings.Repeat(" ", s.Padding))
		body.Write(s.Value(c.Source))
	}
	b.Body = body.String()
	if b.Line < len(c.lines) {
		b.BodyStart = c.lines[b.Line]
	} else {
		b.BodyStart = len(c.Source)
	}
	b.BodyEnd = b.BodyStart
	if lines.Len() > 0 {
		b.BodyEnd = lines.At(lines.Len() - 1).Stop
	}
	c.findPrefix(n, b)
	b.Kind = Classify(b)
	c.checkAttrs(b, add)
	switch b.Kind {
	case DiagramBlock:
		if _, err := ParseDiagram(b.Attrs, b.Body); err != nil {
			add(b.Line, "%v", err)
		}
	case PlotBlock:
		if TranscriptAbove(n, c.Source) != nil {
			// The block just read, in document order, is that transcript.
			last := c.Blocks[len(c.Blocks)-1]
			last.Plotted = last.Kind == TranscriptBlock
		}
		p, err := ParsePlot(b.Attrs, b.Body, PlotTable(n, c.Source))
		if err != nil {
			add(b.Line, "%v", err)
		} else {
			b.Plot = p
		}
	}
	c.Blocks = append(c.Blocks, b)
}

// checkAttrs reports an attribute the block's kind does not read, and a
// file attribute that names no file of the module.
func (c *Chapter) checkAttrs(b *Block, add func(int, string, ...any)) {
	known, ok := blockAttrNames[b.Kind]
	if !ok {
		return
	}
	var names []string
	for k := range b.Attrs {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if !slices.Contains(known, k) {
			add(b.Line, "unknown attribute %s on a %s block (it may have %s)", k, b.Kind, strings.Join(known, ", "))
		}
	}
	if f, ok := b.Attrs["file"]; ok {
		if err := ModuleFile(f); err != nil {
			add(b.Line, "%v", err)
		}
	}
}

// closingFence returns the line after the block's body (0-based), the
// block's opening fence, and whether that line closes it: at the same depth of quote, a run of the fence's
// character at least as long, and nothing else. Goldmark also ends a block
// at the end of the document or of its list item or quote; so it reads an
// unclosed fence, which swallows what follows.
func (c *Chapter) closingFence(n *ast.FencedCodeBlock) (int, string, bool) {
	open := n.Pos()
	k := open
	for k < len(c.Source) && c.Source[k] == c.Source[open] {
		k++
	}
	fence := string(c.Source[open:k])
	last := c.LineOf(open) // 1-based, so the index of the next line
	if n.Lines().Len() > 0 {
		last = c.LineOf(n.Lines().At(n.Lines().Len() - 1).Start)
	}
	if last >= len(c.lines) || c.fenceLines[last+1] {
		return last, fence, false
	}
	line := c.lineText(last)
	rest := bytes.TrimLeft(line, " \t>")
	quotes := bytes.Count(c.Source[c.lines[c.LineOf(open)-1]:open], []byte(">"))
	if bytes.Count(line[:len(line)-len(rest)], []byte(">")) != quotes || !bytes.HasPrefix(rest, []byte(fence)) {
		return last, fence, false
	}
	return last, fence, len(bytes.Trim(rest, fence[:1]+" \t\r")) == 0
}

// containerName names what an unclosed block runs to the end of.
func containerName(n ast.Node) string {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.(type) {
		case *ast.Blockquote:
			return "quote"
		case *ast.ListItem:
			return "list item"
		}
	}
	return "chapter"
}

// lineText returns line i (0-based) without its line end.
func (c *Chapter) lineText(i int) []byte {
	end := len(c.Source)
	if i+1 < len(c.lines) {
		end = c.lines[i+1]
	}
	return bytes.TrimRight(c.Source[c.lines[i]:end], "\n")
}

// findPrefix finds what precedes each body line in the file (the prefix of
// its first line with text or, if none has text, the opening fence's) and checks that fix can
// rewrite the body exactly: the body with that prefix on every line must be
// the file's text, trailing spaces aside. If it is not (lines of a list or
// quote that do not share one prefix, a tab inside the indentation, CRLF
// line ends), the block is marked unfixable and why.
func (c *Chapter) findPrefix(n *ast.FencedCodeBlock, b *Block) {
	lines := n.Lines()
	prefixEnd, line := -1, 0
	for i := 0; i < lines.Len() && prefixEnd < 0; i++ {
		if s := lines.At(i); len(bytes.TrimSpace(s.Value(c.Source))) > 0 {
			prefixEnd, line = s.Start, c.LineOf(s.Start)-1
		}
	}
	if prefixEnd < 0 { // no text: the opening fence's, a list's marker as spaces
		open := c.Source[c.lines[b.Line-1]:n.Pos()]
		b.Prefix = strings.Map(func(r rune) rune {
			if r == '>' || r == '\t' {
				return r
			}
			return ' '
		}, string(open))
	} else {
		b.Prefix = string(c.Source[c.lines[line]:prefixEnd])
	}
	switch {
	case strings.Contains(b.Prefix, "\t"):
		b.Unfixable = "a tab in the indentation before its lines"
	case c.crlf:
		b.Unfixable = "the file has CRLF line ends"
	case !sameText(prefixLines(b.Body, b.Prefix), string(c.Source[b.BodyStart:b.BodyEnd])):
		b.Unfixable = fmt.Sprintf("its lines do not all begin with %q, so fix cannot tell where the code starts on each; rewrite it by hand", b.Prefix)
	}
}

// sameText reports whether a and b are the same lines, trailing spaces aside.
func sameText(a, b string) bool {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	if len(la) != len(lb) {
		return false
	}
	for i := range la {
		if strings.TrimRight(la[i], " \t") != strings.TrimRight(lb[i], " \t") {
			return false
		}
	}
	return true
}

// prefixLines puts prefix before every line of text: whole before a line
// with text, without its trailing spaces before an empty one (a quote's ">",
// nothing for a list's indentation).
func prefixLines(text, prefix string) string {
	if prefix == "" {
		return text
	}
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		switch {
		case l == "":
		case strings.TrimSpace(l) == "":
			lines[i] = strings.TrimRight(prefix, " \t") + l
		default:
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "")
}

// AttrText turns a goldmark attribute value into text.
func AttrText(v any) string {
	switch v := v.(type) {
	case []byte:
		return string(v)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	default:
		return fmt.Sprint(v)
	}
}

// Classify decides a block's kind from its attributes and language.
func Classify(b *Block) BlockKind {
	switch {
	case b.Attrs["variant"] != "" || b.Attrs["replaces"] != "":
		return VariantBlock
	case b.Attrs["decl"] != "" || b.Attrs["region"] != "" || b.Attrs["file"] != "":
		return ReferenceBlock
	case b.Attrs["run"] != "":
		return TranscriptBlock
	case b.Lang == "go":
		return ProgramBlock
	case b.Lang == DiagramLang:
		return DiagramBlock
	case b.Lang == PlotLang:
		return PlotBlock
	}
	return PlainBlock
}

// schemeLike finds the scheme of a link destination: a word before a colon,
// as in bench:7 or https://…
var schemeLike = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]*):`)

// linkSchemes are the schemes of links that are not figures.
var linkSchemes = []string{"http", "https", "mailto"}

// readFigure indexes a link whose destination is a figure kind. A link
// whose destination has any other scheme than http, https or mailto is an
// error (a misspelt kind would otherwise be a plain link, never measured);
// a destination with no scheme (a relative path, #anchor) is a plain link.
func (c *Chapter) readFigure(n *ast.Link, add func(int, string, ...any)) {
	dest := string(n.Destination)
	t, ok := n.FirstChild().(*ast.Text)
	line := c.LineOf(n.Pos())
	m := schemeLike.FindStringSubmatch(dest)
	if m == nil || slices.Contains(linkSchemes, strings.ToLower(m[1])) {
		return
	}
	if kind := m[1]; !IsFigureKind(kind) {
		hint := ""
		if s := directive.Suggest(kind, KindBench, KindPerft, KindCmd); s != "" {
			hint = fmt.Sprintf(" (did you mean %s?)", s)
		}
		add(line, "link %q: unknown figure kind %q%s: a figure is [N](bench:…), [N](perft:…) or [N](<cmd:…>), and any other link is http:, https:, mailto: or a relative path", dest, kind, hint)
		return
	}
	if !ok || n.FirstChild() != n.LastChild() {
		add(line, "figure %q: the link text must be the plain stated value", dest)
		if i := bytes.Index(c.Source[n.Pos():], []byte("]("+dest)); i >= 0 {
			c.figureEnds = append(c.figureEnds, n.Pos()+i) // reported here, not as a broken figure
		} else if i := bytes.Index(c.Source[n.Pos():], []byte("](<"+dest)); i >= 0 {
			c.figureEnds = append(c.figureEnds, n.Pos()+i)
		}
		return
	}
	f := &Figure{Start: t.Segment.Start, End: t.Segment.Stop}
	f.Text = string(c.Source[f.Start:f.End])
	f.Line = c.LineOf(f.Start)
	c.figureEnds = append(c.figureEnds, f.End)
	spec, err := ParseSpec(dest)
	if err != nil {
		add(f.Line, "figure %q: %v", dest, err)
		return
	}
	f.Spec = spec
	c.Figures = append(c.Figures, f)
}

// spanText returns a code span's text: its text segments joined (a span
// that goldmark splits across lines is joined by the space it stands for).
func spanText(n *ast.CodeSpan, src []byte) string {
	var b strings.Builder
	for t := n.FirstChild(); t != nil; t = t.NextSibling() {
		if t, ok := t.(*ast.Text); ok {
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() {
				b.WriteByte(' ')
			}
		}
	}
	return b.String()
}
