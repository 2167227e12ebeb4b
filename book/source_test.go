package book

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScanRegions(t *testing.T) {
	tests := []struct {
		file string
		want []string
	}{
		{"unclosed.go", []string{"unclosed.go:4: unclosed region a (no //book:end a)"}},
		{"crossed.go", []string{"crossed.go:7: crossed regions: //book:end a inside region b (opened at line 5)"}},
		{"duplicate.go", []string{"duplicate.go:7: duplicate region a (first at duplicate.go:4)"}},
		{"stray.go", []string{"stray.go:5: //book:end a without its //book:region"}},
		{"badname.go", []string{`badname.go:4: malformed region name "Beta_Cutoff" (want [a-z0-9-]+)`, `badname.go:6: malformed region name "Beta_Cutoff" (want [a-z0-9-]+)`}},
		{"misspelt.go", []string{
			"misspelt.go:3: unknown directive //book:stgae: want //book:region NAME, //book:end NAME, //book:stage N (did you mean //book:stage?)",
			`misspelt.go:5: malformed directive "// book:stage 9": write //book: with no space and in lower case`,
			"misspelt.go:6: unknown directive //book:chapter: want //book:region NAME, //book:end NAME, //book:stage N",
			`misspelt.go:7: malformed directive "//Book:region a": write //book: with no space and in lower case`,
		}},
		{"nested.go", nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata/regions", tt.file))
			require.NoError(t, err)
			var got []string
			for _, p := range scanFile(tt.file, string(src), map[string]*Region{}) {
				got = append(got, p.String())
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestNestedRegionText(t *testing.T) {
	src, err := os.ReadFile("testdata/regions/nested.go")
	require.NoError(t, err)
	regions := map[string]*Region{}
	require.Empty(t, scanFile("nested.go", string(src), regions))
	assert.Equal(t, "if x {\n\tg()\n}\n", regions["outer"].Text)
	assert.Equal(t, "g()\n", regions["inner"].Text)
}
