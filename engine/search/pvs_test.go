//book:stage 12

package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// With PVS on, the stats count the null-window tests searched again and the
// nodes those searches cost; with it off, there is nothing to count, and the
// tree is searched with the node's own window throughout.
func TestStatsCountResearches(t *testing.T) {
	for _, tc := range []struct {
		name string
		pvs  bool
	}{
		{"pvs on", true},
		{"pvs off", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tech := DefaultTechniques(12)
			tech.PVS = tc.pvs
			st, err := Measure(context.Background(), tech, 7, 5)
			require.NoError(t, err)
			if !tc.pvs {
				assert.Zero(t, st.Researches, "re-searches without PVS")
				assert.Zero(t, st.ResearchNodes, "re-search nodes without PVS")
				return
			}
			assert.Positive(t, st.Researches, "re-searches on bench position 7 at depth 5")
			assert.GreaterOrEqual(t, st.ResearchNodes, st.Researches, "a re-search costs at least its own node")
			assert.Less(t, st.ResearchNodes, st.Nodes, "re-search nodes are some of the nodes")
		})
	}
}
