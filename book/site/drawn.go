package site

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// drawnBlocks is a goldmark extension that replaces the fenced blocks of
// one language by what the build draws of them (board diagrams, plots).
type drawnBlocks struct {
	lang string                                          // the blocks' language, "board" or "plot"
	kind ast.NodeKind                                    // the kind of the node that stands for a drawn block
	draw func(f *ast.FencedCodeBlock, src []byte) string // the block's HTML
}

// drawnNode stands for a drawn block: the HTML it was drawn as.
type drawnNode struct {
	ast.BaseBlock
	kind ast.NodeKind
	html string
}

// Kind implements ast.Node.
func (n *drawnNode) Kind() ast.NodeKind { return n.kind }

// Dump implements ast.Node.
func (n *drawnNode) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// Extend implements goldmark.Extender.
func (d drawnBlocks) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(d, 100)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(d, 100)))
}

// Transform implements parser.ASTTransformer: each block of the language is
// replaced by its drawing.
func (d drawnBlocks) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	var blocks []*ast.FencedCodeBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if f, ok := n.(*ast.FencedCodeBlock); ok && entering && string(f.Language(reader.Source())) == d.lang {
			blocks = append(blocks, f)
		}
		return ast.WalkContinue, nil
	})
	for _, f := range blocks {
		f.Parent().ReplaceChild(f.Parent(), f, &drawnNode{kind: d.kind, html: d.draw(f, reader.Source())})
	}
}

// RegisterFuncs implements renderer.NodeRenderer.
func (d drawnBlocks) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(d.kind, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(n.(*drawnNode).html)
		}
		return ast.WalkSkipChildren, nil
	})
}
