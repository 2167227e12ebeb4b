//book:stage 19

package uci

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestKingDangerTable(t *testing.T) {
	out := run(t, newFakeEngine(), "kingdanger\nkingdanger 12\n")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 1+13+1+3, "a header and a row every fifth unit, twice:\n%s", out)
	assert.Equal(t, []string{"units", "middlegame", "endgame"}, strings.Fields(lines[0]))
	assert.Equal(t, []string{"0", "0", "0"}, strings.Fields(lines[1]), "no units, no cost")
	assert.Equal(t, []string{"50", "-234", "-39"}, strings.Fields(lines[11]), "chapter 19's capped attack: 50² / 64 = 39 coefficients of −6 and −1")
	assert.Equal(t, lines[11][6:], lines[13][6:], "no more past the cap")
	assert.Equal(t, []string{"10", "-6", "-1"}, strings.Fields(lines[17]), "the second table stops at 12 units")
}
