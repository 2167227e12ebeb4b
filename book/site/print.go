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

// writePrint writes every written chapter in book order on one page: each
// chapter a section starting a new printed page, its ids prefixed with its
// name, and links between chapters turned into links within the page.
func (s *site) writePrint() error {
	var chapters []printChapter
	var contents []heading
	for _, ch := range s.order() {
		slug := strings.TrimSuffix(pageName(ch), ".html")
		contents = append(contents, heading{ID: slug, Text: ch.Title, Level: 2})
		chapters = append(chapters, printChapter{Slug: slug, HTML: template.HTML(printHTML(s.rendered[pageName(ch)], slug))})
	}
	main, err := s.body("print.html", chapters)
	if err != nil {
		return err
	}
	return s.write(printPage, pageData{Title: "The whole book", Nav: s.nav(printPage), Contents: contents, Main: main})
}

// A printChapter is one chapter's section of the print page.
type printChapter struct {
	Slug string
	HTML template.HTML
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
				return fmt.Sprintf(`href="#%s"`, c[1])
			}
			return fmt.Sprintf(`href="#%s--%s"`, c[1], c[2])
		}
		return m
	})
}
