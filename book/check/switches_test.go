package check

import (
	"os"
	"path/filepath"
	"testing"

	"cb2026/book"
	"cb2026/stages"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A chapter shows a read of every switch it teaches in a block of the
// engine's code; a variant or a mention in prose does not count.
func TestCheckSwitchesShown(t *testing.T) {
	st7, _ := stages.Get(7)
	main, _ := stages.Get(stages.Main)
	switches := []Switch{{Option: "MVVLVA", Short: "mvvlva", Chapter: "7"}, {Option: "IIR", Short: "iir", Chapter: "10.1"}}
	reads := &book.Block{Kind: book.ReferenceBlock, Body: "if s.t.MVVLVA {\n\treturn mvvLva(m)\n}\n"}
	variant := &book.Block{Kind: book.VariantBlock, Body: "if s.t.MVVLVA {\n}\n"}
	named := &book.Block{Kind: book.ReferenceBlock, Body: "// MVVLVAish is not the switch\nvar MVVLVAish = 1\n"}
	tests := []struct {
		name string
		ch   *book.Chapter
		want []string
	}{
		{"shown", &book.Chapter{Path: "chapters/07-mvv-lva.md", Stage: st7, Blocks: []*book.Block{named, reads}}, nil},
		{"only in a variant", &book.Chapter{Path: "chapters/07-mvv-lva.md", Stage: st7, Blocks: []*book.Block{variant, named}},
			[]string{`chapters/07-mvv-lva.md:1: the chapter teaches the switch MVVLVA (mvvlva at the console) but no block of the engine's code shows it read — quote the function that reads it (grep -n '\.MVVLVA\b' engine)`}},
		{"a section", &book.Chapter{Path: "chapters/10.1-internal-iterative-reductions.md", Stage: main, Section: "10.1"},
			[]string{`chapters/10.1-internal-iterative-reductions.md:1: the chapter teaches the switch IIR (iir at the console) but no block of the engine's code shows it read — quote the function that reads it (grep -n '\.IIR\b' engine)`}},
		{"answers teach nothing", &book.Chapter{Path: "answers/07-mvv-lva.md", Stage: st7, Answers: true}, nil},
	}
	for _, tc := range tests {
		c := &checker{opt: Options{Switches: switches}, res: &Result{}}
		c.checkSwitchesShown(tc.ch)
		var got []string
		for _, p := range c.res.Problems {
			got = append(got, p.String())
		}
		assert.Equal(t, tc.want, got, tc.name)
	}
}

// A switch whose row names a chapter or section the book lacks is a problem
// at its row.
func TestCheckSwitchChapters(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, filepath.FromSlash(techniquesFile))
	require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
	require.NoError(t, os.WriteFile(file, []byte("package search\n\nvar techniques = []Technique{\n\t{Option: \"MVVLVA\", Stage: 7},\n\t{Option: \"EvalCache\", Stage: stages.Main, Section: \"19.2\"},\n}\n"), 0o644))
	st7, _ := stages.Get(7)
	c := &checker{opt: Options{Root: root, Switches: []Switch{{Option: "MVVLVA", Chapter: "7"}, {Option: "EvalCache", Chapter: "19.2"}}},
		res: &Result{Chapters: []*book.Chapter{{Path: "chapters/07-mvv-lva.md", Stage: st7}}}}
	c.checkSwitchChapters()
	require.Len(t, c.res.Problems, 1)
	assert.Equal(t, "engine/search/techniques.go:5: switch EvalCache: its row names section 19.2, and the book has no such section — write it, or set the row's Stage or Section to the chapter that teaches it",
		c.res.Problems[0].String())
}

// A run whose input sets a switch or option the build does not have is
// refused: the engine answers and carries on, so its output would measure
// the build without the change the figure asks for.
func TestRefusedSwitch(t *testing.T) {
	tests := []struct{ out, want string }{
		{"info string set: no technique \"cutoffcnt\" (see techniques)\n2468789 nodes 800000 nps\n", `set: no technique "cutoffcnt" (see techniques)`},
		{"info string setoption CutoffCount: no such option\nbestmove e2e4\n", "setoption CutoffCount: no such option"},
		{"info string set capthist: value \"v9\": want one of off, v2, v3, same-victim, no-penalty\n", `set capthist: value "v9": want one of off, v2, v3, same-victim, no-penalty`},
		{"info string setoption LMR: value \"maybe\": want true or false\n", `setoption LMR: value "maybe": want true or false`},
		{"info depth 1 score cp 20 pv g1f3\n2468789 nodes 800000 nps\n", ""},
		{"info string position: bad fen\n", ""},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, refusedSwitch(tc.out), tc.out)
	}
}
