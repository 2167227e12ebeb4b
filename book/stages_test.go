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
	for _, p := range pkgs {
		assert.NotRegexp(t, `_test$|\.test$| `, p, "only real packages")
	}
	require.NoError(t, goCmd("..", "list", append(st.BuildArgs(), pkgs...)...), "go list accepts every package")
}
