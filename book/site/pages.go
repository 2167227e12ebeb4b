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
	"strings"

	"cb2026/book"
	"cb2026/internal/results"
	"cb2026/internal/stats"
	"cb2026/stages"
)

// stageBody is what a stage's page shows (the theme's stage.html).
type stageBody struct {
	Name, Title               string
	Milestone, MilestoneTitle string
	ChapterFile               string    // the chapter's file, while it is not written
	Chapter                   *pageLink // the chapter's page, once it is
	Bench, BenchUnit          string    // the bench the chapter states
	Files                     []pageLink
	View                      *viewLink // nil when the site offers no view
	Commands                  []string
	Sections                  []pageLink // M5's sections beside this stage's chapter
	MainSections              []pageLink // at main: every section of M5, the techniques main adds
	Play                      string     // the play page at this stage; empty for a stage without a search
}

// sectionLinks links the sections of M5 that extend chapter n, in order,
// each titled with its number ("10.1 Internal iterative reductions").
func (s *site) sectionLinks(n int) []pageLink {
	var links []pageLink
	for _, sec := range s.sections[n] {
		links = append(links, pageLink{Href: pageName(sec), Title: sec.Section + " " + sec.Title})
	}
	return links
}

// A pageLink is a link to a page of the site.
type pageLink struct{ Href, Title string }

// A viewLink is a stage page's section on its view.
type viewLink struct {
	Zip, Stage, Label string
	Files, Lines      int
	Diff, Previous    string // the diff page and the stage before, if any
}

// writeStages writes one page per stage: its chapter, its bench count as the
// chapter states it, its files and the commands to build, test and bench it.
func (s *site) writeStages() error {
	for _, st := range stages.All() {
		p := stageBody{Name: titleCase(st.Name()), Title: s.title(st), Milestone: string(st.Milestone),
			MilestoneTitle: milestoneTitles[st.Milestone], ChapterFile: st.Chapter, Commands: stageCommands(st)}
		if ch := s.chapters[st.Number]; ch != nil {
			p.Chapter = &pageLink{Href: pageName(ch), Title: ch.Title}
			if n := book.StatedBench(ch); n != "" {
				p.Bench, p.BenchUnit = n, benchUnit(st)
			}
			p.Files = s.stageFiles(ch)
		}
		p.Sections = s.sectionLinks(st.Number)
		if s.playsAt(st) {
			p.Play = playHref(st, "")
		}
		if st.Number == stages.Main {
			for n := range stages.Main + 1 {
				p.MainSections = append(p.MainSections, s.sectionLinks(n)...)
			}
		}
		var err error
		if p.View, err = s.stageCode(st); err != nil {
			return err
		}
		main, err := s.body("stage.html", p)
		if err != nil {
			return err
		}
		d := pageData{Title: titleCase(st.Name()) + ": " + s.title(st), Nav: s.nav(stagePage(st)), Main: main}
		s.index = append(s.index, searchEntry{Kind: "stage", Title: d.Title, Page: "Stages", URL: stagePage(st), Text: htmlText(string(main))})
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
func (s *site) stageFiles(ch *book.Chapter) []pageLink {
	files := map[string]bool{}
	for _, f := range ch.Code {
		files[f] = true
	}
	for _, bl := range ch.Blocks {
		if f := bl.Attr("file"); f != "" {
			files[f] = true
		}
	}
	var links []pageLink
	for _, f := range sortedKeys(files) {
		links = append(links, pageLink{Href: s.srcHref(f, [2]int{}, ch.Stage), Title: f})
	}
	return links
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

// stageCommands lists the commands a reader runs for the stage.
func stageCommands(st stages.Stage) []string {
	tags, mk, bin := "", "", "cb2026"
	if args := st.BuildArgs(); args != nil {
		tags = " " + strings.Join(args, " ")
		mk = " STAGE=" + st.String()
		bin += "-" + st.FileName()
	}
	return []string{
		"go test" + tags + " ./...",
		"make bench" + mk,
		"go build" + tags + " -o " + bin + " ./engine/cmd/cb2026",
		"go run" + tags + " ./engine/cmd/cb2026 bench",
	}
}

// milestoneGives says what a reader has at the end of each milestone.
var milestoneGives = map[stages.Milestone]string{
	stages.M1: "a board, attack tables and a move generator that perft proves right on the standard suites",
	stages.M2: "an engine that plays, in any UCI GUI",
	stages.M3: "the search techniques that make it fast",
	stages.M4: "selectivity and a fuller evaluation, with weights tuned on the engine's own games",
	stages.M5: "what main gained after stage 20, each technique kept on or left off by a match",
}

// indexBody is what the front page shows (the theme's index.html).
type indexBody struct {
	GoVersion  string
	Milestones []milestoneRow
	Anchors    []anchorRow
	Ladder     *ladderBody // nil before a ladder is recorded
	Plan       []planRow
}

// A milestoneRow says what a milestone's stages are and give.
type milestoneRow struct{ Name, Title, Span, Stages, Gives string }

// A planRow is one stage in the plan of the book.
type planRow struct {
	Href, Stage, Title string
	Chapter            *pageLink // nil while the chapter is not written
	Milestone, Depth   string
	Bench              string
}

// writeIndex writes the front page: what the book is, who it is for, how to
// start, how strong it plays, and the plan of the book.
func (s *site) writeIndex() error {
	p := indexBody{GoVersion: s.goVersion()}
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
		p.Milestones = append(p.Milestones, milestoneRow{Name: string(ms), Title: milestoneTitles[ms],
			Span: titleCase(span), Stages: strings.Join(titles, ", "), Gives: milestoneGives[ms]})
	}
	var err error
	if p.Anchors, err = s.anchorRows(); err != nil {
		return err
	}
	if p.Ladder, err = s.ladder(); err != nil {
		return err
	}
	for _, st := range stages.All() {
		row := planRow{Href: stagePage(st), Stage: st.String(), Title: st.Title, Milestone: string(st.Milestone), Depth: "–"} // – : a bench that does not search
		if ch := s.chapters[st.Number]; ch != nil {
			row.Chapter, row.Bench = &pageLink{Href: pageName(ch), Title: ch.Title}, book.StatedBench(ch)
		}
		if st.BenchDepth > 0 {
			row.Depth = fmt.Sprint(st.BenchDepth)
		}
		p.Plan = append(p.Plan, row)
	}
	main, err := s.body("index.html", p)
	if err != nil {
		return err
	}
	d := pageData{Title: "cb2026", Nav: s.nav("index.html"), Main: main}
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

// An anchorRow is one anchor match on the front page.
type anchorRow struct {
	Opponent, Limits, Commit string
	Games                    int
	Wins, Draws, Losses      int
	Score, Elo               string
	Pieces                   []pieceLink
}

// A pieceLink links a piece of an anchor match to its results page, if it
// has one.
type pieceLink struct {
	N            int
	Href, Folder string
}

// anchorRows returns the front page's rows on main's strength: its anchor
// matches, read from the results folders (anchor-OPPONENT-…-COMMIT-partN),
// the newest commit of each opponent, each with its pooled Elo and linked to
// its pieces' results pages.
func (s *site) anchorRows() ([]anchorRow, error) {
	runs, err := s.anchorRuns()
	if err != nil {
		return nil, err
	}
	var rows []anchorRow
	for _, r := range runs {
		n := r.wins + r.draws + r.losses
		row := anchorRow{Opponent: r.opponent, Limits: r.limits, Commit: r.commit, Games: n, Wins: r.wins, Draws: r.draws, Losses: r.losses,
			Score: fmt.Sprintf("%.1f%%", 100*(float64(r.wins)+float64(r.draws)/2)/float64(n)), Elo: eloText(r.pairs.Estimate())}
		for i, p := range r.pieces {
			link := pieceLink{N: i + 1, Folder: p}
			if res, ok := s.results["match/"+p]; ok {
				link.Href = res.page
			}
			row.Pieces = append(row.Pieces, link)
		}
		rows = append(rows, row)
	}
	return rows, nil
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

// ladderBody is the front page's stage ladder: the plot of each stage's Elo
// against the stage before, the table it draws, and where the numbers come
// from.
type ladderBody struct {
	Figure            template.HTML
	Steps             []ladderRow
	FixedDepthByNodes bool // a fixed-depth stage's step was played at a node count
	Stale             bool // the engine changed since the steps were played
}

// A ladderRow is one step of the ladder's table.
type ladderRow struct {
	Stage               string
	Against             int
	Games               int
	Wins, Draws, Losses int
	Elo, Source         string
	Step, Href          string // the step's folder and its results page, if any
	Limit               string
}

// ladder returns the stage ladder, or nil before one is recorded.
func (s *site) ladder() (*ladderBody, error) {
	steps, err := ladderSteps(s.opt.Root)
	if err != nil || len(steps) == 0 {
		return nil, err
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
		return nil, err
	}
	l := &ladderBody{Figure: template.HTML(figureHTML(svg, caption, "read from the ladder's results files by the build")), Stale: !ladderCurrent(s.opt.Root, steps)}
	for _, st := range steps {
		row := ladderRow{Stage: stages.Stage{Number: st.stage}.String(), Against: st.stage - 1, Games: st.wins + st.draws + st.losses,
			Wins: st.wins, Draws: st.draws, Losses: st.losses, Elo: eloText(st.est), Source: st.source(), Step: st.folder + "/" + st.step, Limit: "10,000 nodes"}
		if res, ok := s.results["match/"+st.folder+"/"+st.step]; ok {
			row.Href = res.page
		} else if res, ok := s.results["match/"+st.folder]; ok {
			row.Href = res.page
		}
		if st.fixedDepth {
			row.Limit = "fixed depth"
		}
		l.Steps = append(l.Steps, row)
		l.FixedDepthByNodes = l.FixedDepthByNodes || (st.stage <= lastFixedDepth && !st.fixedDepth)
	}
	return l, nil
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
// each opponent, limits and commit, keeping the newest commit per opponent;
// a void piece is left out.
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
		void, err := results.Void(filepath.Join(dir, filepath.FromSlash(folder)))
		if err != nil {
			return nil, fmt.Errorf("anchor matches: %w", err)
		}
		if void != "" {
			continue // played, kept, and left out: its page says why
		}
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
	main, err := s.body("notfound.html", nil)
	if err != nil {
		return err
	}
	return s.write(notFoundPage, pageData{Title: "No such page", Nav: s.nav(""), Main: main})
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
