package spec

import (
	"os"
	"path/filepath"

	"cb2026/exe"
)

// Prepare parses engine specs and builds the cb2026 stages among them into
// cache, or into the user cache folder's cb2026/engines when cache is empty.
// The module root is needed only when a stage is to be built. When the first
// two engines share a name, "-2" is added to the second's.
func Prepare(texts []string, cache string) ([]Engine, error) {
	cache, err := CacheDir(cache)
	if err != nil {
		return nil, err
	}
	root, rootErr := exe.ModuleRoot()
	engines := make([]Engine, len(texts))
	for i, text := range texts {
		e, err := Parse(text)
		if err != nil {
			return nil, err
		}
		if e.isBuilt() && rootErr != nil {
			return nil, rootErr
		}
		if err := e.Build(root, cache); err != nil {
			return nil, err
		}
		engines[i] = e
	}
	if len(engines) > 1 && engines[0].Name == engines[1].Name {
		engines[1].Name += "-2"
	}
	return engines, nil
}

// CacheDir returns the folder for built engines and the revisions they are
// built from: cache, or by default the user cache folder's cb2026/engines.
func CacheDir(cache string) (string, error) {
	if cache != "" {
		return cache, nil
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "cb2026", "engines"), nil
}
