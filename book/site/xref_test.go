package site

import (
	"bytes"
	"strings"
	"testing"

	"cb2026/book"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCrossReferences(t *testing.T) {
	x := xrefs{targets: map[string]xrefTarget{"3": {href: "03-moves.html"}, "7": {href: "07-mvv-lva.html"},
		"8": {href: "stage-8.html", missing: true}, "A": {href: "A-measuring.html"},
		"10.1": {href: "10.1-iir.html"}}}
	missing8 := `<a href="stage-8.html" title="chapter 8 is not written yet: its stage's page" class="xref missing">`
	tests := []struct{ md, want string }{
		{"As chapter 7 showed.", `<p>As <a href="07-mvv-lva.html" class="xref">chapter 7</a> showed.</p>`},
		{"Chapter 7's order.", `<p><a href="07-mvv-lva.html" class="xref">Chapter 7</a>'s order.</p>`},
		{"In chapter 8.", `<p>In ` + missing8 + `chapter 8</a>.</p>`},
		{"Chapters 3 and 7, chapters 7–8.", `<p><a href="03-moves.html" class="xref">Chapters 3</a> and <a href="07-mvv-lva.html" class="xref">7</a>, <a href="07-mvv-lva.html" class="xref">chapters 7</a>–` + missing8 + `8</a>.</p>`},
		{"gained least in chapter\n7 and more.", "<p>gained least in chapter\n<a href=\"07-mvv-lva.html\" class=\"xref\">7</a> and more.</p>"},
		{"Chapters 3 (moves), 7 (MVV-LVA) and 8.", `<p><a href="03-moves.html" class="xref">Chapters 3</a> (moves), <a href="07-mvv-lva.html" class="xref">7</a> (MVV-LVA) and ` + missing8 + `8</a>.</p>`},
		{"Chapter 12 is not in the book.", "<p>Chapter 12 is not in the book.</p>"},
		{"Not in code: `chapter 7`.", "<p>Not in code: <code>chapter 7</code>.</p>"},
		{"Not in a link: [chapter 7](x.html).", `<p>Not in a link: <a href="x.html">chapter 7</a>.</p>`},
		{"## Chapter 7 again", `<h2 id="chapter-7-again">Chapter 7 again</h2>`},
		{"Not a chapter: chapter7 or subchapter 7.", "<p>Not a chapter: chapter7 or subchapter 7.</p>"},
		{"See appendix A, as chapter 7 did.", `<p>See <a href="A-measuring.html" class="xref">appendix A</a>, as <a href="07-mvv-lva.html" class="xref">chapter 7</a> did.</p>`},
		{"Chapter 7 and Appendix A.", `<p><a href="07-mvv-lva.html" class="xref">Chapter 7</a> and <a href="A-measuring.html" class="xref">Appendix A</a>.</p>`},
		{"Appendix B is not in the book; appendix a is no letter.", "<p>Appendix B is not in the book; appendix a is no letter.</p>"},
		{"Section 10.1 extends chapter 7; so does chapter 10.1.", `<p><a href="10.1-iir.html" class="xref">Section 10.1</a> extends <a href="07-mvv-lva.html" class="xref">chapter 7</a>; so does <a href="10.1-iir.html" class="xref">chapter 10.1</a>.</p>`},
		{"In chapter 7.1 and section 7.1, no such section.", `<p>In chapter 7.1 and section 7.1, no such section.</p>`},
		{"*as chapter 3 did*", `<p><em>as <a href="03-moves.html" class="xref">chapter 3</a> did</em></p>`},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		require.NoError(t, book.NewMarkdown(x).Convert([]byte(tt.md), &buf))
		assert.Equal(t, tt.want, strings.TrimSpace(buf.String()), "render(%q)", tt.md)
	}
}
