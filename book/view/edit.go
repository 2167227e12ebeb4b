package view

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"slices"
)

// An edit replaces the bytes [start, end) of a file's text by text.
type edit struct {
	start, end int
	text       string
}

// applyEdits returns src with the edits applied. An edit inside an earlier,
// larger one is dropped (the larger one already replaced its text); edits
// that partly overlap are an error.
func applyEdits(src []byte, edits []edit) ([]byte, error) {
	slices.SortStableFunc(edits, func(a, b edit) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return b.end - a.end // the larger first
	})
	var out bytes.Buffer
	done := 0
	for _, e := range edits {
		if e.start < done {
			if e.end <= done {
				continue // inside an edit already applied
			}
			return nil, fmt.Errorf("edits overlap at byte %d", e.start)
		}
		out.Write(src[done:e.start])
		out.WriteString(e.text)
		done = e.end
	}
	out.Write(src[done:])
	return out.Bytes(), nil
}

// lineStart returns the offset of the first byte of the line holding off.
func lineStart(src []byte, off int) int {
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

// lineEnd returns the offset just past the newline that ends the line
// holding off (len(src) if none).
func lineEnd(src []byte, off int) int {
	i := bytes.IndexByte(src[off:], '\n')
	if i < 0 {
		return len(src)
	}
	return off + i + 1
}

// blank reports whether b holds only spaces and tabs.
func blank(b []byte) bool {
	return len(bytes.Trim(b, " \t")) == 0
}

// deletion returns the edit that deletes [start, end): whole lines when
// nothing else shares them, so no blank line is left behind. A comma right
// after end (a list element's) goes with it.
func deletion(src []byte, start, end int) edit {
	if end < len(src) && src[end] == ',' {
		end++
	}
	ls, le := lineStart(src, start), lineEnd(src, end)
	tail := bytes.TrimSpace(src[end:le])
	if blank(src[ls:start]) && (len(tail) == 0 || bytes.HasPrefix(tail, []byte("//"))) {
		return edit{start: ls, end: le}
	}
	return edit{start: start, end: end}
}

// srcFile is one Go file of a view being written: its text and its parse.
type srcFile struct {
	path string // the file's path in the view
	src  []byte
	fset *token.FileSet
	file *ast.File
}

// off returns the byte offset of pos in the file.
func (f *srcFile) off(pos token.Pos) int { return f.fset.Position(pos).Offset }

// line returns the line number of pos.
func (f *srcFile) line(pos token.Pos) int { return f.fset.Position(pos).Line }

// commentAbove returns the start of the comment lines right above the line
// of pos (a statement's own comment), or pos when there are none.
func (f *srcFile) commentAbove(pos token.Pos) token.Pos {
	want := f.line(pos) - 1
	start := pos
	for i := len(f.file.Comments) - 1; i >= 0; i-- {
		cg := f.file.Comments[i]
		if cg.End() >= start {
			continue
		}
		if f.line(cg.End()) != want || !blank(f.src[lineStart(f.src, f.off(cg.Pos())):f.off(cg.Pos())]) {
			break
		}
		start, want = cg.Pos(), f.line(cg.Pos())-1
	}
	return start
}

// remove returns the edit that deletes node n with the comment lines above
// it (doc comments included), when n begins its line.
func (f *srcFile) remove(n ast.Node) edit {
	start := n.Pos()
	if off := f.off(start); blank(f.src[lineStart(f.src, off):off]) {
		start = f.commentAbove(start)
	}
	return deletion(f.src, f.off(start), f.off(n.End()))
}
