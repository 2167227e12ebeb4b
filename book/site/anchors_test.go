package site

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An anchor match whose results file cannot be read stops the build with
// the file's path; it is never left out of the front page.
func TestAnchorRunsRefuseAnUnreadableResultsFile(t *testing.T) {
	root := t.TempDir()
	piece := filepath.Join(root, "tools", "match", "results", "anchor-fairymax-tc10-abc1234-part1")
	require.NoError(t, os.MkdirAll(piece, 0o755))
	file := filepath.Join(piece, "results.json")
	require.NoError(t, os.WriteFile(file, []byte(`{"engines": ["main", "name=fairymax"], "wins": `), 0o644))
	s := &site{opt: Options{Root: root}}
	_, err := s.anchorRuns()
	assert.EqualError(t, err, "anchor matches: results: "+file+": unexpected end of JSON input")

	require.NoError(t, os.Remove(file))
	_, err = s.anchorRuns()
	assert.ErrorContains(t, err, file+": no such file or directory")
}

// The pieces of one anchor match are pooled as match combine pools them,
// a void piece left out.
func TestAnchorRunsPoolThePieces(t *testing.T) {
	root := t.TempDir()
	for i, body := range []string{
		`{"engines": ["main", "name=fairymax"], "limits": "tc=10+0.1", "wins": 3, "draws": 1, "losses": 0, "pentanomial": [0,0,0,1,1], "started": "2026-01-02T10:00:00Z"}`,
		`{"engines": ["main", "name=fairymax"], "limits": "tc=10+0.1", "wins": 1, "draws": 1, "losses": 2, "pentanomial": [0,1,1,0,0], "started": "2026-01-02T11:00:00Z"}`,
	} {
		dir := filepath.Join(root, "tools", "match", "results", "anchor-fairymax-tc10-abc1234-part"+string(rune('1'+i)))
		require.NoError(t, os.MkdirAll(dir, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "results.json"), []byte(body), 0o644))
	}
	void := filepath.Join(root, "tools", "match", "results", "anchor-fairymax-tc10-abc1234-part3")
	require.NoError(t, os.MkdirAll(void, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(void, "results.json"), []byte(`{"engines": ["main", "name=fairymax"], "limits": "tc=10+0.1", "wins": 20, "draws": 0, "losses": 0, "pentanomial": [0,0,0,0,10], "started": "2026-01-02T12:00:00Z"}`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(void, "void.txt"), []byte("Played on a loaded machine.\n"), 0o644))
	runs, err := (&site{opt: Options{Root: root}}).anchorRuns()
	require.NoError(t, err)
	require.Len(t, runs, 1)
	r := runs[0]
	assert.Equal(t, "fairymax", r.opponent)
	assert.Equal(t, [3]int{4, 2, 2}, [3]int{r.wins, r.draws, r.losses})
	assert.Equal(t, "[0, 1, 1, 1, 1]", r.pairs.String())
	assert.Equal(t, "2026-01-02 10:00", r.started)
	assert.Equal(t, []string{"anchor-fairymax-tc10-abc1234-part1", "anchor-fairymax-tc10-abc1234-part2"}, r.pieces)
}
