// Package site renders the cb2026 book as a static website: chapter,
// stage, source, view and results pages, board diagrams and plots drawn as
// SVG, the print page and the search index, and serves it while the book is
// written (Serve). What the site shows is documented in package
// cb2026/book, under "The site".
package site
