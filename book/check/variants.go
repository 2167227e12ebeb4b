package check

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Variants reads the chapters of the book at root and returns its variants
// by name, as check registers them. Problems elsewhere in the chapters do not
// stop it; a malformed or duplicate variant block is left out, as check would
// report it.
func Variants(root string) (map[string]*Variant, error) {
	c := &checker{opt: Options{Root: root, Chapters: "chapters"}, res: &Result{}, variants: map[string]*Variant{}}
	if err := c.readChapters(); err != nil {
		return nil, err
	}
	for _, ch := range c.res.Chapters {
		c.collectVariants(ch)
	}
	return c.variants, nil
}

// BuildVariant builds the engine of the book variant called name, from the
// module and chapters at root, exactly as check builds it (a copy of the
// module with the variant's code in place of the declaration it replaces,
// built with its chapter's stage tag), into the folder dir. It returns the
// binary's path, whose name ends in a hash of its content.
func BuildVariant(root, dir, name string) (string, error) {
	variants, err := Variants(root)
	if err != nil {
		return "", err
	}
	if variants[name] == nil {
		names := make([]string, 0, len(variants))
		for n := range variants {
			names = append(names, n)
		}
		slices.Sort(names)
		return "", fmt.Errorf("no variant named %q (the chapters have: %s)", name, strings.Join(names, ", "))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("variant %s: %w", name, err)
	}
	tmp, err := os.MkdirTemp(dir, "variant-"+name+"-")
	if err != nil {
		return "", fmt.Errorf("variant %s: %w", name, err)
	}
	defer os.RemoveAll(tmp)
	bin, err := NewEngines(root, tmp, variants).Binary(name)
	if err != nil {
		return "", fmt.Errorf("variant %s (%s:%d): %w", name, variants[name].Chapter, variants[name].Line, err)
	}
	final := filepath.Join(dir, filepath.Base(bin))
	if err := os.Rename(bin, final); err != nil {
		return "", fmt.Errorf("variant %s: %w", name, err)
	}
	return final, nil
}
