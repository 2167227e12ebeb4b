package check

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"cb2026/book"
)

// A Switch is one row of the engine's table of techniques
// (search.AllTechniques), as the check needs it.
type Switch struct {
	Option  string // the Techniques field, which is the UCI option's name
	Short   string // the console's name
	Chapter string // the chapter or section that teaches it, as "7" or "10.1"
}

// techniquesFile is the file of the engine's table of switches.
const techniquesFile = "engine/search/techniques.go"

// chapterNumber returns the number a technique's Chapter names for ch: the
// stage's number for a stage's chapter, "10.1" for a section, "" for an
// appendix or a file of answers.
func chapterNumber(ch *book.Chapter) string {
	switch {
	case ch.Answers || ch.Appendix != "" || ch.Stage.Number == 0:
		return ""
	case ch.Section != "":
		return ch.Section
	}
	return strconv.Itoa(ch.Stage.Number)
}

// checkSwitchesShown checks that the chapter shows, in a block of the
// engine's code, a read of every switch whose technique it teaches (the
// row's Chapter): what main runs, a chapter teaches, and a reader finds the
// line where each switch takes effect.
func (c *checker) checkSwitchesShown(ch *book.Chapter) {
	num := chapterNumber(ch)
	if num == "" {
		return
	}
	for _, t := range c.opt.Switches {
		if t.Chapter != num {
			continue
		}
		read := regexp.MustCompile(`\.` + t.Option + `\b`)
		shown := false
		for _, b := range ch.Blocks {
			shown = shown || b.Kind == book.ReferenceBlock && read.MatchString(b.Body)
		}
		if !shown {
			c.problem(ch.Path, 1, "the chapter teaches the switch %s (%s at the console) but no block of the engine's code shows it read — quote the function that reads it (grep -n '\\.%s\\b' engine)",
				t.Option, t.Short, t.Option)
		}
	}
}

// checkSwitchChapters checks, once the whole book is read, that every
// switch's technique has its chapter or section.
func (c *checker) checkSwitchChapters() {
	have := map[string]bool{}
	for _, ch := range c.res.Chapters {
		have[chapterNumber(ch)] = true
	}
	src, _ := os.ReadFile(filepath.Join(c.opt.Root, filepath.FromSlash(techniquesFile)))
	for _, t := range c.opt.Switches {
		if have[t.Chapter] {
			continue
		}
		line := 1
		if i := bytes.Index(src, []byte(`Option: "`+t.Option+`"`)); i >= 0 {
			line += bytes.Count(src[:i], []byte("\n"))
		}
		kind := "chapter"
		if strings.Contains(t.Chapter, ".") {
			kind = "section"
		}
		c.problem(techniquesFile, line, "switch %s: its row names %s %s, and the book has no such %s — write it, or set the row's Stage or Section to the chapter that teaches it",
			t.Option, kind, t.Chapter, kind)
	}
}
