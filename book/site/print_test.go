package site

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPrintHTML(t *testing.T) {
	tests := []struct{ in, want string }{
		{`<h2 id="the-idea"><a class="anchor" href="#the-idea">#</a>`, `<h2 id="07-mvv-lva--the-idea"><a class="anchor" href="#07-mvv-lva--the-idea">#</a>`},
		{`see <a href="03-moves-and-perft.html">chapter 3</a>`, `see <a href="#03-moves-and-perft">chapter 3</a>`},
		{`<a href="11-history.html#pitfalls">`, `<a href="#11-history--pitfalls">`},
		{`<a href="src/engine/search/see.go.html#L4-L9">`, `<a href="src/engine/search/see.go.html#L4-L9">`},
		{`<a href="stage-7.html">`, `<a href="stage-7.html">`},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, printHTML(tt.in, "07-mvv-lva"), "printHTML(%q)", tt.in)
	}
}
