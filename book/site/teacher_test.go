package site

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"cb2026/book"
	"cb2026/stages"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// teacherPage is appendix B, the course plan: its schedule and a one-page
// summary per chapter.
const teacherPage = "chapters/B-teaching-a-course.md"

// TestTeacherPage proves the shape of appendix B: it is an appendix the site
// picks up, its schedule has about 24 lessons that read every chapter in
// order, and it has one summary per chapter, in order, each with its
// problem, idea, number (a measured figure) and pitfall, and each after a
// thematic break, which style.css's print rules turn into a page break so
// that each summary prints on a page of its own.
func TestTeacherPage(t *testing.T) {
	src, err := os.ReadFile("../../" + teacherPage)
	require.NoError(t, err)
	ch, probs := book.ParseChapter(teacherPage, src)
	require.Empty(t, probs)
	assert.Equal(t, "B", ch.Appendix, "appendix letter")

	var html bytes.Buffer
	require.NoError(t, book.NewMarkdown().Convert(src, &html))
	h := html.String()

	// The schedule: one table row a lesson, numbered 1, 2, …, and every
	// chapter read, in order.
	at := func(heading string) int {
		i := bytes.Index(src, []byte(heading))
		require.GreaterOrEqual(t, i, 0, "appendix B has no %q", heading)
		return i
	}
	schedule := string(src[at("## The schedule"):at("more lessons: the sections of main")])
	rows := regexp.MustCompile(`(?m)^\| (\d+) \| ([^|]*)\|`).FindAllStringSubmatch(schedule, -1)
	assert.GreaterOrEqual(t, len(rows), 22, "lessons in the schedule")
	assert.LessOrEqual(t, len(rows), 26, "lessons in the schedule")
	next := 1
	for i, r := range rows {
		assert.Equal(t, fmt.Sprint(i+1), r[1], "lesson numbers run 1, 2, …")
		for _, m := range regexp.MustCompile(`chapter (\d+)`).FindAllStringSubmatch(r[2], -1) {
			if m[1] == fmt.Sprint(next) {
				next++
			}
		}
	}
	assert.Equal(t, len(stages.All())+1, next, "every chapter read in order (next chapter not read: %d)", next)

	// The sections of main (10.1, 16.1, …): one more lesson each, numbered
	// on from the schedule, in the book's order, each with its starter.
	sections, err := filepath.Glob("../../chapters/[0-9]*.[0-9]*-*.md")
	require.NoError(t, err)
	require.NotEmpty(t, sections)
	more := string(src[at("more lessons: the sections of main"):at("### What a course can skip")])
	extra := regexp.MustCompile(`(?m)^\| (\d+) \| section ([0-9.]+),[^|]*\| [^|]*\((\S+)\) \|`).FindAllStringSubmatch(more, -1)
	require.Len(t, extra, len(sections), "one more lesson per section of main")
	for i, r := range extra {
		name := filepath.Base(sections[i])
		assert.Equal(t, fmt.Sprint(len(rows)+i+1), r[1], "lesson numbers run on from the schedule")
		assert.True(t, strings.HasPrefix(name, r[2]+"-"), "lesson %s reads section %s, want %s", r[1], r[2], name)
		assert.Equal(t, r[2], r[3], "lesson %s's starter is its section's", r[1])
	}

	// The summaries: each part after a thematic break is one chapter's.
	parts := strings.Split(h, "<hr>")[1:]
	require.Len(t, parts, len(stages.All()), "one summary per chapter, each after a thematic break")
	head := regexp.MustCompile(`^\s*<h3 id="[^"]*">Chapter (\d+), [^<]*</h3>`)
	for i, s := range parts {
		m := head.FindStringSubmatch(s)
		if !assert.NotNil(t, m, "part %d after a thematic break starts with a chapter's heading", i+1) {
			continue
		}
		assert.Equal(t, fmt.Sprint(i+1), m[1], "summaries in chapter order")
		for _, part := range []string{"Problem.", "Idea.", "Number.", "Pitfall."} {
			assert.Contains(t, s, "<strong>"+part+"</strong>", "chapter %s's summary", m[1])
		}
		assert.Regexp(t, `<strong>Number\.</strong>[^<]*<a href="(bench|perft|cmd):`, s, "chapter %s's number is a measured figure", m[1])
		pic := strings.Contains(s, `class="language-board"`) || strings.Contains(s, "<table>")
		assert.True(t, pic, "chapter %s's summary has a picture: a board or a table", m[1])
	}

	// In print, a thematic break starts a page.
	css, err := os.ReadFile("../../site/style.css")
	require.NoError(t, err)
	media := string(css[bytes.Index(css, []byte("@media print")):])
	media = media[:strings.Index(media, "\n}\n")]
	assert.Regexp(t, `(?m)^\s*article hr \{[^}]*break-after: page`, media, "style.css: in print, a thematic break starts a page")
}
