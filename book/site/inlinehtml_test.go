package site

import (
	"bytes"
	"strings"
	"testing"

	"cb2026/book"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A formula keeps its superscripts and subscripts on the page; any other raw
// HTML is still dropped.
func TestInlineHTMLKeepsFormulas(t *testing.T) {
	tests := []struct{ md, want string }{
		{"*b*<sup>*d*</sup> leaves", "<p><em>b</em><sup><em>d</em></sup> leaves</p>"},
		{"*b*<sup>⌈*d*/2⌉</sup> + *b*<sup>⌊*d*/2⌋</sup> − 1",
			"<p><em>b</em><sup>⌈<em>d</em>/2⌉</sup> + <em>b</em><sup>⌊<em>d</em>/2⌋</sup> − 1</p>"},
		{"| 20<sup>*d*</sup> |\n| --- |\n| 400 |", "<table>\n<thead>\n<tr>\n<th>20<sup><em>d</em></sup></th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>400</td>\n</tr>\n</tbody>\n</table>"},
		{"H<sub>2</sub>O", "<p>H<sub>2</sub>O</p>"},
		{"a <span>b</span>", "<p>a <!-- raw HTML omitted -->b<!-- raw HTML omitted --></p>"},
		{`<sup class="x">d</sup>`, "<p><!-- raw HTML omitted -->d</sup></p>"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		require.NoError(t, book.NewMarkdown(inlineHTML{}).Convert([]byte(tt.md), &buf))
		assert.Equal(t, tt.want, strings.TrimSpace(buf.String()), "render(%q)", tt.md)
	}
}
