package book

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// KindFigure is the AST kind of an inline figure on the site.
var KindFigure = ast.NewNodeKind("Figure")

// A FigureNode replaces a figure's link where the site shows the plain
// number; PlainText and tables read it as the figure's text.
type FigureNode struct {
	ast.BaseInline
	Number string // the stated number
	Dest   string // the link's destination, the measurement
}

// Kind implements ast.Node.
func (n *FigureNode) Kind() ast.NodeKind { return KindFigure }

// Dump implements ast.Node.
func (n *FigureNode) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Dest": n.Dest}, nil)
}

// PlainText returns a node's text without markup.
func PlainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			if c.Type() == ast.TypeBlock {
				b.WriteByte(' ')
			}
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *FigureNode:
			b.WriteString(c.Number)
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			b.Write(c.Lines().Value(src))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// BlockAttrs reads a fenced block's {…} attributes as text.
func BlockAttrs(f *ast.FencedCodeBlock, src []byte) map[string]string {
	attrs := map[string]string{}
	if f.Info == nil {
		return attrs
	}
	info := f.Info.Segment.Value(src)
	i := bytes.Index(info, attrStart)
	if i < 0 {
		return attrs
	}
	list, ok := parser.ParseAttributes(text.NewReader(info[i:]))
	if !ok {
		return attrs
	}
	for _, a := range list {
		attrs[string(a.Name)] = AttrText(a.Value)
	}
	return attrs
}
