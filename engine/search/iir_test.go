//book:stage main

package search

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"

	"cb2026/engine/board"
	"cb2026/stages"
)

// Only a node without a hash move, not a singular search, at iirMinDepth or
// deeper, loses a ply.
func TestReduceWithoutHashMove(t *testing.T) {
	p := mustFEN(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	m := mustMove(t, p, "e2e4")
	for _, tc := range []struct {
		depth              int
		hashMove, excluded board.Move
		want               int
	}{
		{iirMinDepth, board.NoMove, board.NoMove, iirMinDepth - 1},
		{10, board.NoMove, board.NoMove, 9},
		{iirMinDepth - 1, board.NoMove, board.NoMove, iirMinDepth - 1},
		{10, m, board.NoMove, 10},
		{10, board.NoMove, m, 10},
	} {
		s := NewSearcher(DefaultTechniques(stages.Main))
		n := node{depth: tc.depth, hashMove: tc.hashMove, excluded: tc.excluded}
		s.reduceWithoutHashMove(&n)
		assert.Equal(t, tc.want, n.depth, "reduceWithoutHashMove(depth %d, hash move %s, excluded %s)", tc.depth, tc.hashMove, tc.excluded)
	}
}

// TestTechniqueChapter: main's techniques are labelled with the part of the
// book that teaches them, main's chapter (21) or a section beside an
// earlier chapter ("10.1").
func TestTechniqueChapter(t *testing.T) {
	section := regexp.MustCompile(`^([1-9]|1[0-9]|20)\.[1-9]$`)
	byOption := map[string]Technique{}
	for _, tech := range AllTechniques() {
		byOption[tech.Option] = tech
		if tech.Stage == stages.Main {
			assert.True(t, tech.Chapter == "21" || section.MatchString(tech.Chapter), "%s: chapter %q", tech.Option, tech.Chapter)
		}
	}
	tests := []struct{ option, chapter string }{
		{"MVVLVA", "7"},
		{"TunedWeights", "20"},
		{"CaptureHistory", "21"}, // main's chapter
		{"IIR", "10.1"},          // a section beside chapter 10
		{"Tempo", "19.1"},
		{"SingularExtensions", "16.1"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.chapter, byOption[tt.option].Chapter, tt.option)
	}
}
