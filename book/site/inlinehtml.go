package site

import (
	"slices"

	"cb2026/book"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// inlineHTML is the goldmark extension that renders the raw inline HTML a
// chapter may hold (book.InlineHTML: superscripts and subscripts, for
// formulas) as it is written. Goldmark drops all raw HTML unless told to
// trust it all; this trusts those tags alone, so b<sup>d</sup> reads as a
// power and not as "bd". Any other tag is still dropped, and book check
// refuses it before a page is built.
type inlineHTML struct{}

// Extend implements goldmark.Extender.
func (inlineHTML) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(inlineHTML{}, 100)))
}

// RegisterFuncs implements renderer.NodeRenderer.
func (inlineHTML) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindRawHTML, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkSkipChildren, nil
		}
		segs := n.(*ast.RawHTML).Segments
		for i := 0; i < segs.Len(); i++ {
			seg := segs.At(i)
			tag := seg.Value(src)
			if !slices.Contains(book.InlineHTML, string(tag)) {
				_, _ = w.WriteString("<!-- raw HTML omitted -->")
				continue
			}
			_, _ = w.Write(tag)
		}
		return ast.WalkSkipChildren, nil
	})
}
