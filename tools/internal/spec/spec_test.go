package spec

import (
	"testing"

	"cb2026/tools/internal/driver"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	e, err := Parse("cmd=/usr/games/stockfish option.UCI_LimitStrength=true option.UCI_Elo=1500 arg=-x set.history=off")
	require.NoError(t, err)
	assert.Equal(t, "stockfish", e.Name)
	assert.Equal(t, []driver.Option{{Name: "UCI_LimitStrength", Value: "true"}, {Name: "UCI_Elo", Value: "1500"}}, e.Options)
	assert.Equal(t, []string{"-x"}, e.Args)
	assert.Equal(t, []string{"set history off"}, e.Sets)
	e, err = Parse("stage=5")
	require.NoError(t, err)
	assert.Equal(t, "cb2026-stage5", e.Name)
	e, err = Parse("stage=main rev=HEAD~1 name=before")
	require.NoError(t, err)
	assert.Equal(t, "name=before stage=main rev=HEAD~1", e.String())
	e, err = Parse("variant=see-no-xray rev=abc123")
	require.NoError(t, err)
	assert.Equal(t, "cb2026-variant-see-no-xray-abc123", e.Name)
	assert.Equal(t, "name=cb2026-variant-see-no-xray-abc123 variant=see-no-xray rev=abc123", e.String())
	for _, bad := range []string{"", "name=x", "cmd=a stage=3", "stage=0", "stage=21", "stage=99", "cmd=x rev=HEAD", "cmd=x foo=1", "cmd",
		"variant=x stage=3", "variant=x cmd=y"} {
		_, err := Parse(bad)
		assert.Error(t, err, "Parse(%q)", bad)
	}
}

func FuzzParse(f *testing.F) {
	f.Add("cmd=/usr/games/stockfish option.Hash=16 name=sf")
	f.Add("stage=main rev=HEAD~1 set.history=off")
	f.Add("variant=king-shadow name=k")
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil {
			return
		}
		again, err := Parse(e.String())
		if err == nil {
			assert.Equal(t, e.Name, again.Name)
		}
	})
}
