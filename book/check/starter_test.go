package check

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A chapter's starter key is checked against its stage's view: a file the
// view lacks, and a function of a later chapter, are problems at their
// entries' lines; a function the view declares is not.
func TestStarterIsInTheView(t *testing.T) {
	_, got := checkProbe(t, "---\ntitle: Probe\nstage: 7\nmilestone: M2\nstarter:\n"+
		"  - engine/search/ordering.go:mvvLva\n"+
		"  - engine/search/see.go:SEE\n"+
		"  - engine/search/picker.go:picker.nextKiller\n"+
		"  - engine/search/ordering.go:captureValue\n"+
		"---\n\n# Probe\n")
	assert.Equal(t, []string{
		probeChapter + ":1: the chapter does not state its stage's bench — want a figure like [N](bench:7)",
		probeChapter + ":7: starter: engine/search/see.go is not in stage 7's view: all its code comes with later chapters",
		probeChapter + ":8: starter: engine/search/picker.go has no function picker.nextKiller at stage 7",
		probeChapter + ":9: starter: engine/search/ordering.go has no function captureValue at stage 7",
	}, got)
}
