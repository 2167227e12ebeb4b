package site

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cb2026/book"
	"cb2026/stages"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPlayHref(t *testing.T) {
	st13, _ := stages.Get(13)
	main, _ := stages.Get(stages.Main)
	tests := []struct {
		st   stages.Stage
		fen  string
		want string
	}{
		{st13, "", "play.html?stage=13"},
		{main, "", "play.html?stage=main"},
		{st13, "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
			"play.html?fen=r1bq1rk1%2Fppp1nppp%2F4n3%2F3p3Q%2F3P4%2F1BP1B3%2FPP1N2PP%2FR4RK1+w+-+-+1+16&stage=13"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, playHref(tt.st, tt.fen), "playHref(%s, %q)", tt.st, tt.fen)
	}
}

func TestProblemFEN(t *testing.T) {
	const fen = "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16"
	board := "```board {caption=\"x\"}\n" + fen + "\n```\n"
	other := "```board {caption=\"y\"}\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\n"
	tests := []struct {
		name, body, want string
	}{
		{"the first board under The problem", "## The problem\n\ntext\n\n" + board + "\n" + other + "\n## The idea\n", fen},
		{"a board before it does not count", other + "\n## The problem\n\n" + board, fen},
		{"a board after the section does not count", "## The problem\n\ntext\n\n## The idea\n\n" + board, ""},
		{"no such section", board, ""},
	}
	for _, tt := range tests {
		src := "---\ntitle: T\nstage: 13\nmilestone: M3\n---\n\n# T\n\n" + tt.body
		ch, probs := book.ParseChapter("chapters/13-t.md", []byte(src))
		require.Empty(t, probs, tt.name)
		assert.Equal(t, tt.want, problemFEN(ch), tt.name)
	}
}

// TestVendoredFiles checks the vendored browser libraries against their
// SHA-256 list (site/vendor/README.md says where they come from), and that
// the list names every file there.
func TestVendoredFiles(t *testing.T) {
	dir := filepath.Join("..", "..", "site", "vendor")
	f, err := os.Open(filepath.Join(dir, "SHA256SUMS"))
	require.NoError(t, err)
	defer f.Close()
	listed := map[string]bool{"SHA256SUMS": true, "README.md": true}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		require.True(t, ok, "SHA256SUMS: line %q", sc.Text())
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if !assert.NoError(t, err) {
			continue
		}
		got := sha256.Sum256(data)
		assert.Equal(t, sum, hex.EncodeToString(got[:]), "SHA-256 of site/vendor/%s", name)
		listed[name] = true
	}
	require.NoError(t, sc.Err())
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		assert.True(t, listed[filepath.ToSlash(rel)], "site/vendor/%s is not in SHA256SUMS", filepath.ToSlash(rel))
		return nil
	})
	require.NoError(t, err)
}
