package site

import (
	"fmt"
	"os"

	"cb2026/book/check"
	"cb2026/book/view"
)

// A buildCache keeps what one build of the site made for the next, which
// serve's rebuilds use (Build starts from an empty one each time). A stage
// view is cut from the repository's engine, stage package, test data and
// module files alone (view.InputsKey), so while those are unchanged the
// views are too, and so are the downloads zipped from them and the diffs
// between them: a rebuild after a chapter's edit makes none of them again.
// A match's games are compressed once per version of their file.
type buildCache struct {
	key   string              // the views' inputs when they were made
	dir   string              // the temporary folder the views are written in
	views *check.Views        // the views, each written on first use
	zips  map[string][]byte   // each stage's download, by stage name
	diffs map[string]diffBody // each stage's diff from the stage before, by stage name
	games map[string][]byte   // compressed games, by file, size and time
}

// viewsOf returns the views of the module at root: the kept ones if their
// inputs have not changed, else new ones in a new temporary folder (the
// old folder removed, and what was made from the old views forgotten).
func (c *buildCache) viewsOf(root string) (*check.Views, error) {
	key, err := view.InputsKey(root)
	if err != nil {
		return nil, err
	}
	if c.views != nil && key == c.key {
		return c.views, nil
	}
	if err := c.close(); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "cb2026-site-")
	if err != nil {
		return nil, err
	}
	c.key, c.dir, c.views = key, dir, check.NewViews(root, dir)
	c.zips, c.diffs = map[string][]byte{}, map[string]diffBody{}
	return c.views, nil
}

// close removes the views' folder and forgets what was made from them.
func (c *buildCache) close() error {
	if c.dir == "" {
		return nil
	}
	err := os.RemoveAll(c.dir)
	c.key, c.dir, c.views, c.zips, c.diffs = "", "", nil, nil, nil
	return err
}

// compressedGames returns the games file at path (plain PGN) compressed,
// from the cache if this version of it (its size and time) was compressed
// before.
func (c *buildCache) compressedGames(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%s %d %d", path, info.Size(), info.ModTime().UnixNano())
	if z, ok := c.games[key]; ok {
		return z, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	z, err := gzipped(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if c.games == nil {
		c.games = map[string][]byte{}
	}
	c.games[key] = z
	return z, nil
}
