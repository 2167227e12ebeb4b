package book

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"cb2026/book/view"
	"cb2026/stages"
)

// stageViews writes the views that chapters quote, each once, into a
// directory outside the repository. It is safe for concurrent use.
type stageViews struct {
	root, dir string
	mu        sync.Mutex
	views     map[string]*stageView
}

// A stageView is one stage's view as the check reads it: its directory, its
// Go source and its regions.
type stageView struct {
	once    sync.Once
	dir     string
	src     *Source
	regions map[string]*Region
	err     error
}

// newStageViews returns the views of the module at root, to be written under
// dir.
func newStageViews(root, dir string) *stageViews {
	return &stageViews{root: root, dir: dir, views: map[string]*stageView{}}
}

// get returns the stage's view, writing it on first use.
func (vs *stageViews) get(st stages.Stage) *stageView {
	vs.mu.Lock()
	v := vs.views[st.Name()]
	if v == nil {
		v = &stageView{dir: filepath.Join(vs.dir, "view-"+st.Name())}
		vs.views[st.Name()] = v
	}
	vs.mu.Unlock()
	v.once.Do(func() {
		if err := view.Write(view.Options{Root: vs.root, Dir: v.dir, Stage: st}); err != nil {
			v.err = fmt.Errorf("%s's view: %w", st.Name(), err)
			return
		}
		v.src = NewSource(v.dir)
		v.regions, _ = ScanRegions(v.dir) // the repository's own scan reports their problems
	})
	return v
}

// has reports whether the view holds the file (slash path).
func (v *stageView) has(file string) bool {
	_, err := os.Stat(filepath.Join(v.dir, filepath.FromSlash(file)))
	return err == nil
}

// writeAll writes the views of the given stages, jobs at a time.
func (vs *stageViews) writeAll(sts []stages.Stage, jobs int) {
	sem := make(chan struct{}, max(jobs, 1))
	var wg sync.WaitGroup
	for _, st := range sts {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			vs.get(st)
			<-sem
		}()
	}
	wg.Wait()
}
