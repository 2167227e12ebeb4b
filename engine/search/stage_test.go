package search

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The search and the evaluation must not read the stage built (stages.Current
// or stages.Selected): what a stage does is its switches, so that a stage-N
// engine with stage N's switches off is the stage N−1 engine, node for node.
// TestStagesAddTechniques proves the switch sets equal; this proves that
// nothing else tells the stages apart.
func TestOnlyTheSwitchesTellTheStagesApart(t *testing.T) {
	for _, dir := range []string{".", "../eval"} {
		if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) && dir != "." {
			continue // a view of a stage before the evaluation's has none
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		require.NoError(t, err)
		require.NotEmpty(t, files, dir)
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			for _, use := range stageReads(t, path) {
				assert.Fail(t, "the stage read outside the switches", "%s: %s", path, use)
			}
		}
	}
}

// stageReads returns the positions of the reads of stages.Current and
// stages.Selected in the Go file at path.
func stageReads(t *testing.T, path string) []string {
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, 0)
	require.NoError(t, err)
	var uses []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok && x.Name == "stages" && (sel.Sel.Name == "Current" || sel.Sel.Name == "Selected") {
			uses = append(uses, fset.Position(sel.Pos()).String()+": stages."+sel.Sel.Name)
		}
		return true
	})
	return uses
}
