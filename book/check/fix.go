package check

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"cb2026/book"
)

// Fix applies a check's edits to the chapter files under root: each stale code
// block, figure and transcript gets the measured text, and every other byte of
// the file stays as it was. It writes one line per change to w; for figures the
// line asks the author to reread the prose around the new number.
func Fix(root string, edits []book.Edit, w io.Writer) error {
	byFile := map[string][]book.Edit{}
	var files []string
	for _, e := range edits {
		if byFile[e.File] == nil {
			files = append(files, e.File)
		}
		byFile[e.File] = append(byFile[e.File], e)
	}
	sort.Strings(files)
	for _, f := range files {
		if err := fixFile(root, f, byFile[f], w); err != nil {
			return err
		}
	}
	return nil
}

// fixFile applies one file's edits, last first so offsets stay valid. It
// writes nothing unless every edit's range still holds the text the check
// read: a chapter edited while the check ran is left as it is.
func fixFile(root, file string, edits []book.Edit, w io.Writer) error {
	path := filepath.Join(root, filepath.FromSlash(file))
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].Start > edits[j].Start })
	for i, e := range edits {
		if err := checkEdit(src, e, i > 0 && e.End > edits[i-1].Start); err != nil {
			return fmt.Errorf("%s:%d: %w; run the check again", file, e.Line, err)
		}
	}
	before, beforeProbs := book.ParseChapter(file, src)
	var report strings.Builder
	for _, e := range edits {
		old := string(src[e.Start:e.End])
		src = append(src[:e.Start:e.Start], append([]byte(e.New), src[e.End:]...)...)
		if strings.HasPrefix(e.What, "figure") {
			fmt.Fprintf(&report, "%s:%d: %s: %s → %s (reread the prose on this line)\n", file, e.Line, e.What, old, e.New)
		} else {
			fmt.Fprintf(&report, "%s:%d: rewrote %s\n", file, e.Line, e.What)
		}
	}
	// The rewritten chapter must read as the same blocks and figures: an edit
	// that closed a block early or opened one would lose what follows.
	after, afterProbs := book.ParseChapter(file, src)
	for _, p := range afterProbs {
		if !slices.ContainsFunc(beforeProbs, func(q book.Problem) bool { return q.Msg == p.Msg }) {
			return fmt.Errorf("%s: rewritten, the chapter would read otherwise (%s); nothing written", file, p)
		}
	}
	if len(after.Blocks) != len(before.Blocks) || len(after.Figures) != len(before.Figures) {
		return fmt.Errorf("%s: rewritten, the chapter would read as %d code blocks and %d figures, not %d and %d; nothing written", file, len(after.Blocks), len(after.Figures), len(before.Blocks), len(before.Figures))
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		return err
	}
	_, err = io.WriteString(w, report.String())
	return err
}

// checkEdit reports whether edit e can be applied to src: its range is inside
// the file, does not overlap the next edit, and still holds the text the
// check read.
func checkEdit(src []byte, e book.Edit, overlaps bool) error {
	if e.Start < 0 || e.End > len(src) || e.Start > e.End || overlaps {
		return fmt.Errorf("edit out of range (the file changed during the check?)")
	}
	if string(src[e.Start:e.End]) != e.Old {
		return fmt.Errorf("the file changed during the check: this place no longer holds the text it read")
	}
	return nil
}
