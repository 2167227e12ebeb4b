// Package epd reads Extended Position Description records: a position in the
// first four FEN fields, then either the two FEN move counters (opening
// books) or operations like `bm Qg6; id "WAC.001";` (test suites).
package epd

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// maxLine bounds one record's length.
const maxLine = 64 * 1024

// Op is one EPD operation: an opcode and its operands (quotes removed).
type Op struct {
	Code     string
	Operands []string
}

// Record is one EPD line.
type Record struct {
	FEN  string // a full FEN: the counters from the line, its hmvc/fmvn ops, or "0 1"
	Ops  []Op
	Line int // line number in its file, from 1
}

// Get returns the operands of the first op with the code, and whether there is one.
func (r Record) Get(code string) ([]string, bool) {
	for _, o := range r.Ops {
		if o.Code == code {
			return o.Operands, true
		}
	}
	return nil, false
}

// ID returns the "id" operand, or "line N" when there is none.
func (r Record) ID() string {
	if v, ok := r.Get("id"); ok && len(v) > 0 {
		return v[0]
	}
	return fmt.Sprintf("line %d", r.Line)
}

// Parse reads one EPD line. It checks the shape of the four position fields
// (not their chess meaning: that is board.ParseFEN's job).
func Parse(line string) (Record, error) {
	line = strings.TrimSpace(strings.TrimPrefix(line, "\ufeff"))
	fields := strings.Fields(line)
	if len(fields) < 4 {
		return Record{}, fmt.Errorf("epd: %q: want at least 4 position fields", clip(line))
	}
	if strings.Count(fields[0], "/") != 7 {
		return Record{}, fmt.Errorf("epd: placement %q: want 8 ranks", clip(fields[0]))
	}
	pos := strings.Join(fields[:4], " ")
	rest := strings.TrimSpace(skipFields(line, 4))
	counters := "0 1"
	if c, tail, ok := moveCounters(rest); ok {
		counters, rest = c, tail
	}
	ops, err := parseOps(rest)
	if err != nil {
		return Record{}, err
	}
	r := Record{FEN: pos + " " + counters, Ops: ops}
	if h, ok := r.Get("hmvc"); ok && len(h) == 1 {
		if f, ok := r.Get("fmvn"); ok && len(f) == 1 {
			r.FEN = pos + " " + h[0] + " " + f[0]
		}
	}
	return r, nil
}

// skipFields returns s after its first n whitespace-separated fields.
func skipFields(s string, n int) string {
	for range n {
		s = strings.TrimLeft(s, " \t")
		i := strings.IndexAny(s, " \t")
		if i < 0 {
			return ""
		}
		s = s[i:]
	}
	return s
}

// moveCounters recognizes the FEN counters "H F" at the start of s.
func moveCounters(s string) (counters, rest string, ok bool) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return "", s, false
	}
	h, err1 := strconv.Atoi(f[0])
	m, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || h < 0 || m < 1 {
		return "", s, false
	}
	return f[0] + " " + f[1], skipFields(s, 2), true
}

// parseOps splits `code operand…;` groups; a quoted operand may hold spaces
// and semicolons. A last op without its semicolon is accepted.
func parseOps(s string) ([]Op, error) {
	var ops []Op
	var words []string
	var word strings.Builder
	inWord, quoted := false, false
	flush := func() {
		if inWord {
			words = append(words, word.String())
			word.Reset()
			inWord = false
		}
	}
	end := func() {
		flush()
		if len(words) > 0 {
			ops = append(ops, Op{Code: words[0], Operands: words[1:]})
			words = nil
		}
	}
	for _, c := range s {
		switch {
		case quoted && c == '"':
			quoted = false
		case quoted:
			word.WriteRune(c)
		case c == '"':
			quoted, inWord = true, true
		case c == ';':
			end()
		case c == ' ' || c == '\t':
			flush()
		default:
			word.WriteRune(c)
			inWord = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("epd: %q: unterminated quote", clip(s))
	}
	end()
	return ops, nil
}

// Read reads every record of an EPD file, skipping blank lines and lines
// starting with '#'. Errors name the line; a line longer than 64 KiB is one.
func Read(r io.Reader) ([]Record, error) {
	var out []Record
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		line, err := readLine(br)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rec, err := Parse(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		rec.Line = n
		out = append(out, rec)
	}
}

// readLine returns the next line without its end, io.EOF after the last,
// or an error for a line longer than maxLine (the rest of it is skipped).
func readLine(br *bufio.Reader) (string, error) {
	var b []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(b)+len(chunk) > maxLine+1 {
			for err == bufio.ErrBufferFull {
				_, err = br.ReadSlice('\n')
			}
			return "", fmt.Errorf("epd: line longer than %d KiB", maxLine/1024)
		}
		b = append(b, chunk...)
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(b) == 0:
			return "", io.EOF
		case err != nil && err != io.EOF:
			return "", fmt.Errorf("epd: %w", err)
		}
		return strings.TrimSuffix(string(b), "\n"), nil
	}
}

// clip shortens s for error messages.
func clip(s string) string {
	const n = 60
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
