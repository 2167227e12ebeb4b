package book

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The book is three packages whose imports run one way: the site imports the
// check, the check imports the chapter model, and none imports back. The
// measuring tools link none of the site's libraries.
func TestImportsRunOneWay(t *testing.T) {
	tests := []struct {
		pkg    string
		banned []string
	}{
		{"cb2026/book", []string{"cb2026/book/check", "cb2026/book/site", "github.com/alecthomas/chroma", "github.com/yuin/goldmark-highlighting", "gonum.org/"}},
		{"cb2026/book/check", []string{"cb2026/book/site", "github.com/alecthomas/chroma", "github.com/yuin/goldmark-highlighting", "gonum.org/"}},
		{"cb2026/tools/match", []string{"cb2026/book", "github.com/yuin/goldmark", "github.com/alecthomas/chroma", "gonum.org/"}},
	}
	for _, tt := range tests {
		out, err := exec.Command("go", "list", "-deps", tt.pkg).CombinedOutput()
		require.NoError(t, err, "go list -deps %s: %s", tt.pkg, out)
		for _, dep := range strings.Fields(string(out)) {
			for _, b := range tt.banned {
				assert.False(t, strings.HasPrefix(dep, b), "go list -deps %s lists %s", tt.pkg, dep)
			}
		}
	}
}
