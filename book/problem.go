package book

import (
	"fmt"
	"strings"

	"cb2026/stages"
)

// A Problem is one thing wrong with the book: a chapter line, or an engine
// file's line for region errors.
type Problem struct {
	File string // slash path relative to the repository root
	Line int
	Msg  string
}

// String formats the problem as file:line: message.
func (p Problem) String() string { return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg) }

// An Edit is a change fix would make: the measured text for a stale block,
// figure or transcript.
type Edit struct {
	File       string
	Line       int
	Start, End int // byte range in the file
	New        string
	Old        string // the text the check read there; Fix writes nothing if the file no longer has it
	What       string // "code block", "figure", "transcript"
}

// BlockEdit returns the edit that makes b's body text, each line after the
// block's prefix, or an error if fix may not rewrite the block because
// ParseChapter could not delimit its lines exactly.
func (c *Chapter) BlockEdit(b *Block, what, text string) (Edit, error) {
	if b.Unfixable != "" {
		return Edit{}, fmt.Errorf("fix cannot rewrite this %s: %s", what, b.Unfixable)
	}
	for _, l := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(l); b.Fence != "" && strings.HasPrefix(t, b.Fence) && strings.Trim(t, b.Fence[:1]) == "" {
			return Edit{}, fmt.Errorf("fix cannot rewrite this %s: its text has a line %q that would close the block; open the block with a longer fence", what, l)
		}
	}
	return Edit{File: c.Path, Line: b.Line, Start: b.BodyStart, End: b.BodyEnd, Old: string(c.Source[b.BodyStart:b.BodyEnd]), New: prefixLines(text, b.Prefix), What: what}, nil
}

// StatedBench returns the chapter's stated bench for its own stage.
func StatedBench(ch *Chapter) string {
	for _, f := range ch.Figures {
		if f.Spec.Kind == KindBench && f.Spec.Plain && f.Spec.Build == ch.Stage.String() {
			return f.Text
		}
	}
	return ""
}

// BlockStage is the stage a block quotes: its stage attribute's, or its
// chapter's.
func BlockStage(ch *Chapter, b *Block) stages.Stage {
	if st, err := stages.Parse(b.Attr("stage")); err == nil {
		return st
	}
	return ch.Stage
}
