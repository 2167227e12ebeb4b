package directive

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFuncName(t *testing.T) {
	src := `package p
type T struct{}
type G[K any, V any] struct{}
type H[K any] struct{}
func F() {}
func (T) Value() {}
func (t *T) Pointer() {}
func (g *G[K, V]) List() {}
func (h H[K]) Index() {}
func ((T)) Paren() {}
`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	require.NoError(t, err)
	var got []string
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			got = append(got, FuncName(fd))
		}
	}
	assert.Equal(t, []string{"F", "T.Value", "T.Pointer", "G.List", "H.Index", "T.Paren"}, got)
}
