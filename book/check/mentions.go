package check

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"cb2026/book"
	"cb2026/stages"
)

// engineDir is the folder of the engine's code, in the module and in a view.
const engineDir = "engine"

// commandsFile is the file of the engine's tables of console and UCI
// commands: a bare name in a code span that is a command's (`stats`,
// `eval`) names the command, not the method that obeys it.
const commandsFile = "engine/uci/commands.go"

// commandName finds a command's name in a row of those tables.
var commandName = regexp.MustCompile(`\{Name: "([a-z]+)"`)

// allowFile is the file of the allow-list, from the module root.
const allowFile = "book/check/mentions_allowed.go"

// An AllowedMention lets a chapter name a function in its prose that no
// code block of it or an earlier chapter shows (Options.Allowed).
type AllowedMention struct {
	Chapter string // the chapter's file name, as "14-lmr.md"
	Func    string // the function as a decl= names it (f, or Type.Method)
	Reason  string // why a reader needs the name and not the code
}

// funcDecl is one name the engine declares at a stage: a function or
// method, a type, constant or variable (NotFunc), or a struct's field
// (Field, and NotFunc).
type funcDecl struct {
	File    string // slash path from the module root
	Pkg     string // its package's name
	Name    string // f, or Type.Method, as a decl= names it
	NotFunc bool   // a type, constant, variable or field
	Field   bool   // a struct's field
}

// key identifies the declaration across stages: the package's folder and
// the name (a function may move between the files of its package).
func (d funcDecl) key() string { return path.Dir(d.File) + " " + d.Name }

// method returns the method's name, or "" for a function.
func (d funcDecl) method() string {
	if i := strings.IndexByte(d.Name, '.'); i >= 0 {
		return d.Name[i+1:]
	}
	return ""
}

// mentionName is the form of a code span that may name a function: f, T.m
// or pkg.F, pkg.T.m (after a call's parentheses are cut).
var mentionName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*){0,2}$`)

// methodExpr is a method expression, (*T).m or (T).m.
var methodExpr = regexp.MustCompile(`^\(\*?([A-Za-z_][A-Za-z0-9_]*)\)\.`)

// parseMention returns the name a code span gives, its parts split at the
// dots ("Searcher.trySingular()" gives Searcher, trySingular), or nil when
// the span is no name of a function (a command, an expression, a path).
func parseMention(span string) []string {
	s := methodExpr.ReplaceAllString(strings.TrimSpace(span), "$1.")
	if i := strings.IndexByte(s, '('); i > 0 && strings.HasSuffix(s, ")") {
		s = s[:i]
	}
	if !mentionName.MatchString(s) {
		return nil
	}
	return strings.Split(s, ".")
}

// resolveMention returns the engine's functions a mention may name: f is a
// function f, or else, when the engine declares no type, constant, variable
// or field f, any method f; X.Y is the method Y of type X or the
// function Y of package X; P.T.m is the method T.m of package P. Names that
// are not the engine's functions (types, constants, fields, the standard
// library's calls) resolve to none. main and init are never mentions: main
// is also the name of a stage. A bare name in words (a console command's,
// a switch's) is not looked up.
func resolveMention(parts []string, decls []funcDecl, words map[string]bool) []funcDecl {
	var funcs []funcDecl
	field := false
	for _, d := range decls {
		switch {
		case !d.NotFunc:
			funcs = append(funcs, d)
		case len(parts) == 1 && d.Name == parts[0] && d.Field:
			field = true
		case len(parts) == 1 && d.Name == parts[0]:
			return nil // a type, constant or variable
		}
	}
	var out []funcDecl
	switch len(parts) {
	case 1:
		if parts[0] == "main" || parts[0] == "init" || words[parts[0]] {
			return nil
		}
		for _, d := range funcs {
			if d.Name == parts[0] {
				out = append(out, d)
			}
		}
		if len(out) == 0 && !field {
			for _, d := range funcs {
				if d.method() == parts[0] {
					out = append(out, d)
				}
			}
		}
	case 2:
		for _, d := range funcs {
			if d.Name == parts[0]+"."+parts[1] || d.Pkg == parts[0] && d.Name == parts[1] {
				out = append(out, d)
			}
		}
	case 3:
		for _, d := range funcs {
			if d.Pkg == parts[0] && d.Name == parts[1]+"."+parts[2] {
				out = append(out, d)
			}
		}
	}
	return out
}

// mentionsApply reports whether the rule applies to a chapter: a chapter,
// section or appendix with a stage, not a file of answers.
func mentionsApply(ch *book.Chapter) bool {
	return !ch.Answers && ch.Stage.Number != 0
}

// hasMentions reports whether the rule applies to the chapter and a code
// span of its prose may name a function: then its stage's declarations
// are needed.
func hasMentions(ch *book.Chapter) bool {
	return mentionsApply(ch) && slices.ContainsFunc(ch.Spans, func(sp book.Span) bool { return parseMention(sp.Text) != nil })
}

// checkMentions checks that every function of the engine the chapter's
// prose names in a code span is shown by a code block of the chapter or an
// earlier one (a decl= or variant block of it, or a region= block holding
// its declaration), or is on the allow-list: a reader who meets a name
// finds its code. The name is looked up in the chapter's stage's view.
func (c *checker) checkMentions(ch *book.Chapter) {
	if !hasMentions(ch) {
		return
	}
	funcs, err := c.engineFuncs(ch.Stage)
	if err != nil {
		c.problem(ch.Path, 1, "the functions its prose names: %v", err)
		return
	}
	shown := c.shownUpTo(ch)
	base := path.Base(ch.Path)
	reported := map[string]bool{}
	for _, sp := range ch.Spans {
		parts := parseMention(sp.Text)
		if parts == nil {
			continue
		}
		ds := resolveMention(parts, funcs, c.words())
		if len(ds) == 0 || slices.ContainsFunc(ds, func(d funcDecl) bool { return shown[d.key()] }) {
			continue
		}
		if i := c.allowed(base, ds); i >= 0 {
			c.mu.Lock()
			c.allowUsed[i] = true
			c.mu.Unlock()
			continue
		}
		if reported[ds[0].key()] {
			continue
		}
		reported[ds[0].key()] = true
		var names []string
		for _, d := range ds {
			names = append(names, d.Name+" ("+d.File+")")
		}
		c.problem(ch.Path, sp.Line, "`%s` names %s, which no code block of this chapter or an earlier one shows — show it in a code block of this chapter or an earlier one, or add it to the allow-list in %s with a reason",
			sp.Text, strings.Join(names, " or "), allowFile)
	}
}

// allowed returns the index of the allow-list's entry for the chapter and
// one of the declarations, or -1.
func (c *checker) allowed(chapter string, ds []funcDecl) int {
	for i, a := range c.allow {
		if a.Chapter == chapter && slices.ContainsFunc(ds, func(d funcDecl) bool { return d.Name == a.Func }) {
			return i
		}
	}
	return -1
}

// checkAllowList reports the entries of the allow-list for the chapters
// checked that no mention needed: the chapter shows the function now, or no
// longer names it.
func (c *checker) checkAllowList() {
	checked := map[string]bool{}
	for _, ch := range c.res.Chapters {
		if mentionsApply(ch) {
			checked[path.Base(ch.Path)] = true
		}
	}
	src, _ := os.ReadFile(filepath.Join(c.opt.Root, filepath.FromSlash(allowFile)))
	for i, a := range c.allow {
		if !checked[a.Chapter] || c.allowUsed[i] {
			continue
		}
		line := 1
		if j := bytes.Index(src, []byte(`{"`+a.Chapter+`", "`+a.Func+`"`)); j >= 0 {
			line += bytes.Count(src[:j], []byte("\n"))
		}
		c.problem(allowFile, line, "allow-list: %s no longer needs %s (the chapter shows it or does not name it): remove the entry", a.Chapter, a.Func)
	}
}

// words returns the bare names that are not functions' in prose: the
// engine's commands, read once from commandsFile in the module (none if it
// has no such file), and its switches' names (Options.Switches), UCI's and
// the console's.
func (c *checker) words() map[string]bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cmds == nil {
		c.cmds = map[string]bool{}
		src, _ := os.ReadFile(filepath.Join(c.opt.Root, filepath.FromSlash(commandsFile)))
		for _, m := range commandName.FindAllSubmatch(src, -1) {
			c.cmds[string(m[1])] = true
		}
		for _, sw := range c.opt.Switches {
			c.cmds[sw.Option], c.cmds[sw.Short] = true, true
		}
	}
	return c.cmds
}

// engineFuncs lists the engine's declarations at a stage: those of
// the non-test Go files of engine/ in the stage's view (with NoViews, in
// the module, as the stage compiles them). Each stage is listed once.
func (c *checker) engineFuncs(st stages.Stage) ([]funcDecl, error) {
	c.mu.Lock()
	if fs, ok := c.funcs[st.Name()]; ok {
		c.mu.Unlock()
		return fs, nil
	}
	c.mu.Unlock()
	root, src := c.opt.Root, c.src
	if c.views != nil {
		v := c.views.Get(st)
		if v.Err != nil {
			return nil, v.Err
		}
		root, src = v.Dir, v.Src
	}
	var funcs []funcDecl
	err := filepath.WalkDir(filepath.Join(root, engineDir), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if c.views == nil {
			if in, err := c.src.Compiled(rel, st); err != nil || !in {
				return err
			}
		}
		ns, err := src.Names(rel)
		if err != nil {
			return err
		}
		for _, n := range ns.Funcs {
			funcs = append(funcs, funcDecl{File: rel, Pkg: ns.Pkg, Name: n})
		}
		for _, n := range ns.Others {
			funcs = append(funcs, funcDecl{File: rel, Pkg: ns.Pkg, Name: n, NotFunc: true})
		}
		for _, n := range ns.Fields {
			funcs = append(funcs, funcDecl{File: rel, Pkg: ns.Pkg, Name: n, NotFunc: true, Field: true})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.funcs[st.Name()] = funcs
	c.mu.Unlock()
	return funcs, nil
}

// shownUpTo returns the keys of the declarations the code blocks of the
// chapter and of every chapter before it show. The book's order is its
// chapters' name order (10-…, 10.1-…, 11-…, and the appendices last), the
// order ReadChapters reads them in and the site lists them in.
func (c *checker) shownUpTo(ch *book.Chapter) map[string]bool {
	shown := map[string]bool{}
	for _, b := range ch.Blocks {
		c.addShown(shown, b)
	}
	for _, e := range c.bookChapters() {
		if e.Path != ch.Path && path.Base(e.Path) < path.Base(ch.Path) {
			for _, b := range e.Blocks {
				c.addShown(shown, b)
			}
		}
	}
	return shown
}

// bookChapters returns the book's chapters (not the answers): those the
// check read, or when it reads only some, all of them, read once.
func (c *checker) bookChapters() []*book.Chapter {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.book == nil {
		if len(c.opt.Files) == 0 {
			for _, ch := range c.res.Chapters {
				if !ch.Answers {
					c.book = append(c.book, ch)
				}
			}
		} else {
			c.book, _, _ = book.ReadChapters(c.opt.Root, c.opt.Chapters, nil) // their problems are theirs to check
		}
	}
	return c.book
}

// addShown adds the declarations a block shows: a reference block's decl,
// the functions a region block's region holds whole, a variant's replaced
// declaration.
func (c *checker) addShown(shown map[string]bool, b *book.Block) {
	file := b.Attr("file")
	switch {
	case b.Kind == book.VariantBlock && b.Attr("replaces") != "":
		shown[path.Dir(file)+" "+b.Attr("replaces")] = true
	case b.Kind != book.ReferenceBlock:
	case b.Attr("decl") != "":
		shown[path.Dir(file)+" "+b.Attr("decl")] = true
	case b.Attr("region") != "":
		for _, n := range c.regionFuncs(file, b.Attr("region")) {
			shown[path.Dir(file)+" "+n] = true
		}
	}
}

// regionFuncs returns the functions whose declaration the region holds
// whole (its func line and its closing brace), in the module's file.
func (c *checker) regionFuncs(file, region string) []string {
	r := c.regions[region]
	if r == nil || r.File != file {
		return nil // checkReference reports it
	}
	ns, err := c.src.Names(file)
	if err != nil {
		return nil
	}
	var in []string
	for _, n := range ns.Funcs {
		s, err := c.src.Decl(file, n)
		if err != nil || s.EndLine <= r.Line || s.EndLine >= r.EndLine {
			continue
		}
		name := n[strings.IndexByte(n, '.')+1:]
		if regexp.MustCompile(`(?m)^\s*func (\([^)]*\) )?` + regexp.QuoteMeta(name) + `\b`).MatchString(r.Text) {
			in = append(in, n)
		}
	}
	return in
}
