//book:stage 10

package uci

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTTEntryListsTheFieldsInMemoryOrder(t *testing.T) {
	out := run(t, newFakeEngine(), "ttentry\n")
	var names []string
	end := 0
	for i, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Fields(line)
		if i == 0 {
			assert.Equal(t, []string{"field", "offset", "bytes", "type"}, f)
			continue
		}
		names = append(names, f[0])
		offset, err := strconv.Atoi(f[1])
		require.NoError(t, err)
		size, err := strconv.Atoi(f[2])
		require.NoError(t, err)
		assert.Equal(t, end, offset, "%s starts where the field before it ends", f[0])
		end += size
	}
	assert.Equal(t, []string{"key", "move", "score", "depth", "bound", "gen", "padding"}, names)
	assert.Equal(t, 16, end, "an entry is ttEntryBytes long")
}
