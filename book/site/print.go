package site

import (
	"fmt"
	"html/template"
	"regexp"
	"strings"
)

// printPage is the whole book on one page, for printing or saving as PDF.
const printPage = "print.html"

// printIDs finds the ids and in-page links of a chapter's HTML, which the
// print page gives the chapter's prefix so that every chapter's "the-problem"
// stays its own.
var printIDs = regexp.MustCompile(`(id|href)="(#?)([^"]*)"`)

// chapterLink finds a link to a chapter page, with or without an anchor.
var chapterLink = regexp.MustCompile(`^([0-9]{2}-[a-z0-9-]+)\.html(?:#(.*))?$`)

// writePrint writes every written chapter in book order on one page, after
// a table of contents: each chapter a section starting a new printed page,
// its ids prefixed with its name, and links between chapters turned into
// links within the page.
func (s *site) writePrint() error {
	labels := map[string]string{} // "10.1. Internal iterative reductions", as the sidebar has it
	for _, g := range s.nav("") {
		for _, it := range g.Items {
			labels[it.Href] = it.Label
		}
	}
	var chapters []printChapter
	var contents []heading
	for _, ch := range s.order() {
		slug := strings.TrimSuffix(pageName(ch), ".html")
		contents = append(contents, heading{ID: sectionID(slug), Text: ch.Title, Level: 2})
		chapters = append(chapters, printChapter{ID: sectionID(slug), Label: labels[pageName(ch)], HTML: template.HTML(printHTML(s.rendered[pageName(ch)], slug))})
	}
	main, err := s.body("print.html", chapters)
	if err != nil {
		return err
	}
	return s.write(printPage, pageData{Title: "The whole book", Nav: s.nav(printPage), Contents: contents, Main: main})
}

// A printChapter is one chapter's section of the print page.
type printChapter struct {
	ID, Label string // Label is the chapter's number and title
	HTML      template.HTML
}

// sectionID is the id of a chapter's section on the print page: its name
// after "chapter-", with "_" for "." (10.1 is 10_1). The paged layout finds
// the target of each page reference of the contents by "#" and the id, a
// CSS selector, which may neither start with a digit nor hold a dot.
func sectionID(slug string) string {
	return "chapter-" + strings.ReplaceAll(slug, ".", "_")
}

// printHTML rewrites one chapter's HTML for the print page: its ids and
// in-page links get the chapter's prefix, and links to written chapters
// point into the page.
func printHTML(h, slug string) string {
	return printIDs.ReplaceAllStringFunc(h, func(m string) string {
		sub := printIDs.FindStringSubmatch(m)
		attr, hash, val := sub[1], sub[2], sub[3]
		switch {
		case attr == "id" || hash == "#":
			return fmt.Sprintf(`%s="%s%s--%s"`, attr, hash, slug, val)
		case chapterLink.MatchString(val):
			c := chapterLink.FindStringSubmatch(val)
			if c[2] == "" {
				return fmt.Sprintf(`href="#%s"`, sectionID(c[1]))
			}
			return fmt.Sprintf(`href="#%s--%s"`, c[1], c[2])
		}
		return m
	})
}
