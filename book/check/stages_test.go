package check

import (
	"testing"

	"cb2026/stages"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStagePackages(t *testing.T) {
	main, _ := stages.Get(stages.Main)
	pkgs, err := stagePackages("../..", main)
	require.NoError(t, err)
	assert.Equal(t, []string{"./..."}, pkgs)
	st, _ := stages.Get(7)
	pkgs, err = stagePackages("../..", st)
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
	require.NoError(t, goCmd("../..", "list", append(st.BuildArgs(), pkgs...)...), "go list accepts every package")
}
