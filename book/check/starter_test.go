package check

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A chapter's starter key is checked against its stage's view: a file the
// view lacks, and a function of a later chapter, are problems at their
// entries' lines; a function the view declares is not.
func TestStarterIsInTheView(t *testing.T) {
	if testing.Short() || os.Getenv("CB2026_BOOK_CHECK") != "" {
		t.Skip("writes a view of the real engine; skipped in -short and inside book check")
	}
	root := copyRepo(t)
	chapter := "chapters/07-probe.md"
	text := "---\ntitle: Probe\nstage: 7\nmilestone: M2\nstarter:\n" +
		"  - engine/search/ordering.go:mvvLva\n" +
		"  - engine/search/see.go:SEE\n" +
		"  - engine/search/picker.go:picker.nextKiller\n" +
		"  - engine/search/ordering.go:captureValue\n" +
		"---\n\n# Probe\n"
	require.NoError(t, os.WriteFile(filepath.Join(root, chapter), []byte(text), 0o644))
	res, err := Run(Options{Root: root, Files: []string{chapter}})
	require.NoError(t, err)
	var got []string
	for _, p := range res.Problems {
		got = append(got, p.String())
	}
	assert.Equal(t, []string{
		chapter + ":1: the chapter does not state its stage's bench — want a figure like [N](bench:7)",
		chapter + ":7: starter: engine/search/see.go is not in stage 7's view: all its code comes with later chapters",
		chapter + ":8: starter: engine/search/picker.go has no function picker.nextKiller at stage 7",
		chapter + ":9: starter: engine/search/ordering.go has no function captureValue at stage 7",
	}, got)
}
