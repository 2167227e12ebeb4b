package check

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"cb2026/book"
	"cb2026/book/view"
	"cb2026/stages"
)

// Views writes the views that chapters quote, each once, into a
// directory outside the repository. It is safe for concurrent use.
type Views struct {
	root, dir string
	mu        sync.Mutex
	views     map[string]*View
}

// A View is one stage's view as the check reads it: its directory, its
// Go source and its regions.
type View struct {
	once    sync.Once
	Dir     string                  // where the view is written
	Src     *book.Source            // its Go source
	Regions map[string]*book.Region // its regions
	Err     error                   // why it could not be written
}

// NewViews returns the views of the module at root, to be written under
// dir.
func NewViews(root, dir string) *Views {
	return &Views{root: root, dir: dir, views: map[string]*View{}}
}

// Get returns the stage's view, writing it on first use.
func (vs *Views) Get(st stages.Stage) *View {
	vs.mu.Lock()
	v := vs.views[st.Name()]
	if v == nil {
		v = &View{Dir: filepath.Join(vs.dir, "view-"+st.Name())}
		vs.views[st.Name()] = v
	}
	vs.mu.Unlock()
	v.once.Do(func() {
		if err := view.Write(view.Options{Root: vs.root, Dir: v.Dir, Stage: st}); err != nil {
			v.Err = fmt.Errorf("%s's view: %w", st.Name(), err)
			return
		}
		v.Src = book.NewSource(v.Dir)
		v.Regions, _ = book.ScanRegions(v.Dir) // the repository's own scan reports their problems
	})
	return v
}

// Has reports whether the view holds the file (slash path).
func (v *View) Has(file string) bool {
	_, err := os.Stat(filepath.Join(v.Dir, filepath.FromSlash(file)))
	return err == nil
}

// WriteAll writes the views of the given stages, jobs at a time.
func (vs *Views) WriteAll(sts []stages.Stage, jobs int) {
	sem := make(chan struct{}, max(jobs, 1))
	var wg sync.WaitGroup
	for _, st := range sts {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			vs.Get(st)
			<-sem
		}()
	}
	wg.Wait()
}
