// Command book checks, fixes, builds and serves the cb2026 book.
//
//	go run ./tools/book check [-stages=false] [-mentions] [-jobs N] [chapter.md ...]
//	go run ./tools/book check -stats [chapter.md ...]
//	go run ./tools/book fix [chapter.md ...]
//	go run ./tools/book build [-out _site] [-repo URL]
//	go run ./tools/book serve [-addr localhost:8000] [-out _site] [-repo URL]
//	go run ./tools/book variant [-o FILE] NAME
//	go run ./tools/book view [-replace] N DIR
//	go run ./tools/book starter [-replace] N|N.K DIR
//	go run ./tools/book views [-tests=false] [-jobs N] [N ...]
//
// check proves that every code block is the engine's code, every figure and
// transcript is what the engine measures, and (unless -stages=false) that every
// stage passes go vet and go test. Among its rules: a function of the
// engine that a chapter's prose names in a code span is shown by a code
// block of that chapter or an earlier one, or is on the allow-list in
// book/check/mentions_allowed.go with a reason; and a match result the prose
// states (an Elo and its interval, or a record of wins, draws and losses)
// names its results folder and is what the folder's results.json holds.
// -mentions runs these two rules alone, without comparing blocks or
// measuring. check -stats measures
// nothing and fails nothing: it prints, chapter by chapter, the figures, the
// numbers of the prose that look measured but are not figures (the rule is
// in book/check/stats.go), and the marked share; with chapters named it
// lists each unmarked number with its file:line. Problems are printed as file:line: message,
// all of them, and the exit status is 1. fix rewrites stale blocks, figures and
// transcripts in place. build writes the website; serve builds it, serves it on
// localhost and rebuilds when a chapter, engine file or theme file changes
// (a failed rebuild keeps the last good site, its pages saying why). Each
// page names the commit it was built from, and each chapter links to its
// Markdown in the repository and to the page that edits it: -repo gives the
// repository's web address, by default git's remote origin.
// variant writes the engine of one of the chapters' variant blocks, built as
// check builds it, to FILE (default cb2026-NAME); it never replaces a file.
// view writes stage N's view (1..20 or main) into DIR: the module as
// chapter N leaves it (package cb2026/book/view gives the rule). DIR must be
// outside the repository, and absent or empty; -replace replaces a view
// written there before, and refuses a directory that holds anything else.
// starter writes stage N's starter into DIR, by the same rules: the view
// with the bodies of the functions its chapter's front matter lists under
// starter: left for the student to write (signatures and doc comments
// kept, each body a stub that compiles). N.K names a section of M5
// instead: main's view with the section's starter functions left to write.
// views proves the views of the stages named (all, 1..20 and main, if
// none): each builds with no tags, go vet is clean, its tests pass and its
// bench prints what the engine built with the stage's tag prints; it
// prints each view's size. For each starter key of the stage's chapter (at
// main, also of each section of M5) it proves the starter too: it builds, its grade fails (its bench differs from
// the view's, or does not end in time) and the view's bodies put back give
// the view byte for byte. Where it proves a stage's view and the one before
// it, it proves the step too: the view before, with the files the stage's
// diff page lists changed, added and removed, is the stage's view, byte for
// byte.
// The chapter syntax is documented in package cb2026/book.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"cb2026/book"
	"cb2026/book/check"
	"cb2026/book/site"
	"cb2026/book/view"
	"cb2026/engine/search"
	"cb2026/stages"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs one subcommand and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: book check|fix|build|serve|view|views|starter|variant [flags]")
		return 2
	}
	fs := flag.NewFlagSet("book "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", ".", "the repository root")
	withStages := fs.Bool("stages", true, "check: run go vet and go test for every stage")
	jobs := fs.Int("jobs", 2, "check: measurements in parallel; views: views proved at once")
	out := fs.String("out", "_site", "build/serve: output directory")
	addr := fs.String("addr", "localhost:8000", "serve: address to listen on")
	quiet := fs.Bool("q", false, "check: no progress lines")
	mentions := fs.Bool("mentions", false, "check: only the rules of what prose names: functions a code block shows, match results as recorded")
	stats := fs.Bool("stats", false, "check: print each chapter's marked share of the numbers that look measured; measures nothing")
	output := fs.String("o", "", "variant: the engine's file (default cb2026-NAME)")
	repoURL := fs.String("repo", "", "build/serve: the repository's web address for the pages' source links (default: git's remote origin as https)")
	replace := fs.Bool("replace", false, "view, starter: replace the view or starter the target directory holds")
	tests := fs.Bool("tests", true, "views: run each view's tests")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	var err error
	switch args[0] {
	case "check":
		if *stats {
			return printStats(*root, fs.Args(), stdout, stderr)
		}
		return runCheck(check.Options{Root: *root, Files: fs.Args(), Stages: *withStages && fs.NArg() == 0 && !*mentions, Jobs: *jobs, Progress: progress(*quiet, stderr), Switches: switches(), MentionsOnly: *mentions, Allowed: check.AllowedMentions}, stdout, stderr)
	case "fix":
		return runFix(check.Options{Root: *root, Files: fs.Args(), Jobs: *jobs, Progress: progress(*quiet, stderr), Switches: switches(), Allowed: check.AllowedMentions}, stdout, stderr)
	case "build":
		var st site.Stats
		st, err = site.Build(site.Options{Root: *root, Out: *out, Repo: *repoURL})
		if err == nil {
			fmt.Fprintln(stdout, st)
		}
	case "serve":
		err = site.Serve(site.Options{Root: *root, Out: *out, Repo: *repoURL}, *addr, stderr)
	case "variant":
		if fs.NArg() != 1 {
			fmt.Fprintln(stderr, "usage: book variant [-o FILE] NAME")
			return 2
		}
		err = writeVariant(*root, fs.Arg(0), *output, stdout)
	case "view":
		err = writeView(*root, fs.Args(), *replace)
	case "starter":
		err = writeStarter(*root, fs.Args(), *replace, stdout)
	case "views":
		return proveViews(*root, fs.Args(), *tests, *jobs, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "book: unknown command %q (want check, fix, build, serve, view, views, starter or variant)\n", args[0])
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, "book:", err)
		return 1
	}
	return 0
}

// progress returns where progress lines go.
func progress(quiet bool, stderr io.Writer) io.Writer {
	if quiet {
		return nil
	}
	return stderr
}

// switches returns the engine's table of techniques for the check.
func switches() []check.Switch {
	var sw []check.Switch
	for _, t := range search.AllTechniques() {
		sw = append(sw, check.Switch{Option: t.Option, Short: t.Short, Chapter: t.Chapter})
	}
	return sw
}

// runCheck runs the check and prints its problems or its summary.
func runCheck(opt check.Options, stdout, stderr io.Writer) int {
	res, err := check.Run(opt)
	if err != nil {
		fmt.Fprintln(stderr, "book:", err)
		return 1
	}
	if len(res.Problems) > 0 {
		for _, p := range res.Problems {
			fmt.Fprintln(stderr, p)
		}
		fmt.Fprintf(stderr, "book: %d problems (book fix rewrites the %d stale blocks and figures)\n", len(res.Problems), len(res.Edits))
		return 1
	}
	fmt.Fprintln(stdout, res.Summary())
	return 0
}

// printStats prints the marked share of the numbers of the named chapters,
// or of every chapter and file of answers, and with chapters named each
// unmarked number; it fails only when a chapter cannot be read.
func printStats(root string, files []string, stdout, stderr io.Writer) int {
	st, err := check.Stats(root, "chapters", files)
	if err == nil {
		err = check.WriteStats(stdout, st, len(files) > 0)
	}
	if err != nil {
		fmt.Fprintln(stderr, "book:", err)
		return 1
	}
	return 0
}

// runFix checks without the stage runs and applies the edits.
func runFix(opt check.Options, stdout, stderr io.Writer) int {
	res, err := check.Run(opt)
	if err == nil {
		err = check.Fix(opt.Root, res.Edits, stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "book:", err)
		return 1
	}
	if len(res.Edits) == 0 {
		fmt.Fprintln(stdout, "book: nothing to fix")
	}
	left := len(res.Problems) - len(res.Edits)
	if left > 0 {
		fmt.Fprintf(stderr, "book: %d problems fix cannot repair; run book check\n", left)
		return 1
	}
	return 0
}

// writeVariant builds the named variant's engine and copies it to file
// (default cb2026-NAME in the current folder), which must not exist yet.
func writeVariant(root, name, file string, stdout io.Writer) error {
	if file == "" {
		file = "cb2026-" + name
	}
	if _, err := os.Stat(file); err == nil {
		return fmt.Errorf("%s exists; remove it or give another -o", file)
	}
	dir, err := os.MkdirTemp("", "cb2026-variant-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin, err := check.BuildVariant(root, dir, name)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(bin)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "book: wrote %s, the engine of variant %s\n", file, name)
	return nil
}

// writeView writes the view that args name: a stage and a directory.
func writeView(root string, args []string, replace bool) error {
	if len(args) != 2 {
		return fmt.Errorf("view: want a stage and a directory (book view [-replace] N DIR), got %d arguments", len(args))
	}
	st, err := stages.Parse(args[0])
	if err != nil {
		return fmt.Errorf("view: %w", err)
	}
	return view.Write(view.Options{Root: root, Dir: args[1], Stage: st, Replace: replace})
}

// writeStarter writes the starter that args name: a chapter's stage ("7")
// or a section of M5 ("10.1"), and a directory.
func writeStarter(root string, args []string, replace bool, stdout io.Writer) error {
	if len(args) != 2 {
		return fmt.Errorf("starter: want a stage or section and a directory (book starter [-replace] N DIR), got %d arguments", len(args))
	}
	st, ex, err := exerciseOf(root, args[0])
	if err != nil {
		return err
	}
	if err := view.WriteStarter(view.Options{Root: root, Dir: args[1], Stage: st, Replace: replace}, ex); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "book: wrote a starter in %s for %s; to write: %s\n", args[1], ex.Label, stubNames(ex.Stubs))
	return nil
}

// stubNames lists stubs as a starter key writes them.
func stubNames(stubs []view.Stub) string {
	var names []string
	for _, s := range stubs {
		names = append(names, s.String())
	}
	return strings.Join(names, ", ")
}

// sectionArg is a section of M5 as book starter takes it: "10.1".
var sectionArg = regexp.MustCompile(`^[0-9]{1,2}\.[1-9]$`)

// exerciseOf reads the exercise that name's starter leaves to write: the
// starter key of stage name's chapter, or of section name, and the stage
// whose view the starter is.
func exerciseOf(root, name string) (stages.Stage, view.Exercise, error) {
	var file string
	var st stages.Stage
	if sectionArg.MatchString(name) {
		n, k, _ := strings.Cut(name, ".")
		num, _ := strconv.Atoi(n)
		found, _ := filepath.Glob(filepath.Join(root, "chapters", fmt.Sprintf("%02d.%s-*.md", num, k)))
		if len(found) != 1 {
			return st, view.Exercise{}, fmt.Errorf("starter: section %s: want one file chapters/%02d.%s-slug.md, found %d", name, num, k, len(found))
		}
		file = "chapters/" + filepath.Base(found[0])
		st, _ = stages.Get(stages.Main)
	} else {
		var err error
		if st, err = stages.Parse(name); err != nil {
			return st, view.Exercise{}, fmt.Errorf("starter: %w", err)
		}
		file = st.Chapter
	}
	if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(file))); errors.Is(err, fs.ErrNotExist) {
		return st, view.Exercise{}, fmt.Errorf("starter: %s's chapter, %s, is not written yet", st.Name(), file)
	}
	ex, err := exerciseIn(root, file)
	if err != nil {
		return st, ex, err
	}
	if len(ex.Stubs) == 0 {
		return st, ex, fmt.Errorf("starter: %s names no functions to write (no starter: key in its front matter)", file)
	}
	return st, ex, nil
}

// exerciseIn reads the starter key of a chapter or section file. A front matter whose starter key has
// problems is an error: book check says what they are.
func exerciseIn(root, file string) (view.Exercise, error) {
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
	if err != nil {
		return view.Exercise{}, fmt.Errorf("starter: %w", err)
	}
	ch, probs := book.ParseChapter(file, src)
	for _, p := range probs {
		if strings.Contains(p.Msg, "starter") {
			return view.Exercise{}, fmt.Errorf("starter: %s", p)
		}
	}
	ex := view.Exercise{Name: ch.Stage.String(), Label: fmt.Sprintf("Chapter %d's exercise (%s)", ch.Stage.Number, ch.Title)}
	if ch.Section != "" {
		ex.Name, ex.Label = ch.Section, fmt.Sprintf("Section %s's exercise (%s)", ch.Section, ch.Title)
	}
	for _, f := range ch.Starter {
		ex.Stubs = append(ex.Stubs, view.Stub{File: f.File, Func: f.Func})
	}
	return ex, nil
}

// exercisesOf returns the exercises whose starters are stage st's view
// with functions left to write: its chapter's, and at main every section
// of M5's.
func exercisesOf(root string, st stages.Stage) ([]view.Exercise, error) {
	files := []string{st.Chapter}
	if st.Number == stages.Main {
		found, _ := filepath.Glob(filepath.Join(root, "chapters", "[0-9][0-9].[1-9]-*.md"))
		for _, f := range found {
			files = append(files, "chapters/"+filepath.Base(f))
		}
	}
	var exs []view.Exercise
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(f))); errors.Is(err, fs.ErrNotExist) {
			continue // a chapter still to write
		}
		ex, err := exerciseIn(root, f)
		if err != nil {
			return nil, err
		}
		if len(ex.Stubs) > 0 {
			exs = append(exs, ex)
		}
	}
	return exs, nil
}

// proveViews proves the views of the stages args name (every stage if none)
// and, for a stage whose chapter has a starter key, its starter; it prints a
// table of the views' sizes and benches and a line per starter.
func proveViews(root string, args []string, tests bool, jobs int, stdout, stderr io.Writer) int {
	list := stages.All()
	if len(args) > 0 {
		list = nil
		for _, a := range args {
			st, err := stages.Parse(a)
			if err != nil {
				fmt.Fprintln(stderr, "book: views:", err)
				return 2
			}
			list = append(list, st)
		}
	}
	work, err := os.MkdirTemp("", "cb2026-views-")
	if err != nil {
		fmt.Fprintln(stderr, "book:", err)
		return 1
	}
	defer os.RemoveAll(work)
	res := proveAll(root, work, list, tests, jobs)
	fmt.Fprintf(stdout, "%-6s %6s %8s %8s %12s %8s %7s\n", "stage", "files", "lines", "tests", "bench", "time", "shared")
	failed, shared := 0, 0
	for i, st := range list {
		if res[i].err != nil {
			fmt.Fprintln(stderr, "book:", res[i].err)
			failed++
			continue
		}
		pr := res[i].view
		fmt.Fprintf(stdout, "%-6s %6d %8d %8d %12d %7.1fs %7d\n", st, pr.Files, pr.Lines, pr.TestLines, pr.Nodes, pr.Took.Seconds(), len(pr.Shared))
		shared += len(pr.Shared)
	}
	if shared > 0 {
		fmt.Fprintf(stdout, "shared: %d package tests not run again, their code, dependencies and test data the same as in a view tested before\n", shared)
	}
	proofs, errs := make([]view.Proof, len(list)), make([]error, len(list))
	for i, st := range list {
		proofs[i], errs[i] = res[i].view, res[i].err
		for _, sp := range res[i].starters {
			fmt.Fprintf(stdout, "starter %s (%s): %s left to write; its grade fails (%s); the view's bodies put back give the view (%.1fs)\n", sp.Exercise.Name, st, stubNames(sp.Exercise.Stubs), sp.Grade, sp.Took.Seconds())
		}
	}
	steps, bad := proveSteps(list, proofs, errs)
	for _, err := range bad {
		fmt.Fprintln(stderr, "book:", err)
	}
	if steps > 0 {
		fmt.Fprintf(stdout, "steps: %d proved (each the view before plus its diff page's files)\n", steps)
	}
	if failed > 0 {
		fmt.Fprintf(stderr, "book: views: %d of %d views or their starters fail\n", failed, len(list))
		return 1
	}
	if len(bad) > 0 {
		fmt.Fprintf(stderr, "book: views: %d of %d steps fail\n", len(bad), steps+len(bad))
		return 1
	}
	return 0
}

// A proved is what proving one stage found: its view's proof, its
// starters' (none if no chapter or section of the stage has a starter key),
// or the first error.
type proved struct {
	view     view.Proof
	starters []view.StarterProof
	err      error
}

// proveAll proves the views of list, jobs at a time (each view's own go
// test runs its packages in parallel too, but writing, building and the
// bench are one process each), and each starter after its view, and returns
// what it found in list's order.
func proveAll(root, work string, list []stages.Stage, tests bool, jobs int) []proved {
	res := make([]proved, len(list))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				res[i] = proveStage(root, work, list[i], tests)
			}
		}()
	}
	for i := range list {
		next <- i
	}
	close(next)
	wg.Wait()
	return res
}

// proveStage proves a stage's view and the starters made from it, one for
// its chapter's starter key and, at main, one for each section of M5's.
func proveStage(root, work string, st stages.Stage, tests bool) proved {
	exs, err := exercisesOf(root, st)
	if err != nil {
		return proved{err: err}
	}
	pr, err := view.Prove(root, work, st, tests)
	res := proved{view: pr, err: err}
	for _, ex := range exs {
		if res.err != nil {
			break
		}
		sp, err := view.ProveStarter(work, pr, ex)
		res.starters, res.err = append(res.starters, sp), err
	}
	return res
}
