package view

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUnreadParams(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		want      []string
	}{
		{"read", "func f(a int) int { return a }", nil},
		{"unread", "func f(a, b int) int { return a }", []string{"x.go:3: f.b"}},
		{"a method's", "type T struct{ b int }\nfunc (t *T) m(a, b int) int { return t.b + a }", []string{"x.go:4: T.m.b"}},
		{"read as the value of x.sel", "type T struct{ f int }\nfunc g(t T) int { return t.f }", nil},
		{"only a field's name", "type T struct{ a int }\nfunc g(t T, a int) int { return t.a }", []string{"x.go:4: g.a"}},
		{"blank", "func f(_ int) {}", nil},
		{"exported", "func F(a int) {}", nil},
		{"in a closure", "func f(a int) func() int { return func() int { return a } }", nil},
	} {
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "x.go"), []byte("package x\n\n"+tt.src+"\n"), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "x_test.go"), []byte("package x\n\nfunc h(a int) {}\n"), 0o644))
		got, err := unreadParams(dir)
		require.NoError(t, err)
		assert.Equal(t, tt.want, got, tt.name)
	}
}

// paramAllowed lets a listed parameter go unread, and no other.
func TestCheckParams(t *testing.T) {
	dir := t.TempDir()
	src := "package search\n\ntype Searcher struct{}\n\nfunc (s *Searcher) searchRoot(depth, previous int) int { return depth }\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o644))
	assert.NoError(t, checkParams(dir))
	src += "\nfunc (s *Searcher) searchChild(depth, index int) int { return depth }\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o644))
	err := checkParams(dir)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "x.go:7: Searcher.searchChild.index")
	assert.NotContains(t, err.Error(), "searchRoot")
}
