package site

import (
	"fmt"
	"html"
	"html/template"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"cb2026/book"
	"cb2026/internal/results"
	"cb2026/internal/stats"
	"cb2026/stages"
)

// writeStages writes one page per stage: its chapter, its bench count as the
// chapter states it, its files and the commands to build, test and bench it.
func (s *site) writeStages() error {
	for _, st := range stages.All() {
		var b strings.Builder
		esc := template.HTMLEscapeString
		fmt.Fprintf(&b, "<h1>%s: %s</h1>\n", esc(titleCase(st.Name())), esc(s.title(st)))
		fmt.Fprintf(&b, "<p class=\"chapter-meta\">%s · %s</p>\n", esc(string(st.Milestone)), esc(milestoneTitles[st.Milestone]))
		ch := s.chapters[st.Number]
		if ch == nil {
			fmt.Fprintf(&b, "<p>The chapter (<code>%s</code>) is still to be written.</p>\n", esc(st.Chapter))
		} else {
			fmt.Fprintf(&b, "<p>Chapter: <a href=\"%s\">%s</a>.</p>\n", esc(pageName(ch)), esc(ch.Title))
			if n := book.StatedBench(ch); n != "" {
				fmt.Fprintf(&b, "<p>Bench: <strong class=\"figure\">%s</strong> %s (the chapter states it; <code>make check</code> measures it).</p>\n", esc(n), benchUnit(st))
			}
			s.stageFiles(&b, ch)
		}
		if err := s.stageCode(&b, st); err != nil {
			return err
		}
		s.stageCommands(&b, st)
		d := pageData{Title: titleCase(st.Name()) + ": " + s.title(st), Nav: s.nav(stagePage(st)), Main: template.HTML(b.String())}
		s.index = append(s.index, searchEntry{Title: d.Title, Page: "Stages", URL: stagePage(st), Text: htmlText(b.String())})
		if err := s.write(stagePage(st), d); err != nil {
			return err
		}
	}
	return nil
}

// titleCase capitalizes the first letter.
func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// stageFiles lists the chapter's code files with links to their pages.
func (s *site) stageFiles(b *strings.Builder, ch *book.Chapter) {
	files := map[string]bool{}
	for _, f := range ch.Code {
		files[f] = true
	}
	for _, bl := range ch.Blocks {
		if f := bl.Attr("file"); f != "" {
			files[f] = true
		}
	}
	if len(files) == 0 {
		return
	}
	b.WriteString("<h2 id=\"files\">Files</h2>\n<ul>\n")
	for _, f := range sortedKeys(files) {
		fmt.Fprintf(b, "<li><a href=\"%s\"><code>%s</code></a></li>\n", template.HTMLEscapeString(s.srcHref(f, [2]int{}, ch.Stage)), template.HTMLEscapeString(f))
	}
	b.WriteString("</ul>\n")
}

// sortedKeys returns a set's keys in order.
func sortedKeys(m map[string]bool) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// stageCommands writes the commands a reader runs for the stage.
func (s *site) stageCommands(b *strings.Builder, st stages.Stage) {
	tags, mk, bin := "", "", "cb2026"
	if args := st.BuildArgs(); args != nil {
		tags = " " + strings.Join(args, " ")
		mk = " STAGE=" + st.String()
		bin += "-" + st.FileName()
	}
	cmds := []string{
		"go test" + tags + " ./...",
		"make bench" + mk,
		"go build" + tags + " -o " + bin + " ./engine/cmd/cb2026",
		"go run" + tags + " ./engine/cmd/cb2026 bench",
	}
	b.WriteString("<h2 id=\"commands\">Commands</h2>\n<pre class=\"chroma commands\"><code>")
	for _, c := range cmds {
		b.WriteString("$ " + template.HTMLEscapeString(c) + "\n")
	}
	b.WriteString("</code></pre>\n")
}

// milestoneGives says what a reader has at the end of each milestone.
var milestoneGives = map[stages.Milestone]string{
	stages.M1: "a board, attack tables and a move generator that perft proves right on the standard suites",
	stages.M2: "an engine that plays, in any UCI GUI",
	stages.M3: "the search techniques that make it fast",
	stages.M4: "selectivity and a fuller evaluation, with weights tuned on the engine's own games",
	stages.M5: "what main gained after stage 20, each technique kept on or left off by a match",
}

// writeIndex writes the front page: what the book is, who it is for, how to
// start, how strong it plays, and the plan of the book.
func (s *site) writeIndex() error {
	var b strings.Builder
	esc := template.HTMLEscapeString
	goVersion := s.goVersion()
	fmt.Fprintf(&b, `<h1>cb2026</h1>
<p class="lead">A chess engine in Go and the book that builds it, one technique a chapter. Every line of code a chapter shows is cut from the engine as that chapter leaves it; every number the engine prints (node counts, perft counts, benches, console output) is marked and measured again by <code>make check</code> (the ratios the prose works out from them are not marked), and every match result, test-suite score and timing comes from a recorded run with its command and, for matches, its games.</p>
<h2 id="who">Who it is for</h2>
<p>You know Go and the rules of chess, and you have not written a chess engine. The book starts from an empty board and builds the engine whose results are below, one technique at a time, each measured when it goes in. A course can hand it out stage by stage: every stage page offers the code as its chapter leaves it, and the stage's bench is how a student's own code is checked. An engine author can skip to the measurements: what each technique is worth in this engine, with its error and its games.</p>
<h2 id="milestones">What each milestone gives</h2>
<dl class="milestones">
`)
	for _, ms := range []stages.Milestone{stages.M1, stages.M2, stages.M3, stages.M4, stages.M5} {
		var names, titles []string
		for _, st := range stages.All() {
			if st.Milestone == ms {
				names, titles = append(names, st.String()), append(titles, s.title(st))
			}
		}
		span := "stage " + names[0]
		if len(names) > 1 {
			span = "stages " + names[0] + "–" + names[len(names)-1]
		}
		fmt.Fprintf(&b, "<dt>%s · %s</dt><dd>%s: %s. At its end: %s.</dd>\n", esc(string(ms)), esc(milestoneTitles[ms]),
			esc(titleCase(span)), esc(strings.Join(titles, ", ")), esc(milestoneGives[ms]))
	}
	fmt.Fprintf(&b, `</dl>
<h2 id="start">Get the code and start</h2>
<p>The code is the repository this site is built from; each stage's page also offers that stage's code as a download. It needs Go %s or newer and nothing else. In its folder:</p>
<pre class="chroma commands"><code>$ go test ./...
$ go run ./engine/cmd/cb2026 bench
</code></pre>
<p>The first runs every test; the second searches the bench positions and ends with the line <code>N nodes M nps</code>, whose node count is the one the book states for that stage, on any machine.</p>
<h2 id="play">Play it</h2>
<p><code>go build -o cb2026 ./engine/cmd/cb2026</code> gives a UCI engine: add the binary to a chess GUI such as Cute Chess, Arena or En Croissant as a UCI engine with no arguments. Started by hand, it also reads console commands (<code>help</code> lists them).</p>
`, esc(goVersion))
	if err := s.writeStrength(&b); err != nil {
		return err
	}
	b.WriteString(`<h2 id="plan">The plan</h2>
<table class="plan"><thead><tr><th>Stage</th><th>Chapter</th><th>Milestone</th><th>Bench depth</th><th>Bench</th></tr></thead><tbody>
`)
	for _, st := range stages.All() {
		title, bench := esc(st.Title)+" <span class=\"todo\">(to be written)</span>", ""
		if ch := s.chapters[st.Number]; ch != nil {
			title = fmt.Sprintf("<a href=\"%s\">%s</a>", esc(pageName(ch)), esc(ch.Title))
			bench = esc(book.StatedBench(ch))
		}
		depth := "–" // a bench that does not search
		if st.BenchDepth > 0 {
			depth = fmt.Sprint(st.BenchDepth)
		}
		fmt.Fprintf(&b, "<tr><td><a href=\"%s\">%s</a></td><td>%s</td><td>%s</td><td>%s</td><td class=\"num\">%s</td></tr>\n",
			esc(stagePage(st)), esc(st.String()), title, esc(string(st.Milestone)), depth, bench)
	}
	b.WriteString("</tbody></table>\n<p><a href=\"src/index.html\">Source files</a> shown in the book.</p>\n")
	b.WriteString(`<h2 id="licence">Licence</h2>
<p>The code is under the MIT licence (<code>LICENSE</code>), the text of the book under Creative Commons Attribution-ShareAlike 4.0 (<code>LICENSE-TEXT</code>).</p>
`)
	d := pageData{Title: "cb2026", Nav: s.nav("index.html"), Main: template.HTML(b.String())}
	if chs := s.order(); len(chs) > 0 {
		d.Next = &navItem{Href: pageName(chs[0]), Label: chs[0].Title}
	}
	return s.write("index.html", d)
}

// goVersion returns the Go release go.mod asks for ("1.26"), or "1.26" if
// it cannot be read.
func (s *site) goVersion() string {
	data, err := os.ReadFile(filepath.Join(s.opt.Root, "go.mod"))
	if err != nil {
		return "(see go.mod)"
	}
	if m := goDirective.FindSubmatch(data); m != nil {
		return string(m[1])
	}
	return "(see go.mod)"
}

// goDirective is go.mod's go line, major and minor release.
var goDirective = regexp.MustCompile(`(?m)^go (\d+\.\d+)`)

// An anchorRun is main's match against one anchor engine on one commit, at
// one time control, played in pieces.
type anchorRun struct {
	opponent, limits, commit string
	wins, draws, losses      int
	pairs                    stats.Pentanomial // the pieces' pair counts added up
	pieces                   []string          // the pieces' folders, relative to the results folder
	started                  string            // the first piece's date
}

// writeStrength writes the front page's section on main's strength: its
// anchor matches, read from the results folders (anchor-OPPONENT-…-COMMIT-partN),
// the newest commit of each opponent, each with its pooled Elo and linked to
// its pieces' results pages; then the stage ladder.
func (s *site) writeStrength(b *strings.Builder) error {
	esc := template.HTMLEscapeString
	runs, err := s.anchorRuns()
	if err != nil {
		return err
	}
	b.WriteString("<h2 id=\"strength\">How strong it plays</h2>\n")
	if len(runs) == 0 {
		b.WriteString("<p>No anchor match of main has been recorded yet.</p>\n")
	} else {
		b.WriteString("<p>Main against engines of known strength, one game at a time on a clock, openings from <code>2moves_v1</code> played with both colors. Each row is the newest match recorded against that engine and adds the pieces it was played in (their pairs of games pooled, as <code>go run ./tools/match combine</code> does); each piece's page holds its games, the command and the load. Rows from an older commit of main are to be played again on the current one.</p>\n")
		b.WriteString("<table class=\"anchors\"><thead><tr><th>Opponent</th><th>Limits</th><th>Main at</th><th>Games</th><th>W-D-L for main</th><th>Score</th><th>Elo ± 95%</th><th>Pieces</th></tr></thead><tbody>\n")
		for _, r := range runs {
			n := r.wins + r.draws + r.losses
			e := r.pairs.Estimate()
			var links []string
			for i, p := range r.pieces {
				label := strconv.Itoa(i + 1)
				if res, ok := s.results["match/"+p]; ok {
					label = fmt.Sprintf("<a href=\"%s\" title=\"%s\">%d</a>", esc(res.page), esc(p), i+1)
				}
				links = append(links, label)
			}
			fmt.Fprintf(b, "<tr><td>%s</td><td>%s</td><td><code>%s</code></td><td class=\"num\">%d</td><td>%d-%d-%d</td><td class=\"num\">%.1f%%</td><td class=\"num\">%s</td><td>%s</td></tr>\n",
				esc(r.opponent), esc(r.limits), esc(r.commit), n, r.wins, r.draws, r.losses,
				100*(float64(r.wins)+float64(r.draws)/2)/float64(n), esc(eloText(e)), strings.Join(links, " "))
		}
		b.WriteString("</tbody></table>\n")
	}
	return s.writeLadder(b)
}

// eloText writes an estimate as the results pages do: +88.7 ± 65.3, or +∞
// and −∞ when one side won every pair.
func eloText(e stats.Estimate) string {
	switch {
	case math.IsInf(e.Elo, 1):
		return "+∞"
	case math.IsInf(e.Elo, -1):
		return "−∞"
	case math.IsNaN(e.Elo):
		return "n/a"
	}
	elo := strings.Replace(fmt.Sprintf("%+.1f", e.Elo), "-", "−", 1)
	if math.IsNaN(e.EloError) || math.IsInf(e.EloError, 0) {
		return elo + " ± n/a" // the interval reaches a score of 0 or 1
	}
	return fmt.Sprintf("%s ± %.1f", elo, e.EloError)
}

// writeLadder writes the stage ladder: the plot of each stage's Elo against
// the stage before, the table it draws, and where the numbers come from.
func (s *site) writeLadder(b *strings.Builder) error {
	esc := template.HTMLEscapeString
	steps, err := ladderSteps(s.opt.Root)
	if err != nil {
		return err
	}
	b.WriteString("<h3 id=\"ladder\">Stage against stage</h3>\n")
	if len(steps) == 0 {
		b.WriteString("<p>No stage ladder has been recorded yet; each chapter's \"What it is worth\" gives its stage's measurements.</p>\n")
		return nil
	}
	srcs := ladderCommits(steps)
	caption := "Each stage's Elo against the stage before it, with its 95% interval, at 10,000 nodes a move (stages 5 to 8 at their own fixed depth where that step is recorded); the newest ladder step recorded for each stage (" + strings.Join(srcs, "; ") + ")."
	for _, st := range steps {
		if math.IsInf(st.est.Elo, 0) {
			caption += fmt.Sprintf(" Not drawn: stage %d, %d-%d-%d (%s).", st.stage, st.wins, st.draws, st.losses, eloText(st.est))
		}
	}
	svg, err := ladderSVG(steps, caption)
	if err != nil {
		return err
	}
	b.WriteString("<p>The ladder plays every stage against the one before it, openings from <code>2moves_v1</code> with both colors: stages 5 to 8, which search one fixed depth, at that depth, and every later stage at 10,000 nodes a move, so its games come out the same on every machine. A gain is the stage's technique measured in games; the interval says how sure the measurement is.</p>\n")
	b.WriteString(figureHTML(svg, caption, "read from the ladder's results files by the build"))
	b.WriteString("<table class=\"ladder\"><thead><tr><th>Stage</th><th>Against</th><th>Games</th><th>W-D-L</th><th>Elo ± 95%</th><th>Engines from</th><th>Limit</th></tr></thead><tbody>\n")
	for _, st := range steps {
		step := esc(st.folder + "/" + st.step)
		if res, ok := s.results["match/"+st.folder+"/"+st.step]; ok {
			step = fmt.Sprintf("<a href=\"%s\">%s</a>", esc(res.page), step)
		} else if res, ok := s.results["match/"+st.folder]; ok {
			step = fmt.Sprintf("<a href=\"%s\">%s</a>", esc(res.page), step)
		}
		limit := "10,000 nodes"
		if st.fixedDepth {
			limit = "fixed depth"
		}
		fmt.Fprintf(b, "<tr><td>%s</td><td>%d</td><td class=\"num\">%d</td><td>%d-%d-%d</td><td class=\"num\">%s</td><td>%s (%s)</td><td>%s</td></tr>\n",
			stages.Stage{Number: st.stage}, st.stage-1, st.wins+st.draws+st.losses, st.wins, st.draws, st.losses, esc(eloText(st.est)), esc(st.source()), step, limit)
	}
	b.WriteString("</tbody></table>\n")
	b.WriteString("<p>A step won game for game has no finite Elo and is left out of the plot.")
	for _, st := range steps {
		if st.stage <= lastFixedDepth && !st.fixedDepth {
			b.WriteString(" Stages 5 to 8 search one fixed depth without iterative deepening, so a node limit cuts their searches short, and a step of theirs played at 10,000 nodes measures that more than its technique.")
			break
		}
	}
	if !ladderCurrent(s.opt.Root, steps) {
		b.WriteString(" The engine has changed since the commits named (or they are not recorded): the ladder is to be played again on the current engine.")
	}
	b.WriteString("</p>\n")
	return nil
}

// ladderCurrent reports whether every step was played from a commit whose
// engine source is the work tree's.
func ladderCurrent(root string, steps []ladderStep) bool {
	for _, st := range steps {
		if st.commit == "" {
			return false
		}
		if same, known := engineSince(root, st.commit); !same || !known {
			return false
		}
	}
	return true
}

// anchorFolder is a results folder of an anchor match piece, and
// anchorCommit one that holds a commit's anchor matches, one folder per
// opponent (anchor-COMMIT/OPPONENT).
var (
	anchorFolder = regexp.MustCompile(`^anchor-([a-z0-9.-]+?)-(tc[0-9.]+)-([0-9a-f]{7,40})-part(\d+)$`)
	anchorCommit = regexp.MustCompile(`^anchor-([0-9a-f]{7,40})$`)
)

// anchorMatches lists the anchor matches' folders (relative to the results
// folder) with the commit main was built from. A results folder that is
// missing has none.
func anchorMatches(dir string) (folders, commits []string, err error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("anchor matches: %w", err)
	}
	for _, e := range entries {
		if m := anchorFolder.FindStringSubmatch(e.Name()); m != nil {
			folders, commits = append(folders, e.Name()), append(commits, m[3])
			continue
		}
		m := anchorCommit.FindStringSubmatch(e.Name())
		if m == nil || !e.IsDir() {
			continue
		}
		subs, err := os.ReadDir(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, nil, fmt.Errorf("anchor matches: %w", err)
		}
		for _, sub := range subs {
			if sub.IsDir() {
				folders, commits = append(folders, e.Name()+"/"+sub.Name()), append(commits, m[1])
			}
		}
	}
	return folders, commits, nil
}

// anchorRuns reads the anchor matches' results files and pools the pieces of
// each opponent, limits and commit, keeping the newest commit per opponent.
// A results file that cannot be read is an error that names it.
func (s *site) anchorRuns() ([]anchorRun, error) {
	dir := filepath.Join(s.opt.Root, "tools", "match", "results")
	folders, commits, err := anchorMatches(dir)
	if err != nil {
		return nil, err
	}
	var keys []string // in the order first seen
	pieces := map[string][]results.Piece{}
	commitOf := map[string]string{}
	for i, folder := range folders {
		res, err := results.ReadDir(filepath.Join(dir, filepath.FromSlash(folder)))
		if err != nil {
			return nil, fmt.Errorf("anchor matches: %w", err)
		}
		key := engineName(res.Engines[1]) + " " + res.Limits + " " + commits[i]
		if pieces[key] == nil {
			keys = append(keys, key)
		}
		pieces[key] = append(pieces[key], results.Piece{Dir: folder, Summary: res})
		commitOf[key] = commits[i]
	}
	byKey := map[string]*anchorRun{}
	newest := map[string]string{} // opponent → the key of its newest run
	for _, key := range keys {
		all, err := results.Pool(pieces[key])
		if err != nil {
			return nil, fmt.Errorf("anchor matches: %w", err)
		}
		opp := engineName(all.Engines[1])
		r := &anchorRun{opponent: opp, limits: all.Limits, commit: commitOf[key], started: all.Started.Format("2006-01-02 15:04"),
			wins: all.Wins, draws: all.Draws, losses: all.Losses, pairs: all.Pairs()}
		for _, p := range pieces[key] {
			r.pieces = append(r.pieces, p.Dir)
		}
		byKey[key] = r
		if k, ok := newest[opp]; !ok || byKey[k].started < r.started {
			newest[opp] = key
		}
	}
	var runs []anchorRun
	for _, opp := range sortedKeys(keysOf(newest)) {
		runs = append(runs, *byKey[newest[opp]])
	}
	return runs, nil
}

// engineName is the name= of a match's engine description, or all of it.
func engineName(desc string) string {
	for _, f := range strings.Fields(desc) {
		if n, ok := strings.CutPrefix(f, "name="); ok {
			return n
		}
	}
	return desc
}

// keysOf returns a map's keys as a set.
func keysOf(m map[string]string) map[string]bool {
	set := map[string]bool{}
	for k := range m {
		set[k] = true
	}
	return set
}

// notFoundPage is the page a static host shows for a missing file (the
// name GitHub Pages and serve look for).
const notFoundPage = "404.html"

// writeNotFound writes the page for a missing file: what happened and where
// to go instead.
func (s *site) writeNotFound() error {
	main := `<h1>No such page</h1>
<p class="lead">The page you asked for is not in the book. It may have been renamed, or its chapter not written yet.</p>
<p>Start from the <a href="index.html">plan of the book</a>, search with the box above, or pick a chapter from the contents.</p>
`
	return s.write(notFoundPage, pageData{Title: "No such page", Nav: s.nav(""), Main: template.HTML(main)})
}

// htmlTag is an HTML tag, for htmlText.
var htmlTag = regexp.MustCompile(`<[^>]*>`)

// htmlText returns the text of an HTML fragment, its tags dropped and its
// white space folded, for the search index.
func htmlText(h string) string {
	return strings.Join(strings.Fields(html.UnescapeString(htmlTag.ReplaceAllString(h, " "))), " ")
}

// benchUnit says what a stage's bench counts: the pieces (stage 1) or the
// attacks (stage 2) of the bench positions, which have no depth, and from
// stage 3 on the nodes at the stage's bench depth.
func benchUnit(st stages.Stage) string {
	switch {
	case st.BenchDepth > 0:
		return fmt.Sprintf("nodes at depth %d", st.BenchDepth)
	case st.Number == 1:
		return "pieces counted on the bench positions"
	default:
		return "attacks counted on the bench positions"
	}
}
