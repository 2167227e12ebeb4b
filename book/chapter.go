package book

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

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
	Indent    string            // the fence's indentation, restored by fix
	Plot      *Plot             // a plot block's chart, as read with the table above it
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

// A Chapter is one Markdown file of the book, read and indexed.
type Chapter struct {
	Path       string // relative to the repository root, slash-separated
	Source     []byte
	Title      string
	Stage      stages.Stage // the stage of the front matter (Number 0 if it is wrong)
	Appendix   string       // an appendix's letter ("A"); empty for a stage's chapter
	Answers    bool         // a file of answers/: the answers to a chapter's exercises
	Milestone  string
	Code       []string // the code files named in the front matter
	Blocks     []*Block
	Figures    []*Figure
	lines      []int // byte offset of each line's start
	figureEnds []int // where each figure-like link's text ends
}

// LineOf returns the 1-based line of a byte offset in the chapter.
func (c *Chapter) LineOf(off int) int {
	return sort.Search(len(c.lines), func(i int) bool { return c.lines[i] > off })
}

// answersDir is the folder of the answers to the chapters' exercises: a
// file answers/NN-slug.md per chapters/NN-slug.md, for course teachers, so it
// is checked like a chapter but is not on the site.
const answersDir = "answers"

// chapterName is the form of a chapter's file name: NN-slug.md for a
// stage's chapter, L-slug.md for an appendix (L its capital letter).
var chapterName = regexp.MustCompile(`^([0-9]{2}|[A-Z])-[a-z0-9]+(-[a-z0-9]+)*\.md$`)

// newMarkdown returns the goldmark parser the reader uses; the site adds its
// renderers to the same options, so both see the same tree.
func newMarkdown(exts ...goldmark.Extender) goldmark.Markdown {
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
	c.Answers = filepath.Base(filepath.Dir(path)) == answersDir
	var probs []Problem
	add := func(line int, format string, args ...any) {
		probs = append(probs, Problem{File: c.Path, Line: line, Msg: fmt.Sprintf(format, args...)})
	}
	if !chapterName.MatchString(filepath.Base(path)) {
		add(1, "chapter file name must be NN-slug.md (a stage's chapter) or L-slug.md (appendix L)")
	}
	md := newMarkdown()
	pc := parser.NewContext()
	doc := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	c.readFrontMatter(pc, add)
	var code [][2]int // byte ranges of code, where figure syntax is just text
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock:
			if n.Lines().Len() > 0 {
				code = append(code, [2]int{n.Lines().At(0).Start, n.Lines().At(n.Lines().Len() - 1).Stop})
			}
			if f, ok := n.(*ast.FencedCodeBlock); ok {
				c.readBlock(f, add)
			}
		case *ast.CodeSpan:
			first, ok1 := n.FirstChild().(*ast.Text)
			last, ok2 := n.LastChild().(*ast.Text)
			if ok1 && ok2 {
				code = append(code, [2]int{first.Segment.Start - 1, last.Segment.Stop + 1})
			}
		case *ast.Link:
			c.readFigure(n, add)
		}
		return ast.WalkContinue, nil
	})
	c.findBrokenFigures(code, add)
	return c, probs
}

// readChapters reads and parses chapters of the module at root: the named
// files (relative to root), or when none are named every dir/*.md, in name
// order. The error is for a file that cannot be read; what is wrong with a
// chapter is in the problems.
func readChapters(root, dir string, files []string) ([]*Chapter, []Problem, error) {
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

// frontMatterLine returns the line of key in the front matter, or 1.
func (c *Chapter) frontMatterLine(key string) int {
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

// readFrontMatter checks and stores title, stage, milestone and code.
func (c *Chapter) readFrontMatter(pc parser.Context, add func(int, string, ...any)) {
	if !bytes.HasPrefix(c.Source, []byte("---\n")) {
		add(1, "missing front matter (a --- block with title, stage, milestone, code)")
		return
	}
	m, err := meta.TryGet(pc)
	if err != nil {
		line, msg := yamlMessage(err)
		add(line, "malformed front matter: %s", msg)
		return
	}
	title, ok := m["title"].(string)
	if !ok || strings.TrimSpace(title) == "" {
		add(c.frontMatterLine("title"), "front matter: title must be a non-empty string")
	}
	c.Title = title
	c.readStage(m["stage"], add)
	c.readAppendix(m["appendix"], add)
	c.Milestone = fmt.Sprint(m["milestone"])
	if c.Answers {
		c.Milestone = "" // its chapter's
	} else if c.Appendix != "" {
		c.Milestone = ""
		if m["milestone"] != nil {
			add(c.frontMatterLine("milestone"), "front matter: an appendix belongs to no milestone")
		}
	} else if c.Stage.Number != 0 && c.Milestone != string(c.Stage.Milestone) {
		add(c.frontMatterLine("milestone"), "front matter: milestone — stated %s, the stage table says %s", c.Milestone, c.Stage.Milestone)
	}
	code, ok := m["code"].([]any)
	if !ok && m["code"] != nil {
		add(c.frontMatterLine("code"), "front matter: code must be a list of files")
	}
	for _, f := range code {
		c.Code = append(c.Code, fmt.Sprint(f))
	}
}

// readStage reads the stage as stages.Parse does: 1..stages.Last, or main
// (YAML gives the one as a number, the other as a string).
func (c *Chapter) readStage(v any, add func(int, string, ...any)) {
	line := c.frontMatterLine("stage")
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
		add(c.frontMatterLine("appendix"), "front matter: appendix must be one capital letter, not %v", v)
	case s != letter:
		add(c.frontMatterLine("appendix"), "front matter: appendix %s must be in a file %s-slug.md, not %s", s, s, base)
	}
	c.Appendix = letter
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

// readBlock indexes one fenced code block.
func (c *Chapter) readBlock(n *ast.FencedCodeBlock, add func(int, string, ...any)) {
	b := &Block{Attrs: map[string]string{}}
	if n.Info == nil {
		return // no info string: plain text, nothing to check
	}
	info := n.Info.Segment.Value(c.Source)
	b.Line = c.LineOf(n.Info.Segment.Start)
	lineStart := c.lines[b.Line-1]
	b.Indent = string(leadingSpace(c.Source[lineStart:n.Info.Segment.Start]))
	b.Lang = string(n.Language(c.Source))
	if i := bytes.Index(info, attrStart); i >= 0 {
		attrs, ok := parser.ParseAttributes(text.NewReader(info[i:]))
		if !ok {
			add(b.Line, "malformed block attributes %q", info[i:])
			return
		}
		for _, a := range attrs {
			b.Attrs[string(a.Name)] = attrText(a.Value)
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
	b.Kind = classify(b)
	switch b.Kind {
	case DiagramBlock:
		if _, err := ParseDiagram(b.Attrs, b.Body); err != nil {
			add(b.Line, "%v", err)
		}
	case PlotBlock:
		var table [][]tableCell
		if t := tableAbove(n); t != nil {
			table = readTable(t, c.Source)
		}
		p, err := ParsePlot(b.Attrs, b.Body, table)
		if err != nil {
			add(b.Line, "%v", err)
		} else {
			b.Plot = p
		}
	}
	c.Blocks = append(c.Blocks, b)
}

// leadingSpace returns the run of spaces and tabs at the start of s.
func leadingSpace(s []byte) []byte {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return s[:i]
}

// attrText turns a goldmark attribute value into text.
func attrText(v any) string {
	switch v := v.(type) {
	case []byte:
		return string(v)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	default:
		return fmt.Sprint(v)
	}
}

// classify decides a block's kind from its attributes and language.
func classify(b *Block) BlockKind {
	switch {
	case b.Attrs["variant"] != "" || b.Attrs["replaces"] != "":
		return VariantBlock
	case b.Attrs["decl"] != "" || b.Attrs["region"] != "" || b.Attrs["file"] != "":
		return ReferenceBlock
	case b.Attrs["run"] != "":
		return TranscriptBlock
	case b.Lang == "go":
		return ProgramBlock
	case b.Lang == diagramLang:
		return DiagramBlock
	case b.Lang == plotLang:
		return PlotBlock
	}
	return PlainBlock
}

// readFigure indexes a link whose destination is a figure kind.
func (c *Chapter) readFigure(n *ast.Link, add func(int, string, ...any)) {
	dest := string(n.Destination)
	kind, _, ok := strings.Cut(dest, ":")
	if !ok || !isFigureKind(kind) {
		return
	}
	t, ok := n.FirstChild().(*ast.Text)
	if !ok || n.FirstChild() != n.LastChild() {
		line := 1
		if t != nil {
			line = c.LineOf(t.Segment.Start)
		}
		add(line, "figure %q: the link text must be the plain stated value", dest)
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
