package book

import (
	"testing"

	"cb2026/stages"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStagePackages(t *testing.T) {
	main, _ := stages.Get(stages.Main)
	pkgs, err := stagePackages("..", main)
	require.NoError(t, err)
	assert.Equal(t, []string{"./..."}, pkgs)
	st, _ := stages.Get(7)
	pkgs, err = stagePackages("..", st)
	require.NoError(t, err)
	assert.Contains(t, pkgs, "cb2026/stages")
	assert.NotContains(t, pkgs, "cb2026/book")
	assert.NotContains(t, pkgs, "cb2026/engine/board", "the board does not depend on the stage")
	assert.Contains(t, pkgs, "cb2026/engine/search", "the search reads stages.Current")
	assert.Contains(t, pkgs, "cb2026/tools/tune", "the tuner imports the search")
	assert.Contains(t, pkgs, "cb2026/tools/suite", "the suite's tests read stages.Current")
	assert.NotContains(t, pkgs, "cb2026/exe", "exe reads only the stage table")
	assert.NotContains(t, pkgs, "cb2026/tools/match", "the match tool reads only the stage table")
	for _, p := range pkgs {
		assert.NotRegexp(t, `_test$|\.test$| `, p, "only real packages")
	}
	require.NoError(t, goCmd("..", "list", append(st.BuildArgs(), pkgs...)...), "go list accepts every package")
}

// readsStageTag finds stages.Current and stages.Selected as code, under any
// import name, and not in comments or strings.
func TestReadsStageTag(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"constant", "package p\nimport \"cb2026/stages\"\nvar x = stages.Current", true},
		{"row", "package p\nimport \"cb2026/stages\"\nfunc f() { _ = stages.Selected() }", true},
		{"renamed", "package p\nimport st \"cb2026/stages\"\nvar x = st.Current", true},
		{"table only", "package p\nimport \"cb2026/stages\"\nvar x = stages.All()", false},
		{"comment and string", "package p\nimport \"cb2026/stages\"\n// stages.Current\nvar x, y = \"stages.Current\", stages.Main", false},
		{"another stages", "package p\nimport \"other/stages\"\nvar x = stages.Current", false},
	} {
		got, err := readsStageTag(tc.name+".go", []byte(tc.src))
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.want, got, tc.name)
	}
	_, err := readsStageTag("broken.go", []byte("package"))
	assert.Error(t, err, "a file that does not parse")
}
