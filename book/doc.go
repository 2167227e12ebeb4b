// Package book is the chapter model of the cb2026 book: it reads the
// chapters in chapters/ (front matter, code blocks, figures, diagrams,
// plots) and the regions and declarations of the engine they quote. It
// imports no renderer: package book/check checks and fixes the book against
// the engine, and package book/site renders it; the site imports the check,
// the check imports this package, and none imports back. This comment
// documents the book's syntax and what the three do. Their command is
// tools/book:
//
//	go run ./tools/book check [-stages=false] [-jobs 2] [-q] [chapter.md ...]
//	go run ./tools/book fix [chapter.md ...]
//	go run ./tools/book build [-out _site]
//	go run ./tools/book serve [-addr localhost:8000]
//
// The rule it enforces: every line of code a chapter shows is the engine's,
// and every number it marks is what the engine measures. Nothing here links
// the engine; the check builds one binary per stage (and per variant) and
// runs it, so a chapter can only state what the command line prints.
//
// # Chapters
//
// A chapter is chapters/NN-slug.md, where NN is its stage's number (21 for
// main), and starts with YAML front matter:
//
//	---
//	title: Moves and perft
//	stage: 3            # 1..20, or main
//	milestone: M1       # must match the stage table (package stages)
//	code:               # the files the chapter is about (must exist)
//	  - engine/board/perft.go
//	starter:            # the functions its construction exercise has the student write
//	  - engine/board/perft.go:Perft
//	---
//
// A starter entry is file:function, or file:Type.Method for a method;
// check proves that the stage's view declares each with a body, and
// "book starter N DIR" writes the stage's handout with those bodies left
// to write (package cb2026/book/view). Only a stage's chapter has one.
//
// Those are the only keys; another (a misspelt one) is an error at its line,
// as are front matter that is not closed by its --- line and CRLF line ends.
//
// Every existing chapter must state its own stage's bench as an inline
// figure, [N](bench:3). A stage without a chapter is listed in check's
// summary line, not reported as an error.
//
// An appendix is chapters/L-slug.md, L its capital letter, with appendix: L
// in its front matter instead of a milestone. Its stage (main, say) is only
// the build its code blocks, transcripts and diagrams default to: it states
// no bench, belongs to no stage and comes after the chapters in the sidebar,
// the pager and the print page. "Appendix A" in prose links to it.
//
// A section of milestone M5 is chapters/NN.K-slug.md: a technique main runs
// after stage 20, taught beside the chapter NN whose technique it extends
// (10.1 beside the transposition table). Its stage is main and its
// milestone M5; it states main's bench, is not main's chapter, and comes
// right after chapter NN in the sidebar, the pager and the print page;
// stage NN's page and main's name it. "Section 10.1" (or "chapter 10.1")
// in prose links to it.
//
// The answers to a chapter's exercises are kept apart from it, for course
// teachers: answers/NN-slug.md, named as its chapter, with title and stage
// (its chapter's) in its front matter. check checks its code blocks, figures
// and transcripts like a chapter's; the site does not show it.
//
// # Code blocks
//
// A fenced block's attributes, in goldmark's {…} syntax after the language,
// say what the block is. The block's body is a copy that check compares byte
// for byte and fix rewrites:
//
//	```go {file="engine/board/perft.go" decl="Perft"}
//	```go {file="engine/board/move.go" decl="Move.String"}
//	```go {file="engine/board/perft.go" region="perft-bulk"}
//
// decl names a top-level function, a method as Type.Method, or a type,
// constant or variable (its whole declaration, the parenthesized group
// included), with its doc comment. region names a fragment marked in the
// source with two directive-style comments, which gofmt keeps and go doc
// hides:
//
//	//book:region perft-bulk
//	if depth == 1 { … }
//	//book:end perft-bulk
//
// Every //book: comment of the module is read by package book/directive:
// //book:region NAME, //book:end NAME and //book:stage N (package
// book/view) are the only ones, and a misspelt one (//book:stgae 9,
// // book:stage 9) is an error at its file:line, never a plain comment.
// Region names are [a-z0-9-]+ and unique in the module; regions may nest but
// not cross. A region's text is the lines between its markers, nested
// markers dropped, with the indentation common to all lines removed. Marker
// lines never show in the book, in a declaration or on a source page.
// Unclosed, crossed, duplicate, stray and malformed markers are errors; so is
// a region no chapter shows, once every stage has its chapter (until then
// the summary lists it). The file must be compiled by the chapter's stage:
// its build constraints are evaluated with the stage's tag. stage="N" or
// stage="main" on a block resolves it at another stage. file is a slash
// path from the module root. An attribute the block's kind does not read
// (reference: file, decl, region, stage; variant: variant, file, replaces,
// stage; transcript: run, input, mask, head, tail, stage; program: stage),
// and one given twice, is an error.
//
// A block may be inside a list or a quote. fix rewrites its body with the
// text that precedes each of its lines in the file (the list's indentation,
// the quote's "> "), so the block stays where it was; if its lines do not
// all have the same prefix, fix cannot tell where the code starts on each
// and refuses, with the block's line. A fence that is not closed (goldmark
// would end the block at the end of the chapter, list item or quote,
// swallowing what follows) is an error, and neither check nor fix reads the
// block. So is a ``` line whose info string holds a backtick, which
// CommonMark does not read as a fence at all: use ~~~ for such a block.
//
// A variant is code the engine does not have (an earlier version, a rejected
// idea). It names the declaration it replaces and a name of its own:
//
//	```go {variant="naive-perft" file="engine/board/perft.go" replaces="Perft"}
//
// check copies the module to a temporary directory, swaps the body in for the
// declaration (doc comment included), and builds the engine with the
// chapter's stage tag. A variant that does not compile is an error at the
// chapter line of the compiler's first error. Figures and transcripts can
// then run the variant by its name (see Builds).
//
// A Go block without file, decl, region or variant must be a whole file (it
// starts with a package clause, after any comments); check compiles it in a
// directory bookprogram/ inside a copy of the module, with the chapter's stage
// tag, so it may import the engine. A Go fragment that is none of these is an error: the book holds no
// code the engine does not.
//
// # Transcripts
//
// A block with a run attribute is a command and its output; check runs it
// and compares line by line, trailing spaces ignored, and fix rewrites it:
//
//	```text {run="cb2026 perft 3"}
//	```text {run="cb2026 bench" mask="nps"}
//	```text {run="cb2026" input="set history off; bench 9" tail=1 stage="10"}
//	```text {run="cb2026 perft 2 '8/8/8/8/8/8/8/K6k w - - 0 1'"}
//
// run is the command line; it starts with cb2026, and quotes group words.
// input, instead of arguments, is written to the engine's stdin, one command
// per ";"; at the end of its input the engine finishes the search it is
// running, so "position fen …; go depth 8" shows the whole search (a later
// command such as position or quit would stop it). stage (a stage number,
// main, or a variant's name) chooses the binary; the default is the
// chapter's stage. head=N and
// tail=N keep the first or last N lines of the output. mask makes varying
// text compare equal: a comma-separated list of named masks (nps, time,
// hashfull) or one regular expression; every match in the stated and the
// measured text stands for "anything".
//
// # Inline figures
//
// A number the engine can reproduce is written as a link whose destination
// names the measurement; the site shows the plain number. The link text is
// the stated value; digit-group commas are ignored when comparing and kept by
// fix. Destinations with spaces go in angle brackets, as CommonMark wants.
// Anything that looks like a figure but did not parse as a link is an error.
// So is a link whose destination has a scheme (a word and a colon, as in
// bnech:7 or Bench:7) that is neither a figure kind nor http, https or
// mailto: a misspelt kind would otherwise be a plain link, never measured.
// A destination with no scheme (a relative path, #anchor) is a plain link.
//
//	[20,276,451](bench:3)              cb2026 bench at stage 3: N of "N nodes M nps"
//	[1,234](bench:10:9)                cb2026 bench 9
//	[1,234](bench:10:9:-history,+lmr)  set history off, set lmr on, bench 9 (via stdin)
//	[1,234](bench:10::-history)        the same at the stage's bench depth
//	[1,234](bench:main::capthist=v2)   set capthist v2 (a technique with named values), bench
//	[8,902](perft:3:3)                 cb2026 perft 3: N of "Nodes searched: N"
//	[97,862](perft:3:3:kiwipete)       a named position: startpos, kiwipete, cpw3..cpw6
//	[14](perft:3:1:8/8/8/8/8/8/8/K6k_w_-_-_0_1)   a FEN, "_" for spaces
//	[0.93](<cmd:10:set history off; stats:cutoff rate (\S+)>)
//	                                   any console commands; group 1 of the
//	                                   regexp's last match is the value
//
// A code span that names a recorded result, `tools/match/results/NAME` (or
// suite, speed; a file in it, or a pattern like NAME-part*), must name one
// the repository keeps: check reports any other at its line. The site links
// each to its results page.
//
// A match result stated in prose, an Elo and its interval (+12.2 ± 24.1),
// a record of wins, draws and losses (106-202-92), a score ("scored
// 53.5%", "the 600 games score 52.8%"), a likelihood of superiority
// ("likelihood of superiority 97.6%") or an SPRT's verdict ("H0 accepted",
// "H1 accepted at game 800"), must name its results folder in the same
// paragraph or table, or in the block just before it (for a table, also
// the block just after), and must be what that folder's results.json
// holds, to the decimals written, an Elo or a record from either engine's
// side: check reports any other at its line (book/check/claims.go). A
// pattern of parts is pooled match by match, a void part left out.
//
// A code span of the prose that names a function or method of the engine
// as the chapter's stage has it (`zoneAttack`, `zoneAttack()`,
// `Searcher.trySingular`, `search.SEE`) must name one that a code block of
// the chapter or an earlier one shows: a decl= or variant block of it, or a
// region= block holding its declaration whole. Check reports any other at
// its first mention, unless the allow-list (book/check/mentions_allowed.go)
// lets the chapter name it, with a reason. A bare name that is a console
// command's (`stats`) or a type's, constant's or variable's is not a
// method's; names the engine does not declare (the standard library's,
// fields, switches) are not looked up.
//
// # Board diagrams
//
// A fenced block whose language is board draws a position. Its body is the
// FEN, so the chapter still reads as text on any Markdown viewer; the
// attributes say what to mark:
//
//	```board {squares="b5 c5" illegal="b5c6" pins="h5a5" caption="bxc6 en passant would expose the king."}
//	8/8/3p4/KPp4r/1R3p1k/8/4P1P1/8 w - c6 0 2
//	```
//
// Instead of a body, fen="…" gives the FEN as an attribute, or position
// names one of the named positions a perft figure may use (startpos,
// kiwipete, cpw3..cpw6): ```board {position="kiwipete" caption="…"}, body
// empty. caption, one line, is required. squares lists squares to highlight. Arrows
// are lists of from-to pairs, one attribute a kind: moves (legal moves,
// a7a8q for a promotion), illegal (moves that look possible and are not,
// drawn crossed out), xrays (an attack through a piece, dashed), pins (a pin
// ray from the pinner to the king, dotted) and arrows (anything else, not
// checked). labels="index" writes each square's number (a1 = 0) on it,
// labels="name" its name; flip="true" puts Black at the bottom.
//
// ParseChapter rejects a malformed FEN placement, square or pair, an arrow
// that starts on an empty square and an unknown attribute. check then asks
// the engine (main's binary, cb2026 perft 1 FEN, whose divide lists the legal
// moves and which refuses a position it cannot play) and reports, at the
// block's line, a position the engine refuses, a move that is not legal and
// an illegal move that is. The site draws the diagram as inline SVG: pieces
// as Unicode chess glyphs, coordinates in the text's colour, board colours
// from style.css (--board-light, --board-dark), nothing fetched.
//
// # Plots
//
// A fenced block whose language is plot draws the Markdown table just above
// it as a chart, so that a plot shows the numbers the check measures and
// nothing typed by hand: every plotted cell must be one figure (a unit such
// as % may follow it), an empty cell is a missing point. The body is empty;
// the attributes say how to draw:
//
//	| depth | negamax | alpha-beta |
//	| ---: | ---: | ---: |
//	| 1 | [240](<cmd:7:…>) | [240](<cmd:6:…>) |
//	| 2 | [9,384](<cmd:7:…>) | [3,076](<cmd:6:…>) |
//
//	```plot {caption="Nodes per depth, log scale." scale="log" ylabel="nodes"}
//	```
//
// caption, one line, is required. By default each column after the first is
// a line, and the first column's numbers are x; by="rows" makes each row a
// line named by its first cell, with x the number in each column's header
// ("depth 8"). columns="2 4 6" picks the columns drawn (numbered from 1).
// scale is linear (the default) or log; xlabel (default: the first header)
// and ylabel name the axes. ParseChapter rejects at the block's line a plot
// with no table above it, a plotted cell that is not a figure or not a
// number, a value a log scale cannot show, a line with no values and an
// unknown attribute. The site draws it with gonum.org/v1/plot as inline
// SVG, axes and text in the page's text colour (currentColor) and each line
// in a colour from style.css (--plot-1 …), so it reads in light and dark
// mode, with a marker shape per line for print.
//
// A plot may draw a transcript's output instead of a table: right after a
// transcript block, it reads the output as a table, columns split at
// spaces and the first line the header, and every cell counts as measured,
// since the check runs the transcript again and compares it whole.
// kind="heatmap" draws the whole table as a grid, a cell per value shaded
// by its size and labelled with it, the rows named by the first column
// (whose header is the y label) and the columns by the header; every cell
// must hold a number. Chapter 14 draws the late move reductions so, from
// the console's reductions command:
//
//	```text {run="cb2026" input="reductions"}
//	depth   1   2   3 …
//	1       0   0   0 …
//	```
//
//	```plot {caption="…" kind="heatmap" xlabel="move index"}
//	```
//
// A column headed "|" (HeatGap), with "|" in every row, parts a heat map
// into grids side by side and is drawn blank: the console's board commands
// (shift, lookup, kingzone) print boards beside each other so. A map of
// nothing but 0s and 1s is a set of squares and is drawn shaded, without
// numbers.
//
// kind="layout" draws the bytes of a value in memory, eight to a row: the
// first column names the fields, a column headed offset and one headed
// bytes place them, and each field must start where the one before it ends
// (a gap is a field named padding, drawn dashed). Chapter 10 draws a
// transposition table entry so, from the console's ttentry command.
//
// kind="flow" draws the rows as steps one under the other, joined by
// arrows: the first column names a step, the second counts it (drawn as a
// bar too), the rest is a note (chapters 7, 11 and 15: the console's order).
// kind="windows" draws search windows on a line of scores, from columns
// headed alpha, beta and score, a row per search (chapter 17: windows).
// kind="tree" draws a search tree as an outline, from columns headed ply,
// move, kind (pv, cut, all, leaf), score, searched and moves, a row per
// node in the order the search entered them (chapter 6: tree).
//
// # Builds
//
// Every figure and transcript names a build: a stage number 1..20, main, or
// a variant's name (a stage is read by stages.Parse). Each build is compiled
// once per check by package exe (go build -tags stageN ./engine/cmd/cb2026;
// no tag for main), which also reads the bench and perft lines that bench
// and perft figures state, and identical runs are made once. Measurements
// run in parallel (-jobs, default 2).
//
// # The check
//
// check reads every chapter, compares every code block, measures every
// figure and transcript, and builds every variant and program. Unless
// -stages=false is given or chapters are named on the command line, it also
// runs go vet and go test for every stage, which compiles the stage's
// engine too: one go test -vet=all per stage, which runs every go vet check
// and the tests on the same packages. Main runs it on ./...; stage N runs it
// with -tags stageN on the packages whose code the tag changes: the stages
// package, those whose files or tests use stages.Current or
// stages.Selected, and those that depend on them. Every other package
// compiles to the same code under every tag and main's run covers it; the
// tools that read only the stage table (tools/match, exe), the book and its
// tool are tested with main.
//
// Every problem is printed as file:line: what — stated X, measured Y, all of
// them, and the exit status is 1; on success check prints one summary line.
// Progress goes to stderr (-q turns it off). go test runs with
// CB2026_BOOK_CHECK=1 in its environment, so tests that would run the check
// themselves can skip.
//
// fix runs the same measurements (without the stages) and rewrites stale
// code blocks, figures and transcripts in place, every other byte of the file
// unchanged, and prints each change; for figures it asks the author to
// reread the prose on that line.
//
// # Stage views
//
// A stage's view is the module as its chapter leaves it: every later
// chapter's technique cut out, its switch folded to off, its code pruned,
// with //book:stage N markers where no switch guards it. Those marker lines,
// like region markers, never show in a code block. Package cb2026/book/view
// gives the rule and writes and proves the views:
//
//	go run ./tools/book view [-replace] N DIR
//	go run ./tools/book views [-tests=false] [N ...]
//
// Code blocks quote the chapter's stage's view (or the view of the stage a
// block names): check writes the view of every stage a block quotes, and a
// declaration, region or file that a later chapter brings is an error that
// says so. The site offers each view as a download, a diff from the stage
// before it and source pages of the files its chapter shows.
//
// # The site
//
// build writes a static site (default _site/) that works from file:// and
// any static host, with no requests outside it: one page per chapter, one per
// stage (its chapter, its stated bench, files and commands), one per source
// file the chapters show (with line anchors; each code block's heading links
// to its lines), a 404 page, a search index written as a script, and the
// theme's files from site/ (its .html files are html/template templates:
// layout.html frames every page and one template per page kind writes its
// body, stage.html, index.html, result.html and the others, each saying
// what it is given; every other file is copied to assets/), a results page per recorded match, suite and
// speed run, and print.html: every written chapter in book order on one
// page, each starting a printed page, its ids prefixed with the chapter's
// name and links between chapters kept on the page.
//
// The front page says what the book is and how to start, and how strong
// main plays: its anchor matches (the pieces of anchor-OPPONENT-…-COMMIT-partN
// added up, their pair counts pooled by package cb2026/internal/stats for
// the Elo and its error, each piece linked to its page) and the stage
// ladder, drawn as a plot of each stage's Elo against the stage before it
// with its 95% interval: for each stage the newest step of the
// ladder-nodes10000* folders (for stages up to 8, which search one fixed
// depth, the newest step of the ladder-fixeddepth* folders if there is
// one), marked by the commit it was built from, with a note to play it
// again when the engine's source (engine/, stages/) has changed since.
//
// play.html plays the engine in the browser, at any stage from 3 on: the
// build compiles main with GOOS=js GOARCH=wasm (package cb2026/exe,
// BuildBrowser) into assets/play/ beside Go's wasm_exec.js, and the page
// (the theme's play.html and play/) runs it in a Web Worker that speaks UCI,
// one line a message, on a cm-chessboard board with chess.js for the rules
// (both vendored in site/vendor with their licences and SHA-256 list). The
// page states the binary's gzip size and the browser/native speed ratio
// recorded in tools/speed/results/browser-wasm-vs-native.txt. Every chapter
// from 3 on links it at its stage and, when the chapter's "The problem"
// shows a board, with that position (play.html?stage=13&fen=…); so does
// every stage page from 3 on. A module without engine/cmd/cb2026 gets no
// play page. From file:// the page only says that it needs a server:
// browsers start no worker there. TestPlayInBrowser proves it in Chromium.
//
// In chapter prose, "chapter 7", "Chapter 7's", "chapters 9 and 10" and
// "appendix A" become links: to the chapter's page, or, for a chapter not
// written yet, to its stage's page, marked class="xref missing" (code, headings and links
// are left as they are). Links out of the site (Further reading) are kept;
// nothing is fetched from outside it.
//
// serve builds, serves on localhost (a missing
// file gets the 404 page, with status 404) and rebuilds when anything under
// chapters/, engine/, site/ or stages/ changes.
//
// TestSiteInBrowser proves the site in a real browser: it builds the book's
// site, serves it with serve's handler on 127.0.0.1, and drives Chromium
// (chromedp; the system's chromium-headless-shell, chromium, chromium-browser
// or google-chrome, or the one CB2026_CHROME names) over every page, from
// file:// and over HTTP, at 1280×900 and 390×844, in light and dark mode.
// It fails on a script or console error, a failed request, a page wider than
// the window, a heading under the sticky top bar after a jump to its anchor,
// hidden heading links or "On this page", a figure whose tip is its raw
// directive, a diagram or plot that is missing (fewer on a page than its
// chapter's blocks; the front page has the ladder, print.html all of them) or
// drawn empty (a plot with no drawn line or marker, or no labels), a search
// that does not find its chapter (among queries such as %, ", <script>, an
// empty one and one of 10,000 characters), a ?q= parameter that breaks the
// page, → not turning the page and "On this page" not marking the section in
// view. It writes two screenshots per origin, size and scheme (chapter 3's
// diagram, the front page's ladder plot) to screenshots/ in the build's
// output folder (a temporary one; CB2026_BROWSER_OUT keeps it). It is
// skipped, saying so, only when no browser is found.
package book
