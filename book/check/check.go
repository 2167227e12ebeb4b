package check

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"cb2026/book"
	"cb2026/book/view"
	"cb2026/stages"
)

// Options configure a check.
type Options struct {
	Root     string         // the module root
	Chapters string         // the chapter directory, relative to Root ("chapters" if empty)
	Files    []string       // if set, only these chapters (relative to Root) and no whole-book checks
	Stages   bool           // run go vet and go test for every stage in Table
	Table    []stages.Stage // the stages (stages.All() if nil)
	Jobs     int            // measurements run in parallel (2 if 0)
	Progress io.Writer      // progress lines (none if nil)
	// NoViews quotes code blocks from the repository's files as the stage
	// compiles them instead of from the stage's view: for a module with no
	// technique table to cut views by, like the tests' fixture.
	NoViews bool
	// Switches is the engine's table of techniques: each is checked to be
	// shown by the chapter that teaches it (none checked if nil).
	Switches []Switch
	// MentionsOnly runs only the rules of what the prose names: only
	// functions a code block shows (checkMentions), and only match results
	// it names the folder of, as recorded (checkResultClaims); no blocks
	// compared, nothing measured.
	MentionsOnly bool
	// Allowed are the functions chapters may name in prose though no code
	// block shows them (AllowedMentions for this book's chapters).
	Allowed []AllowedMention
}

// Result is what a check found and counted.
type Result struct {
	Chapters    []*book.Chapter
	Problems    []book.Problem
	Edits       []book.Edit
	Blocks      int // reference, variant and program blocks checked
	Figures     int // inline figures measured
	Transcripts int
	Diagrams    int            // board diagrams judged by the engine
	Plots       int            // plots read from their tables (whose figures are measured)
	Stages      int            // stages vetted and tested
	Missing     []stages.Stage // stages without a chapter
	Unshown     []string       // regions no chapter shows yet (only while chapters are missing)
	Elapsed     time.Duration
}

// Summary is the one line a passing check prints.
func (r *Result) Summary() string {
	chapters, answers := 0, 0
	for _, ch := range r.Chapters {
		if ch.Answers {
			answers++
		} else {
			chapters++
		}
	}
	s := fmt.Sprintf("book: ok: %d chapters, answers to %d, %d code blocks, %d figures, %d transcripts, %d diagrams, %d plots, %d stages vetted and tested in %.1fs",
		chapters, answers, r.Blocks, r.Figures, r.Transcripts, r.Diagrams, r.Plots, r.Stages, r.Elapsed.Seconds())
	if len(r.Missing) > 0 {
		var n []string
		for _, st := range r.Missing {
			n = append(n, st.String())
		}
		s += "; chapters still to write: " + strings.Join(n, ", ")
	}
	if len(r.Unshown) > 0 {
		s += "; regions not shown yet: " + strings.Join(r.Unshown, ", ")
	}
	return s
}

// checker holds one check's state.
type checker struct {
	opt      Options
	res      *Result
	src      *book.Source
	regions  map[string]*book.Region
	used     map[string]bool
	variants map[string]*Variant
	eng      *Engines
	views    *Views // nil with NoViews
	mu       sync.Mutex
	tasks    []task
	// allow is the allow-list of prose mentions (Options.Allowed), and
	// allowUsed the entries a mention needed.
	allow     []AllowedMention
	allowUsed map[int]bool
	funcs     map[string][]funcDecl // the engine's functions by stage name
	book      []*book.Chapter       // the book's chapters, for what earlier ones show
	cmds      map[string]bool       // bare names that are not functions' (words)
}

// task is one measurement, run on the worker pool.
type task struct {
	label string
	run   func()
}

// Run checks the book at opt.Root. The error is for failures to run at all;
// what is wrong with the book is in Result.Problems.
func Run(opt Options) (*Result, error) {
	start := time.Now()
	if opt.Chapters == "" {
		opt.Chapters = "chapters"
	}
	if opt.Table == nil {
		opt.Table = stages.All()
	}
	if opt.Jobs <= 0 {
		opt.Jobs = 2
	}
	dir, err := os.MkdirTemp("", "cb2026-book-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	c := &checker{opt: opt, res: &Result{}, src: book.NewSource(opt.Root), used: map[string]bool{}, variants: map[string]*Variant{},
		allow: opt.Allowed, allowUsed: map[int]bool{}, funcs: map[string][]funcDecl{}}
	c.eng = NewEngines(opt.Root, dir, c.variants)
	if err := c.readChapters(); err != nil {
		return nil, err
	}
	var probs []book.Problem
	c.regions, probs = book.ScanRegions(opt.Root)
	c.res.Problems = append(c.res.Problems, probs...)
	for _, ch := range c.res.Chapters {
		c.collectVariants(ch)
	}
	if !opt.NoViews {
		c.views = NewViews(opt.Root, filepath.Join(dir, "views"))
		c.writeViews()
	}
	for _, ch := range c.res.Chapters {
		if opt.MentionsOnly {
			c.checkMentions(ch)
			c.checkResultClaims(ch)
		} else {
			c.checkChapter(ch)
		}
	}
	c.checkAllowList()
	if len(opt.Files) == 0 && !opt.MentionsOnly {
		c.wholeBook()
	}
	c.runTasks()
	sort.SliceStable(c.res.Problems, func(i, j int) bool {
		a, b := c.res.Problems[i], c.res.Problems[j]
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	c.res.Elapsed = time.Since(start)
	return c.res, nil
}

// problem records a problem; safe from tasks.
func (c *checker) problem(file string, line int, format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.res.Problems = append(c.res.Problems, book.Problem{File: file, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// edit records a change for fix; safe from tasks.
func (c *checker) edit(e book.Edit) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.res.Edits = append(c.res.Edits, e)
}

// progress writes one progress line.
func (c *checker) progress(format string, args ...any) {
	if c.opt.Progress != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
		fmt.Fprintf(c.opt.Progress, "book: "+format+"\n", args...)
	}
}

// readChapters reads and parses the chapters to check.
func (c *checker) readChapters() error {
	chs, probs, err := book.ReadChapters(c.opt.Root, c.opt.Chapters, c.opt.Files)
	c.res.Chapters = chs
	c.res.Problems = append(c.res.Problems, probs...)
	if err != nil || len(c.opt.Files) > 0 {
		return err
	}
	ans, probs, err := book.ReadChapters(c.opt.Root, book.AnswersDir, nil)
	c.res.Chapters = append(c.res.Chapters, ans...)
	c.res.Problems = append(c.res.Problems, probs...)
	return err
}

// checkAnswers checks that a file of answers has its chapter: the file of
// the same name in the chapters' folder, of the same stage.
func (c *checker) checkAnswers(ch *book.Chapter) {
	name := filepath.Base(ch.Path)
	src, err := os.ReadFile(filepath.Join(c.opt.Root, c.opt.Chapters, name))
	if err != nil {
		c.problem(ch.Path, 1, "answers to no chapter: want %s/%s", c.opt.Chapters, name)
		return
	}
	if of, _ := book.ParseChapter(c.opt.Chapters+"/"+name, src); of.Stage != ch.Stage {
		c.problem(ch.Path, ch.FrontMatterLine("stage"), "front matter: stage %s, its chapter's is %s", ch.Stage, of.Stage)
	}
}

// blockStage returns the stage a block is resolved at: its stage attribute,
// or the chapter's.
func (c *checker) blockStage(ch *book.Chapter, b *book.Block) (stages.Stage, bool) {
	s := b.Attr("stage")
	if s == "" {
		return ch.Stage, ch.Stage.Number != 0
	}
	st, err := stages.Parse(s)
	if err != nil {
		c.problem(ch.Path, b.Line, "%v", err)
		return stages.Stage{}, false
	}
	return st, true
}

// collectVariants registers the chapter's variant blocks by name.
func (c *checker) collectVariants(ch *book.Chapter) {
	for _, b := range ch.Blocks {
		if b.Kind != book.VariantBlock {
			continue
		}
		name, file, decl := b.Attr("variant"), b.Attr("file"), b.Attr("replaces")
		switch {
		case name == "" || file == "" || decl == "":
			c.problem(ch.Path, b.Line, "variant block needs variant, file and replaces attributes")
			continue
		case !book.IsVariantName(name):
			c.problem(ch.Path, b.Line, "malformed variant name %q (want [a-z][a-z0-9-]*)", name)
			continue
		case book.ModuleFile(file) != nil:
			continue // ParseChapter reported it
		case c.variants[name] != nil:
			v := c.variants[name]
			c.problem(ch.Path, b.Line, "duplicate variant %s (first at %s:%d)", name, v.Chapter, v.Line)
			continue
		}
		stage, ok := c.blockStage(ch, b)
		if !ok {
			continue
		}
		c.variants[name] = &Variant{Name: name, File: file, Replaces: decl, Stage: stage, Code: b.Body, Chapter: ch.Path, Line: b.Line}
	}
}

// isBuild reports whether a figure or transcript may run the build: a stage
// or a variant's name.
func (c *checker) isBuild(build string) bool {
	return isStage(build) || c.variants[build] != nil
}

// isStage reports whether s names a stage ("7", "main").
func isStage(s string) bool {
	_, err := stages.Parse(s)
	return err == nil
}

// checkChapter checks a chapter's blocks and queues its measurements.
func (c *checker) checkChapter(ch *book.Chapter) {
	if ch.Answers {
		c.checkAnswers(ch)
	} else if st := ch.Stage; st.Number != 0 && ch.Appendix == "" && ch.Section == "" && !strings.HasPrefix(filepath.Base(ch.Path), filepath.Base(st.Chapter)[:3]) {
		c.problem(ch.Path, ch.FrontMatterLine("stage"), "stage %s's chapter is %s, not this file", st, st.Chapter)
	}
	for _, f := range ch.Code {
		if book.ModuleFile(f) != nil {
			continue // ParseChapter reported it
		}
		if _, err := os.Stat(filepath.Join(c.opt.Root, filepath.FromSlash(f))); err != nil {
			c.problem(ch.Path, ch.FrontMatterLine("code"), "front matter: unknown code file %s", f)
		}
	}
	c.checkStarter(ch)
	for _, b := range ch.Blocks {
		c.checkBlock(ch, b)
	}
	c.checkResultMentions(ch)
	c.checkResultClaims(ch)
	c.checkSwitchesShown(ch)
	c.checkMentions(ch)
	for _, f := range ch.Figures {
		c.queueFigure(ch, f)
	}
	if ch.Stage.Number != 0 && ch.Appendix == "" && !ch.Answers && book.StatedBench(ch) == "" {
		c.problem(ch.Path, 1, "the chapter does not state its stage's bench — want a figure like [N](bench:%s)", ch.Stage)
	}
}

// checkStarter checks that each function of the chapter's starter key is
// one its stage's view declares with a body, so that its starter can leave
// the body to the student (with NoViews: the file as the stage compiles it).
func (c *checker) checkStarter(ch *book.Chapter) {
	st := ch.Stage
	for _, f := range ch.Starter {
		if st.Number == 0 {
			return // ParseChapter reported the stage
		}
		if err := c.starterFunc(f, st); err != "" {
			c.problem(ch.Path, f.Line, "starter: %s", err)
		}
	}
}

// starterFunc says what is wrong with one function of a starter at stage
// st, or "".
func (c *checker) starterFunc(f book.StarterFunc, st stages.Stage) string {
	if in, err := c.src.Compiled(f.File, st); err != nil {
		return fmt.Sprintf("unknown file %s: %v", f.File, book.TrimErr(err))
	} else if !in {
		return fmt.Sprintf("%s is not compiled at %s", f.File, st.Name())
	}
	src := c.src
	if c.views != nil {
		v := c.views.Get(st)
		switch {
		case v.Err != nil:
			return v.Err.Error()
		case !v.Has(f.File):
			return fmt.Sprintf("%s is not in %s's view: all its code comes with later chapters", f.File, st.Name())
		}
		src = v.Src
	}
	ok, err := src.HasFunc(f.File, f.Func)
	switch {
	case err != nil:
		return err.Error()
	case !ok:
		return fmt.Sprintf("%s has no function %s at %s", f.File, f.Func, st.Name())
	}
	return ""
}

// resultMention is a code span naming a recorded result, as the site
// links it: `tools/match/results/se-main-94fbf11`, a file in such a
// folder, or a pattern (`…-part*`).
var resultMention = regexp.MustCompile("`(tools/(?:match|suite|speed)/results/[^`]*?)/?`")

// checkResultMentions checks that every recorded result a chapter names
// exists: a chapter cites only matches and measurements that are kept.
func (c *checker) checkResultMentions(ch *book.Chapter) {
	for _, m := range resultMention.FindAllSubmatchIndex(ch.Source, -1) {
		name := string(ch.Source[m[2]:m[3]])
		found, err := filepath.Glob(filepath.Join(c.opt.Root, filepath.FromSlash(name)))
		if err != nil || len(found) == 0 {
			c.problem(ch.Path, ch.LineOf(m[0]), "%s: no such recorded result (a chapter names only results kept in the repository)", name)
		}
	}
}

// checkBlock checks one block, or queues its measurement.
func (c *checker) checkBlock(ch *book.Chapter, b *book.Block) {
	switch b.Kind {
	case book.ReferenceBlock:
		c.res.Blocks++
		c.checkReference(ch, b)
	case book.VariantBlock:
		c.res.Blocks++
		if v := c.variants[b.Attr("variant")]; v != nil && v.Chapter == ch.Path && v.Line == b.Line {
			c.queueVariant(ch, b, v)
		}
	case book.TranscriptBlock:
		c.res.Transcripts++
		c.queueTranscript(ch, b)
	case book.ProgramBlock:
		c.res.Blocks++
		c.queueProgram(ch, b)
	case book.DiagramBlock:
		c.queueDiagram(ch, b)
	case book.PlotBlock:
		if b.Plot != nil { // ParseChapter reported what is wrong with it
			c.res.Plots++
		}
	}
}

// checkReference compares a block with the engine code it names.
func (c *checker) checkReference(ch *book.Chapter, b *book.Block) {
	file, decl, region := b.Attr("file"), b.Attr("decl"), b.Attr("region")
	if book.ModuleFile(file) != nil && file != "" {
		return // ParseChapter reported it
	}
	if file == "" || (decl == "") == (region == "") {
		c.problem(ch.Path, b.Line, "code block needs file and exactly one of decl or region")
		return
	}
	stage, ok := c.blockStage(ch, b)
	if !ok {
		return
	}
	what, text, err := c.resolve(file, decl, region, stage)
	if err != nil {
		c.problem(ch.Path, b.Line, "%v", err)
		return
	}
	c.compareBlock(ch, b, what, text)
}

// resolve finds the text a reference names, as the stage's view has it (or,
// with NoViews, as the stage compiles the repository's file). A tool's file
// (tools/tune, which chapter 20 shows) is in no view: it is quoted as the
// repository has it.
func (c *checker) resolve(file, decl, region string, st stages.Stage) (what, text string, err error) {
	if in, err := c.src.Compiled(file, st); err != nil {
		return "", "", fmt.Errorf("unknown file %s: %v", file, book.TrimErr(err))
	} else if !in {
		return "", "", fmt.Errorf("file %s is not compiled at %s", file, st.Name())
	}
	src, regions := c.src, c.regions
	if c.views != nil && view.Holds(file) {
		v := c.views.Get(st)
		switch {
		case v.Err != nil:
			return "", "", v.Err
		case !v.Has(file):
			return "", "", fmt.Errorf("file %s is not in %s's view: all its code comes with later chapters", file, st.Name())
		}
		src, regions = v.Src, v.Regions
	}
	if decl != "" {
		s, err := src.Decl(file, decl)
		if err != nil && c.views != nil {
			if _, rerr := c.src.Decl(file, decl); rerr == nil {
				return "", "", fmt.Errorf("%s %s is not in %s's view: it comes with a later chapter", file, decl, st.Name())
			}
		}
		return file + " " + decl, s.Text, err
	}
	r, ok := c.regions[region]
	if !ok {
		return "", "", fmt.Errorf("unknown region %s", region)
	}
	c.mu.Lock()
	c.used[region] = true
	c.mu.Unlock()
	if r.File != file {
		return "", "", fmt.Errorf("region %s is in %s, not %s", region, r.File, file)
	}
	if r, ok = regions[region]; !ok {
		return "", "", fmt.Errorf("region %s is not in %s's view: it comes with a later chapter", region, st.Name())
	}
	return file + " region " + region, r.Text, nil
}

// writeViews writes, in parallel, the views of every stage a reference block
// quotes, a starter key names functions of or a chapter's prose names
// functions of, before the blocks are checked one by one.
func (c *checker) writeViews() {
	var sts []stages.Stage
	seen := map[string]bool{}
	for _, ch := range c.res.Chapters {
		if (len(ch.Starter) > 0 || hasMentions(ch)) && ch.Stage.Number != 0 && !seen[ch.Stage.Name()] {
			seen[ch.Stage.Name()] = true
			sts = append(sts, ch.Stage)
		}
		for _, b := range ch.Blocks {
			if b.Kind != book.ReferenceBlock || c.opt.MentionsOnly {
				continue
			}
			st, err := ch.Stage, error(nil)
			if a := b.Attr("stage"); a != "" {
				st, err = stages.Parse(a) // checkReference reports it
			}
			if err == nil && st.Number != 0 && !seen[st.Name()] {
				seen[st.Name()] = true
				sts = append(sts, st)
			}
		}
	}
	c.progress("writing %d stage views", len(sts))
	c.views.WriteAll(sts, c.opt.Jobs)
}

// compareBlock reports a stale block at its first differing line and records
// the edit that fixes it.
func (c *checker) compareBlock(ch *book.Chapter, b *book.Block, what, want string) {
	if b.Body == want {
		return
	}
	got, exp := strings.Split(b.Body, "\n"), strings.Split(want, "\n")
	i := 0
	for i < len(got) && i < len(exp) && got[i] == exp[i] {
		i++
	}
	line := b.Line + 1 + i
	c.problem(ch.Path, line, "stale code block (%s) — stated %s, measured %s", what, quoteLine(got, i), quoteLine(exp, i))
	c.blockEdit(ch, b, "code block "+what, want)
}

// blockEdit records the edit that makes b's body text, or if fix may not
// rewrite the block, a problem saying so.
func (c *checker) blockEdit(ch *book.Chapter, b *book.Block, what, text string) {
	e, err := ch.BlockEdit(b, what, text)
	if err != nil {
		c.problem(ch.Path, b.Line, "%v", err)
		return
	}
	c.edit(e)
}

// quoteLine quotes line i of lines, or says it is missing.
func quoteLine(lines []string, i int) string {
	if i >= len(lines) || (i == len(lines)-1 && lines[i] == "") {
		return "end of block"
	}
	return strconv.Quote(lines[i])
}

// queue adds a task to the pool.
func (c *checker) queue(label string, run func()) {
	c.tasks = append(c.tasks, task{label: label, run: run})
}

// queueFirst puts a long task at the head of the pool, so that the short
// ones fill the other worker while it runs.
func (c *checker) queueFirst(label string, run func()) {
	c.tasks = append([]task{{label: label, run: run}}, c.tasks...)
}

// runTasks runs the queued tasks on opt.Jobs workers.
func (c *checker) runTasks() {
	ch := make(chan int)
	done := 0
	var wg sync.WaitGroup
	for w := 0; w < c.opt.Jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ch {
				t0 := time.Now()
				c.tasks[i].run()
				c.mu.Lock()
				done++
				n := done
				c.mu.Unlock()
				c.progress("[%d/%d] %s (%.1fs)", n, len(c.tasks), c.tasks[i].label, time.Since(t0).Seconds())
			}
		}()
	}
	for i := range c.tasks {
		ch <- i
	}
	close(ch)
	wg.Wait()
}
