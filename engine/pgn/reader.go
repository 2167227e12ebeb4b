package pgn

import (
	"bufio"
	"io"
	"strings"
)

// maxToken bounds a comment's or a tag's length.
const maxToken = 1 << 20

// Reader reads games one at a time from PGN text.
type Reader struct {
	r    *bufio.Reader
	line int
	peek byte // a byte read back with unread, or 0
	err  error
	held *token // a token read back with hold, or nil
}

// token is one lexical unit of PGN text.
type token struct {
	kind int
	text string
	line int
}

// NewReader returns a Reader for the text.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: bufio.NewReader(r), line: 1}
}

// read returns the next byte, counting lines; 0 at the end or on error.
// PGN's syntax is ASCII; the bytes of UTF-8 text in tags and comments pass
// through unchanged.
func (r *Reader) read() byte {
	if r.peek != 0 {
		c := r.peek
		r.peek = 0
		return c
	}
	c, err := r.r.ReadByte()
	if err != nil {
		if err != io.EOF {
			r.err = err
		}
		return 0
	}
	if c == '\n' {
		r.line++
	}
	if c == 0 {
		c = ' '
	}
	return c
}

// unread puts one byte back.
func (r *Reader) unread(c byte) { r.peek = c }

// token kinds.
const (
	tokEOF = iota
	tokWord
	tokTag
	tokComment
	tokOpenVariation
	tokCloseVariation
)

// next returns the next token: a word (move, number, result, NAG), a tag's
// inside ("Name \"Value\""), a comment's text, or a parenthesis.
func (r *Reader) next() (kind int, text string, line int) {
	if t := r.held; t != nil {
		r.held = nil
		return t.kind, t.text, t.line
	}
	for {
		c := r.read()
		line = r.line
		switch {
		case c == 0:
			return tokEOF, "", line
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		case c == 0xEF && r.skipBOM():
		case c == '%': // an escape line, for other programs' data
			r.skipLine()
		case c == ';':
			return tokComment, strings.TrimSpace(r.until('\n')), line
		case c == '{':
			return tokComment, strings.Join(strings.Fields(r.until('}')), " "), line
		case c == '[':
			return tokTag, r.until(']'), line
		case c == '(':
			return tokOpenVariation, "", line
		case c == ')':
			return tokCloseVariation, "", line
		default:
			return tokWord, r.word(c), line
		}
	}
}

// skipLine reads to the end of the line.
func (r *Reader) skipLine() { r.until('\n') }

// skipBOM skips the rest of a UTF-8 byte order mark (EF BB BF) after its
// first byte; it reports false (and reads nothing) if it is not one.
func (r *Reader) skipBOM() bool {
	b, err := r.r.Peek(2)
	if err != nil || b[0] != 0xBB || b[1] != 0xBF {
		return false
	}
	_, _ = r.r.Discard(2)
	return true
}

// until reads up to and not including end (or the end of input).
func (r *Reader) until(end byte) string {
	var b strings.Builder
	for {
		c := r.read()
		if c == 0 || c == end {
			return b.String()
		}
		if b.Len() < maxToken {
			b.WriteByte(c)
		}
	}
}

// word reads a word starting with c up to a delimiter.
func (r *Reader) word(c byte) string {
	var b strings.Builder
	for {
		b.WriteByte(c)
		c = r.read()
		switch c {
		case 0:
			return b.String()
		case ' ', '\t', '\r', '\n', '{', '}', '(', ')', '[', ']', ';':
			r.unread(c)
			return b.String()
		}
		if b.Len() >= maxToken {
			return b.String()
		}
	}
}
