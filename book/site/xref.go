package site

import (
	"path"
	"regexp"
	"sort"
	"strconv"

	"cb2026/stages"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Cross-references: "chapter 7", "Chapter 7's", "chapters 9 and 10" and
// "appendix A" in a chapter's prose become links, made by the renderer so the Markdown stays
// plain. A written chapter's reference links to its page; one not written
// yet links to its stage's page (which says the chapter is to be written),
// marked class="xref missing" with a title saying so. Code, headings and
// existing links are left alone.

// xrefWord is "chapter" or "chapters" and the first number after it;
// xrefMore is each further number of a list ("9 and 10", "5–8", "18, 21",
// "7 (MVV-LVA), 11").
var (
	xrefWord = regexp.MustCompile(`\b([Cc]hapters?)\s+([0-9]{1,2}(?:\.[1-9])?)\b`)
	xrefMore = regexp.MustCompile(`^(?:\s*\([^()]*\))?(?:,\s*|\s+and\s+|\s+or\s+|\s+to\s+|–)([0-9]{1,2})\b`)
	// xrefTail is a word chapter ending a line, its number on the next.
	xrefTail = regexp.MustCompile(`\b[Cc]hapters?$`)
	xrefHead = regexp.MustCompile(`^([0-9]{1,2})\b`)
	// xrefAppendix is "appendix A" or "Appendix A".
	xrefAppendix = regexp.MustCompile(`\b[Aa]ppendix\s+([A-Z])\b`)
	// xrefSection is "section 10.1", a section of M5 (so is "chapter 10.1").
	xrefSection = regexp.MustCompile(`\b[Ss]ection\s+([0-9]{1,2}\.[1-9])\b`)
)

// An xrefTarget is where a chapter number's references link.
type xrefTarget struct {
	href    string
	missing bool // the chapter is not written: href is its stage's page
}

// xrefTargets maps each chapter number (the NN of chapters/NN-slug.md, as
// a decimal without leading zeros) to its page, or to its stage's page while
// it is unwritten, and each appendix's letter to its page.
func (s *site) xrefTargets() map[string]xrefTarget {
	targets := map[string]xrefTarget{}
	for _, st := range stages.All() {
		n, err := strconv.Atoi(path.Base(st.Chapter)[:2])
		if err != nil {
			continue
		}
		if ch := s.chapters[st.Number]; ch != nil {
			targets[strconv.Itoa(n)] = xrefTarget{href: pageName(ch)}
		} else {
			targets[strconv.Itoa(n)] = xrefTarget{href: stagePage(st), missing: true}
		}
	}
	for _, ch := range s.appendix {
		targets[ch.Appendix] = xrefTarget{href: pageName(ch)}
	}
	for _, secs := range s.sections {
		for _, ch := range secs {
			targets[ch.Section] = xrefTarget{href: pageName(ch)}
		}
	}
	return targets
}

// xrefs is the goldmark extension that links cross-references.
type xrefs struct {
	targets map[string]xrefTarget // by chapter number or appendix letter
}

// Extend implements goldmark.Extender.
func (x xrefs) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(x, 200)))
}

// Transform implements parser.ASTTransformer.
func (x xrefs) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	var texts []*ast.Text
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link, *ast.AutoLink, *ast.CodeSpan, *ast.Heading, *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			texts = append(texts, n)
		}
		return ast.WalkContinue, nil
	})
	src := reader.Source()
	for _, t := range texts {
		x.link(t, src)
	}
}

// A xrefSpan is a part of a text node to link: its byte range in the
// source and the chapter it names (its number, or an appendix's letter).
type xrefSpan struct {
	start, stop int
	chapter     string
}

// spans finds the cross-references in one text node.
func (x xrefs) spans(t *ast.Text, src []byte) []xrefSpan {
	seg := t.Segment
	s := src[seg.Start:seg.Stop]
	var out []xrefSpan
	add := func(start, stop int, name []byte) {
		key := string(name)
		if n, err := strconv.Atoi(key); err == nil {
			key = strconv.Itoa(n) // "07" is chapter 7
		}
		if _, ok := x.targets[key]; ok {
			out = append(out, xrefSpan{seg.Start + start, seg.Start + stop, key})
		}
	}
	if prev, ok := t.PreviousSibling().(*ast.Text); ok && prev.SoftLineBreak() && xrefTail.Match(prev.Segment.Value(src)) {
		if m := xrefHead.FindSubmatchIndex(s); m != nil {
			add(m[0], m[1], s[m[2]:m[3]])
		}
	}
	for _, m := range xrefWord.FindAllSubmatchIndex(s, -1) {
		add(m[0], m[1], s[m[4]:m[5]])
		for end := m[1]; ; {
			more := xrefMore.FindSubmatchIndex(s[end:])
			if more == nil {
				break
			}
			add(end+more[2], end+more[3], s[end+more[2]:end+more[3]])
			end += more[1]
		}
	}
	for _, re := range []*regexp.Regexp{xrefAppendix, xrefSection} {
		for _, m := range re.FindAllSubmatchIndex(s, -1) {
			add(m[0], m[1], s[m[2]:m[3]])
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].start < out[j].start })
	return out
}

// link splits a text node around its cross-references and puts a link in
// place of each.
func (x xrefs) link(t *ast.Text, src []byte) {
	spans := x.spans(t, src)
	if len(spans) == 0 {
		return
	}
	parent := t.Parent()
	pos := t.Segment.Start
	for _, sp := range spans {
		if sp.start > pos {
			parent.InsertBefore(parent, t, ast.NewTextSegment(text.NewSegment(pos, sp.start)))
		}
		target := x.targets[sp.chapter]
		l := ast.NewLink()
		l.Destination = []byte(target.href)
		if target.missing {
			l.SetAttributeString("class", []byte("xref missing"))
			l.Title = []byte("chapter " + sp.chapter + " is not written yet: its stage's page")
		} else {
			l.SetAttributeString("class", []byte("xref"))
		}
		l.AppendChild(l, ast.NewTextSegment(text.NewSegment(sp.start, sp.stop)))
		parent.InsertBefore(parent, t, l)
		pos = sp.stop
	}
	// What is left of the node keeps its line break.
	t.Segment = text.NewSegment(pos, t.Segment.Stop)
}
