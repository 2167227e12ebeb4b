package uci

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseNumbers(t *testing.T) {
	tests := []struct {
		in   string
		want []int
	}{
		{"7", []int{7}},
		{"2-4", []int{2, 3, 4}},
		{"1,3-4,9", []int{1, 3, 4, 9}},
	}
	for _, tt := range tests {
		got, err := parseNumbers(tt.in)
		require.NoError(t, err, "parseNumbers(%q)", tt.in)
		assert.Equal(t, tt.want, got, "parseNumbers(%q)", tt.in)
	}
	for _, bad := range []string{"", "x", "0", "-3", "4-2", "1-1000", "2,", "3-"} {
		_, err := parseNumbers(bad)
		assert.Error(t, err, "parseNumbers(%q)", bad)
	}
}

func FuzzParseNumbers(f *testing.F) {
	for _, seed := range []string{"7", "2-7", "1,3-4", "x", "9-1", ""} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, err := parseNumbers(in)
		if err != nil {
			return
		}
		assert.NotEmpty(t, got)
		for _, n := range got {
			assert.Positive(t, n)
		}
	})
}
