package site

import (
	"archive/zip"
	"bytes"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strings"

	"cb2026/book/view"
	"cb2026/stages"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/pmezard/go-difflib/difflib"
)

// The site's pages of a stage's view: the download, the diff from the
// previous stage and the source pages of the files its chapter shows.

// zipName is the site file of a stage's download: downloads/cb2026-stage-7.zip.
func zipName(st stages.Stage) string {
	return "downloads/cb2026-stage-" + st.String() + ".zip"
}

// diffPage is the site file of a stage's diff from the stage before it.
func diffPage(st stages.Stage) string {
	return "stage-" + st.String() + "-diff.html"
}

// viewSrcPage is the site file of a file as a stage's view has it.
func viewSrcPage(st stages.Stage, file string) string {
	return "src/stage-" + st.String() + "/" + file + ".html"
}

// offersView reports whether the site offers st's view (download, diff,
// source pages).
func (s *site) offersView(st stages.Stage) bool {
	return s.views != nil && s.viewStages[st.Name()]
}

// writeViews writes the views the site offers, and the ones before them
// that their diffs compare with, two at a time.
func (s *site) writeViews() error {
	if s.views == nil {
		return nil
	}
	var need []stages.Stage
	seen := map[string]bool{}
	add := func(st stages.Stage) {
		if !seen[st.Name()] {
			seen[st.Name()] = true
			need = append(need, st)
		}
	}
	for _, st := range stages.All() {
		if !s.viewStages[st.Name()] {
			continue
		}
		if prev, ok := view.Previous(st); ok {
			add(prev)
		}
		add(st)
	}
	s.views.WriteAll(need, 2)
	for _, st := range need {
		if v := s.views.Get(st); v.Err != nil {
			return v.Err
		}
	}
	return nil
}

// countView counts a view's Go files and their lines.
func countView(dir string) (files, lines int, err error) {
	all, err := view.Files(dir)
	for _, f := range all {
		if !strings.HasSuffix(f, ".go") {
			continue
		}
		data, rerr := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if rerr != nil {
			return 0, 0, rerr
		}
		files++
		lines += bytes.Count(data, []byte("\n"))
	}
	return files, lines, err
}

// writeDownload writes a stage's view zipped under a folder of its name.
func (s *site) writeDownload(st stages.Stage) error {
	z, ok := s.cache.zips[st.Name()]
	if !ok {
		var err error
		if z, err = s.zipView(st); err != nil {
			return err
		}
		s.cache.zips[st.Name()] = z
	}
	p := filepath.Join(s.out, filepath.FromSlash(zipName(st)))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, z, 0o644)
}

// zipView zips a stage's view under a folder of its name.
func (s *site) zipView(st stages.Stage) ([]byte, error) {
	v := s.views.Get(st)
	files, err := view.Files(v.Dir)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	prefix := "cb2026-stage-" + st.String() + "/"
	for _, f := range files {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: prefix + f, Method: zip.Deflate})
		if err != nil {
			return nil, err
		}
		data, err := os.ReadFile(filepath.Join(v.Dir, filepath.FromSlash(f)))
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// diffBody is what a stage's diff page shows (the theme's diff.html).
type diffBody struct {
	Label, Stage, Previous, Zip string
	Counts                      string // "5 files changed, 1 added, 1 removed"
	StageFile, PreviousFile     string // the two views' stage files (view.StageFile)
	Changed, Added, Removed     int
	Files                       []diffFile
}

// A diffFile is one file's diff on a diff page.
type diffFile struct {
	ID, Name  string
	Kind      string        // "changed", "added" or "removed"
	StageFile bool          // the file that says which stage a view is
	Diff      template.HTML // highlighted
}

// viewSourceBody is what a source page of a view shows (view-source.html).
type viewSourceBody struct {
	File, Label, StageHref, Stage, RepoHref string
	Code                                    template.HTML // highlighted
}

// writeDiff writes the page of what stage st adds to the stage before it,
// file by file, as unified diffs of the two views.
func (s *site) writeDiff(st stages.Stage) error {
	prev, ok := view.Previous(st)
	if !ok {
		return nil
	}
	p, ok := s.cache.diffs[st.Name()]
	if !ok {
		var err error
		if p, err = diffOf(prev, st, s.views.Get(prev).Dir, s.views.Get(st).Dir); err != nil {
			return err
		}
		s.cache.diffs[st.Name()] = p
	}
	p.Label, p.Zip = s.stageLabel(st), zipName(st)
	main, err := s.body("diff.html", p)
	if err != nil {
		return err
	}
	d := pageData{Title: "What " + st.Name() + " adds", Nav: s.nav(stagePage(st)), Main: main,
		Stage: &navItem{Href: stagePage(st), Label: titleCase(st.Name()) + ": bench, files and commands"}}
	return s.write(diffPage(st), d)
}

// diffOf returns the diff page of the step from prev's view, in before, to
// st's, in after: a highlighted unified diff of every file view.Diff names
// (the one list make check proves to be the whole step, the README and the
// stage files included), and how many files are changed, added and removed.
func diffOf(prev, st stages.Stage, before, after string) (diffBody, error) {
	changes, err := view.Diff(before, after)
	if err != nil {
		return diffBody{}, err
	}
	p := diffBody{Stage: st.Name(), Previous: prev.Name(), StageFile: view.StageFile(st), PreviousFile: view.StageFile(prev)}
	lexer := chroma.Coalesce(lexers.Get("diff"))
	format := chromahtml.New(chromahtml.WithClasses(true), chromahtml.TabWidth(4))
	for _, c := range changes {
		ud := difflib.UnifiedDiff{FromFile: prev.Name() + "/" + c.File, ToFile: st.Name() + "/" + c.File, Context: 3}
		if c.Kind != view.Added {
			old, err := os.ReadFile(filepath.Join(before, filepath.FromSlash(c.File)))
			if err != nil {
				return diffBody{}, err
			}
			ud.A = difflib.SplitLines(string(old))
		}
		if c.Kind != view.Removed {
			cur, err := os.ReadFile(filepath.Join(after, filepath.FromSlash(c.File)))
			if err != nil {
				return diffBody{}, err
			}
			ud.B = difflib.SplitLines(string(cur))
		}
		switch c.Kind {
		case view.Added:
			ud.FromFile = "/dev/null"
			p.Added++
		case view.Removed:
			ud.ToFile = "/dev/null"
			p.Removed++
		default:
			p.Changed++
		}
		text, err := difflib.GetUnifiedDiffString(ud)
		if err != nil {
			return diffBody{}, err
		}
		it, err := lexer.Tokenise(nil, text)
		if err != nil {
			return diffBody{}, err
		}
		var diff strings.Builder
		if err := format.Format(&diff, styles.Get("github"), it); err != nil {
			return diffBody{}, err
		}
		p.Files = append(p.Files, diffFile{ID: "f-" + strings.NewReplacer("/", "-", ".", "-").Replace(c.File), Name: c.File,
			Kind: c.Kind.String(), StageFile: c.File == p.StageFile || c.File == p.PreviousFile, Diff: template.HTML(diff.String())})
	}
	files := "files"
	if p.Changed == 1 {
		files = "file"
	}
	p.Counts = fmt.Sprintf("%d %s changed, %d added, %d removed", p.Changed, files, p.Added, p.Removed)
	return p, nil
}

// stageLabel names a stage by its chapter: "chapter 7, MVV-LVA".
func (s *site) stageLabel(st stages.Stage) string {
	if st.Number == stages.Main {
		return "main"
	}
	return fmt.Sprintf("chapter %d, %s", st.Number, s.title(st))
}

// writeViewSources renders, for every stage the site offers, the files its
// chapter shows as its view has them.
func (s *site) writeViewSources() error {
	for _, st := range stages.All() {
		if !s.offersView(st) {
			continue
		}
		v := s.views.Get(st)
		for _, file := range sortedKeys(s.viewSources[st.Name()]) {
			data, err := os.ReadFile(filepath.Join(v.Dir, filepath.FromSlash(file)))
			if err != nil {
				continue // not in this stage's view
			}
			code, err := highlightGo(data)
			if err != nil {
				return err
			}
			main, err := s.body("view-source.html", viewSourceBody{File: file, Label: s.stageLabel(st), StageHref: "../../" + stagePage(st),
				Stage: st.Name(), RepoHref: "../" + file + ".html", Code: template.HTML(code)})
			if err != nil {
				return err
			}
			if err := s.write(viewSrcPage(st, file), pageData{Title: file + " at " + st.Name(), Nav: s.nav(""), Main: main}); err != nil {
				return err
			}
		}
	}
	return nil
}

// stageCode returns a stage page's section on its view: the download, its
// size and the diff; nil if the site offers no view of the stage.
func (s *site) stageCode(st stages.Stage) (*viewLink, error) {
	if !s.offersView(st) {
		return nil, nil
	}
	files, lines, err := countView(s.views.Get(st).Dir)
	if err != nil {
		return nil, err
	}
	v := &viewLink{Zip: zipName(st), Stage: st.Name(), Label: s.stageLabel(st), Files: files, Lines: lines}
	if prev, ok := view.Previous(st); ok {
		v.Diff, v.Previous = diffPage(st), prev.Name()
	}
	return v, nil
}

// writeViewPages writes the download and the diff page of every stage the
// site offers.
func (s *site) writeViewPages() error {
	for _, st := range stages.All() {
		if !s.offersView(st) {
			continue
		}
		if err := s.writeDownload(st); err != nil {
			return err
		}
		if err := s.writeDiff(st); err != nil {
			return err
		}
	}
	return nil
}
