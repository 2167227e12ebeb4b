package site

import (
	"bytes"
	"fmt"
	"html"
	"html/template"
	"regexp"
	"strings"

	"cb2026/book"
	"cb2026/stages"

	"github.com/yuin/goldmark"
	highlighting "github.com/yuin/goldmark-highlighting/v2"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
)

// figures is the goldmark extension that turns figure links into figureNodes.
type figures struct{}

// Extend implements goldmark.Extender.
func (figures) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(figures{}, 100)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(figures{}, 100)))
}

// Transform implements parser.ASTTransformer.
func (figures) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	var links []*ast.Link
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := n.(*ast.Link); ok && entering {
			if kind, _, ok := strings.Cut(string(l.Destination), ":"); ok && book.IsFigureKind(kind) {
				links = append(links, l)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, l := range links {
		var t bytes.Buffer
		for c := l.FirstChild(); c != nil; c = c.NextSibling() {
			if tx, ok := c.(*ast.Text); ok {
				t.Write(tx.Segment.Value(reader.Source()))
			}
		}
		l.Parent().ReplaceChild(l.Parent(), l, &book.FigureNode{Number: t.String(), Dest: string(l.Destination)})
	}
}

// RegisterFuncs implements renderer.NodeRenderer.
func (figures) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(book.KindFigure, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			f := n.(*book.FigureNode)
			fmt.Fprintf(w, `<span class="figure" tabindex="0" data-tip="%s">%s</span>`, html.EscapeString(figureTip(f.Dest)), html.EscapeString(f.Number))
		}
		return ast.WalkSkipChildren, nil
	})
}

// figureTip says in words what a figure measures, for the reader who points
// at it or taps it: "cb2026 bench 9 at stage 10, history off".
func figureTip(dest string) string {
	s, err := book.ParseSpec(dest)
	if err != nil {
		return "measured by make check"
	}
	build := "stage " + s.Build
	switch {
	case s.Build == "main":
		build = "main"
	case s.IsVariant():
		build = "the variant " + s.Build
	}
	var what string
	switch s.Kind {
	case book.KindBench:
		what = "nodes of cb2026 bench"
		if s.Depth != "" {
			what += " " + s.Depth
		}
		if sw := switchWords(s.Input); sw != "" {
			what += ", " + sw
		}
	case book.KindPerft:
		what = "leaves of cb2026 perft " + s.Depth
		if len(s.Args) > 2 {
			what += " from " + positionWord(s.Args[2])
		}
	default:
		what = "read from the output of: " + strings.Join(s.Input, "; ")
	}
	return what + " at " + build + "; make check measures it again"
}

// switchWords lists a bench figure's switches: "history off, lmr on".
func switchWords(input []string) string {
	var sw []string
	for _, c := range input {
		if rest, ok := strings.CutPrefix(c, "set "); ok {
			sw = append(sw, rest)
		}
	}
	return strings.Join(sw, ", ")
}

// positionWord names a perft figure's position: its name, or its FEN.
func positionWord(fen string) string {
	if name, ok := book.PositionName(fen); ok {
		return name
	}
	return fen
}

// codeHeads writes the heading of each checked code block: what it is, where
// it comes from, and a link to the source page at its lines.
type codeHeads struct {
	chapter *book.Chapter
	site    *site
}

// wrap is the goldmark-highlighting wrapper renderer.
func (h codeHeads) wrap(w util.BufWriter, ctx highlighting.CodeBlockContext, entering bool) {
	attr := func(name string) string {
		if ctx.Attributes() == nil {
			return ""
		}
		v, ok := ctx.Attributes().GetString(name)
		if !ok {
			return ""
		}
		return book.AttrText(v)
	}
	if !entering {
		if !ctx.Highlighted() {
			_, _ = w.WriteString("</code></pre>")
		}
		_, _ = w.WriteString("</figure>\n")
		return
	}
	lang, _ := ctx.Language()
	b := &book.Block{Attrs: map[string]string{}, Lang: string(lang)}
	for _, n := range []string{"file", "decl", "region", "variant", "replaces", "run", "input", "stage"} {
		if v := attr(n); v != "" {
			b.Attrs[n] = v
		}
	}
	b.Kind = book.Classify(b)
	fmt.Fprintf(w, `<figure class="code %s">%s`, b.Kind, h.head(b))
	if !ctx.Highlighted() {
		_, _ = w.WriteString(`<pre class="chroma"><code>`)
	}
}

// head returns the heading HTML for a block.
func (h codeHeads) head(b *book.Block) template.HTML {
	stage := h.chapter.Stage
	if st, err := stages.Parse(b.Attr("stage")); err == nil {
		stage = st
	}
	esc := html.EscapeString
	switch b.Kind {
	case book.ReferenceBlock:
		what, lines := h.site.locate(b.Attr("file"), b.Attr("decl"), b.Attr("region"), stage)
		return template.HTML(fmt.Sprintf(`<figcaption><a href="%s">%s</a> · %s · %s</figcaption>`,
			esc(h.site.srcHref(b.Attr("file"), lines, stage)), esc(b.Attr("file")), esc(what), esc(stage.Name())))
	case book.VariantBlock:
		_, lines := h.site.locate(b.Attr("file"), b.Attr("replaces"), "", stages.Stage{}) // a variant is built from the repository's file
		return template.HTML(fmt.Sprintf(`<figcaption>variant <b>%s</b> · replaces <a href="%s"><code>%s</code></a> in %s · not in the engine, built by make check</figcaption>`,
			esc(b.Attr("variant")), esc(h.site.srcHref(b.Attr("file"), lines, stages.Stage{})), esc(b.Attr("replaces")), esc(b.Attr("file"))))
	case book.TranscriptBlock:
		cmd := b.Attr("run")
		if in := b.Attr("input"); in != "" {
			var lines []string
			for _, l := range strings.Split(in, ";") {
				lines = append(lines, strings.TrimSpace(l))
			}
			cmd = "printf '" + strings.Join(lines, `\n`) + `\n' | ` + cmd
		}
		build := stage.String()
		if s := b.Attr("stage"); s != "" {
			build = s
		}
		return template.HTML(fmt.Sprintf(`<figcaption><span class="prompt">$</span> %s <span class="build">· build %s</span></figcaption>`, esc(cmd), esc(build)))
	case book.ProgramBlock:
		return `<figcaption>a complete program, compiled by make check</figcaption>`
	}
	return ""
}

// highlightOptions returns the goldmark-highlighting options for a chapter.
func highlightOptions(h codeHeads) goldmark.Extender {
	return highlighting.NewHighlighting(
		highlighting.WithFormatOptions(chromahtml.WithClasses(true), chromahtml.TabWidth(4)),
		highlighting.WithWrapperRenderer(h.wrap),
	)
}

// headingTag finds the headings the renderer wrote, to add anchors.
var headingTag = regexp.MustCompile(`<h([2-4]) id="([^"]+)">`)

// addAnchors puts a # link before every h2–h4.
func addAnchors(s string) string {
	return headingTag.ReplaceAllString(s, `<h$1 id="$2"><a class="anchor" href="#$2" aria-label="link to this section">#</a>`)
}
