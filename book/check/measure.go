package check

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"cb2026/book"
	"cb2026/book/view"
	"cb2026/stages"
)

// queueFigure checks a figure's build and queues its measurement.
func (c *checker) queueFigure(ch *book.Chapter, f *book.Figure) {
	if !c.isBuild(f.Spec.Build) {
		c.problem(ch.Path, f.Line, "figure %s: unknown variant %s", f.Spec.Dest, f.Spec.Build)
		return
	}
	c.res.Figures++
	c.queue(fmt.Sprintf("%s:%d figure %s", ch.Path, f.Line, f.Spec.Dest), func() {
		out, err := c.eng.Run(f.Spec.Build, f.Spec.Args, f.Spec.Input)
		if err != nil {
			c.problem(ch.Path, f.Line, "figure %s: %v", f.Spec.Dest, err)
			return
		}
		if l := refusedSwitch(out); l != "" {
			c.problem(ch.Path, f.Line, "figure %s: the engine refused a line of its input (%s): a figure sets only switches the build has, to values they take; see its techniques", f.Spec.Dest, l)
			return
		}
		got, err := f.Spec.Value(out)
		if err != nil {
			c.problem(ch.Path, f.Line, "figure %s: %v", f.Spec.Dest, err)
			return
		}
		if book.NormalizeNumber(f.Text) != book.NormalizeNumber(got) {
			c.problem(ch.Path, f.Line, "stale figure %s — stated %s, measured %s", f.Spec.Dest, f.Text, got)
			c.edit(book.Edit{File: ch.Path, Line: f.Line, Start: f.Start, End: f.End, Old: string(ch.Source[f.Start:f.End]), New: book.FormatLike(f.Text, got), What: "figure " + f.Spec.Dest})
		}
	})
}

// refusedSwitch returns the engine's answer to a set or setoption line it
// refused (a switch or option its build does not have, or a value the switch
// does not take), "" if there is none. A line the engine obeys gets no
// answer; one it refuses gets an "info string" naming the command, and the
// engine carries on, so without this a figure that turns off a removed
// switch would measure the build as it is and look right. (A transcript
// shows the answer, and compares it like any other line.)
func refusedSwitch(out string) string {
	for l := range strings.Lines(out) {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), "info string "); ok && strings.HasPrefix(rest, "set") {
			return rest
		}
	}
	return ""
}

// queueVariant queues the build of a variant: it must compile.
func (c *checker) queueVariant(ch *book.Chapter, b *book.Block, v *Variant) {
	snip, err := c.src.Decl(v.File, v.Replaces)
	if err != nil {
		c.problem(ch.Path, b.Line, "variant %s: %v", v.Name, err)
		return
	}
	c.queue(fmt.Sprintf("%s:%d variant %s", ch.Path, b.Line, v.Name), func() {
		if _, err := c.eng.Binary(v.Name); err != nil {
			msg := compilerErrors(err)
			c.problem(ch.Path, variantLine(msg, v, snip.Line, b.Line), "variant %s does not compile — %s", v.Name, msg)
		}
	})
}

// compilerPos finds file:line at the start of a compiler message.
var compilerPos = regexp.MustCompile(`^(?:\./)?([^:\s]+\.go):(\d+):`)

// variantLine maps a compiler error in the variant's code to the chapter line
// that holds it; other errors go to the block's opening line.
func variantLine(msg string, v *Variant, declLine, blockLine int) int {
	m := compilerPos.FindStringSubmatch(msg)
	if m == nil || m[1] != v.File {
		return blockLine
	}
	n, _ := strconv.Atoi(m[2])
	if n < declLine || n >= declLine+strings.Count(v.Code, "\n") {
		return blockLine
	}
	return blockLine + 1 + n - declLine
}

// compilerErrors keeps the first lines of a failed build's output.
func compilerErrors(err error) string {
	lines := strings.Split(err.Error(), "\n")
	var keep []string
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "#") {
			continue
		}
		keep = append(keep, strings.TrimSpace(l))
		if len(keep) == 3 {
			break
		}
	}
	if len(keep) == 0 {
		return lines[0]
	}
	return strings.Join(keep, "; ")
}

// queueProgram queues the compilation of a stand-alone Go file.
func (c *checker) queueProgram(ch *book.Chapter, b *book.Block) {
	if !strings.HasPrefix(strings.TrimSpace(stripComments(b.Body)), "package ") {
		c.problem(ch.Path, b.Line, "Go block is neither a reference (file + decl or region), a variant, nor a whole file (package clause)")
		return
	}
	stage, ok := c.blockStage(ch, b)
	if !ok {
		return
	}
	name := fmt.Sprintf("prog%d-%s", b.Line, strings.TrimSuffix(filepath.Base(ch.Path), ".md"))
	c.queue(fmt.Sprintf("%s:%d program", ch.Path, b.Line), func() {
		dir := filepath.Join(c.eng.dir, name)
		if err := copyModule(c.opt.Root, dir); err != nil {
			c.problem(ch.Path, b.Line, "program: %v", err)
			return
		}
		pkg := filepath.Join(dir, "bookprogram")
		err := os.MkdirAll(pkg, 0o755)
		if err == nil {
			err = os.WriteFile(filepath.Join(pkg, "main.go"), []byte(b.Body), 0o644)
		}
		if err != nil {
			c.problem(ch.Path, b.Line, "program: %v", err)
			return
		}
		args := append(append([]string{"-trimpath"}, stage.BuildArgs()...), "-o", os.DevNull, "./bookprogram")
		if err := goCmd(dir, "build", args...); err != nil {
			msg := compilerErrors(err)
			line := b.Line
			if m := compilerPos.FindStringSubmatch(msg); m != nil && m[1] == "bookprogram/main.go" {
				n, _ := strconv.Atoi(m[2])
				line += n
			}
			c.problem(ch.Path, line, "program does not compile — %s", msg)
		}
	})
}

// stripComments drops leading // comment lines, so a program may start with
// its doc comment.
func stripComments(s string) string {
	lines := strings.Split(s, "\n")
	for len(lines) > 0 && (strings.HasPrefix(strings.TrimSpace(lines[0]), "//") || strings.TrimSpace(lines[0]) == "") {
		lines = lines[1:]
	}
	return strings.Join(lines, "\n")
}

// Named masks for transcripts: what varies from run to run.
var namedMasks = map[string]string{
	"nps":      `nps \d+|(?m:\d+ nps$)`, // UCI's "nps 832012", the bench's closing "191390 nps"
	"time":     `time \d+|\d+(\.\d+)? ?(ms|µs|s)\b`,
	"hashfull": `hashfull \d+`,
}

// maskPattern builds the transcript's mask from its mask attribute: a comma
// list of named masks, or a regexp.
func maskPattern(attr string) (*regexp.Regexp, error) {
	if attr == "" {
		return nil, nil
	}
	var parts []string
	for _, m := range strings.Split(attr, ",") {
		p, ok := namedMasks[strings.TrimSpace(m)]
		if !ok {
			return regexp.Compile(attr)
		}
		parts = append(parts, p)
	}
	return regexp.Compile(strings.Join(parts, "|"))
}

// transcript is a parsed transcript block.
type transcript struct {
	build string
	args  []string
	input []string
	mask  *regexp.Regexp
	head  int
	tail  int
}

// parseTranscript reads a transcript block's attributes.
func (c *checker) parseTranscript(ch *book.Chapter, b *book.Block) (*transcript, error) {
	words, err := splitCommand(b.Attr("run"))
	if err != nil {
		return nil, err
	}
	if len(words) == 0 || words[0] != "cb2026" {
		return nil, fmt.Errorf("run must start with cb2026, got %q", b.Attr("run"))
	}
	t := &transcript{build: ch.Stage.String(), args: words[1:]}
	if s := b.Attr("stage"); s != "" {
		t.build = s
	}
	if !c.isBuild(t.build) {
		return nil, fmt.Errorf("build %q is neither a stage (1..%d or main) nor a variant", t.build, stages.Last)
	}
	if in := b.Attr("input"); in != "" {
		if len(t.args) > 0 {
			return nil, fmt.Errorf("give either arguments or input, not both")
		}
		t.args = nil
		for _, l := range strings.Split(in, ";") {
			t.input = append(t.input, strings.TrimSpace(l))
		}
	}
	if t.mask, err = maskPattern(b.Attr("mask")); err != nil {
		return nil, fmt.Errorf("bad mask: %v", err)
	}
	for name, p := range map[string]*int{"head": &t.head, "tail": &t.tail} {
		if v := b.Attr(name); v != "" {
			if *p, err = strconv.Atoi(v); err != nil || *p < 1 {
				return nil, fmt.Errorf("%s must be a positive number, got %q", name, v)
			}
		}
	}
	return t, nil
}

// splitCommand splits a command line into words; single or double quotes
// group words (for a FEN).
func splitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	quote, in := rune(0), false
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote == 0 && (r == '\'' || r == '"'):
			quote, in = r, true
		case quote == 0 && r == ' ':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed quote in %q", s)
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}

// queueTranscript queues the rerun of a transcript.
func (c *checker) queueTranscript(ch *book.Chapter, b *book.Block) {
	t, err := c.parseTranscript(ch, b)
	if err != nil {
		c.problem(ch.Path, b.Line, "transcript: %v", err)
		return
	}
	c.queue(fmt.Sprintf("%s:%d transcript %s", ch.Path, b.Line, b.Attr("run")), func() {
		out, err := c.eng.Run(t.build, t.args, t.input)
		if err != nil {
			c.problem(ch.Path, b.Line, "transcript: %v", err)
			return
		}
		c.compareTranscript(ch, b, t, t.cut(out))
	})
}

// cut keeps the head or tail lines of the output and tidies line ends.
func (t *transcript) cut(out string) string {
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	if t.head > 0 && len(lines) > t.head {
		lines = lines[:t.head]
	}
	if t.tail > 0 && len(lines) > t.tail {
		lines = lines[len(lines)-t.tail:]
	}
	return strings.Join(lines, "\n") + "\n"
}

// compareTranscript reports the first line where stated and measured differ
// after masking.
func (c *checker) compareTranscript(ch *book.Chapter, b *book.Block, t *transcript, got string) {
	masked := func(s string) []string {
		if t.mask != nil {
			s = t.mask.ReplaceAllString(s, "…")
		}
		return strings.Split(strings.TrimRight(s, "\n"), "\n")
	}
	stated, measured := masked(b.Body), masked(got)
	i := 0
	for i < len(stated) && i < len(measured) && strings.TrimRight(stated[i], " \t") == measured[i] {
		i++
	}
	if i == len(stated) && i == len(measured) {
		return
	}
	c.problem(ch.Path, b.Line+1+i, "stale transcript %q — stated %s, measured %s", b.Attr("run"), quoteLine(stated, i), quoteLine(measured, i))
	c.blockEdit(ch, b, "transcript "+b.Attr("run"), got)
}

// wholeBook runs the checks that need every chapter: one chapter per stage,
// stages without chapters, go vet and go test for every stage, and
// unreferenced regions. While chapters are missing, an unreferenced region is
// listed in the summary instead (its chapter may be one still to write); once
// every stage has its chapter it is an error.
func (c *checker) wholeBook() {
	have := map[int]string{}
	for _, ch := range c.res.Chapters {
		if ch.Appendix != "" || ch.Section != "" || ch.Answers {
			continue // not a stage's chapter
		}
		if prev, dup := have[ch.Stage.Number]; dup && ch.Stage.Number != 0 {
			c.problem(ch.Path, ch.FrontMatterLine("stage"), "second chapter for %s (first: %s)", ch.Stage.Name(), prev)
		}
		have[ch.Stage.Number] = ch.Path
	}
	for _, st := range c.opt.Table {
		if _, ok := have[st.Number]; !ok {
			c.res.Missing = append(c.res.Missing, st)
		}
	}
	if len(c.res.Missing) == 0 {
		c.checkSwitchChapters()
	}
	// Each stage goes to the head of the queue, so main (last in the table),
	// which tests every package and takes longest, runs first.
	for _, st := range c.opt.Table {
		if c.opt.Stages {
			c.queueStage(st)
		}
	}
	names := make([]string, 0, len(c.regions))
	for n := range c.regions {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		r := c.regions[n]
		switch {
		case c.used[n]:
		case len(c.res.Missing) > 0:
			c.res.Unshown = append(c.res.Unshown, n) // its chapter may be still to write
		default:
			c.problem(r.File, r.Line, "unreferenced region %s (no chapter shows it)", n)
		}
	}
}

// queueStage queues go vet and go test for one stage.
func (c *checker) queueStage(st stages.Stage) {
	c.res.Stages++
	c.queueFirst(st.Name()+": go test -vet=all", func() {
		file := view.StageFile(st)
		pkgs, err := stagePackages(c.opt.Root, st)
		if err != nil {
			c.problem(file, 1, "%s: %v", st.Name(), err)
			return
		}
		// go test -vet=all runs every go vet check on the same packages, so
		// one command does both and loads and type-checks them once.
		if len(pkgs) > 0 {
			args := append(st.BuildArgs(), "-vet=all")
			if err := goCmd(c.opt.Root, "test", append(args, pkgs...)...); err != nil {
				c.problem(file, 1, "%s: go vet or go test failed — %s", st.Name(), tailLines(err.Error(), 20))
			}
		}
		// The engine's main package is among the packages tested, so it is
		// compiled here; its binary is built only where a figure needs it.
	})
}

// stagePackages returns the packages go vet and go test run for a stage:
// "./..." for main; for a tagged stage, the packages whose code the tag
// changes (view.Affected: the stages package, those that use
// stages.Current, stages.Bench or stages.Selected, and those that depend
// on them). The others compile to the same code under every tag, so main's
// run covers them: a tool that only reads the stage table (tools/match,
// exe) is tested once, with main, and so are the book and its tool.
func stagePackages(root string, st stages.Stage) ([]string, error) {
	if st.Number == stages.Main {
		return []string{"./..."}, nil
	}
	out, err := goOutput(root, "list", append(st.BuildArgs(), "-test", "-f", view.ListFormat, "./...")...)
	if err != nil {
		return nil, err
	}
	affected, err := view.Affected(out, nil)
	if err != nil {
		return nil, err
	}
	var pkgs []string
	for _, p := range affected {
		if !strings.HasSuffix(p, "/book") {
			pkgs = append(pkgs, p)
		}
	}
	return pkgs, nil
}

// tailLines keeps the last n lines of s.
func tailLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append([]string{"…"}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}
