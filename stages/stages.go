// Package stages knows which stage of the book this build is. It is the only
// package that reads the stage build tags: a file per stage, stageN.go with
// //go:build stageN, sets Current, and main.go (no stage tag) sets it to Main.
//
// A stage is a chapter's engine: stage N has every technique of chapters 1..N
// switched on by default. The engine reads Current once, to choose its default
// techniques and its bench depth; every switch can still be turned at run time.
//
// The package is a leaf: it imports nothing of the module.
package stages

// Main is the stage number of a build with no stage tag: stage 20 plus what came
// after it and earned its place.
const Main = 21

// Last is the highest stage that has a build tag.
const Last = 20

// A Milestone groups the stages the way the book's table of contents does.
type Milestone string

// The book's milestones, in order.
const (
	M1 Milestone = "M1" // the rules: board, attacks, moves
	M2 Milestone = "M2" // a first search that plays
	M3 Milestone = "M3" // the classic speed-ups
	M4 Milestone = "M4" // selectivity and evaluation
	M5 Milestone = "M5" // after stage 20
)

// A Stage is one row of the book's plan: a chapter and the engine it leaves.
type Stage struct {
	Number     int       // 1..20, or Main
	Title      string    // the chapter's title
	Chapter    string    // the chapter's file, relative to the repository root
	Milestone  Milestone // the milestone the chapter belongs to
	BenchDepth int       // depth of each bench search (a perft depth before stage 4)
}

// Tag returns the build tag that selects the stage, or "" for main.
func (s Stage) Tag() string {
	if s.Number == Main {
		return ""
	}
	return "stage" + itoa(s.Number)
}

// Name returns "stage N", or "main" for the build with no stage tag.
func (s Stage) Name() string {
	if s.Number == Main {
		return "main"
	}
	return "stage " + itoa(s.Number)
}

// All returns the plan: stages 1 to 20 and then main, in order. Each call
// returns a fresh slice, so callers may modify it.
func All() []Stage {
	return []Stage{
		{1, "Board", "chapters/01-board.md", M1, 3},
		{2, "Attacks", "chapters/02-attacks.md", M1, 4},
		{3, "Moves and perft", "chapters/03-moves-and-perft.md", M1, 4},
		{4, "Evaluation", "chapters/04-evaluation.md", M2, 1},
		{5, "Negamax", "chapters/05-negamax.md", M2, 3},
		{6, "Alpha-beta", "chapters/06-alpha-beta.md", M2, 4},
		{7, "MVV-LVA", "chapters/07-mvv-lva.md", M2, 5},
		{8, "Quiescence", "chapters/08-quiescence.md", M2, 5},
		{9, "Iterative deepening", "chapters/09-iterative-deepening.md", M2, 5},
		{10, "Transposition table", "chapters/10-transposition-table.md", M3, 5},
		{11, "History", "chapters/11-history.md", M3, 5},
		{12, "PVS", "chapters/12-pvs.md", M3, 6},
		{13, "Null move", "chapters/13-null-move.md", M3, 7},
		{14, "LMR", "chapters/14-lmr.md", M3, 9},
		{15, "SEE", "chapters/15-see.md", M4, 10},
		{16, "Extensions and futility", "chapters/16-extensions-and-futility.md", M4, 11},
		{17, "Aspiration windows", "chapters/17-aspiration-windows.md", M4, 11},
		{18, "Late move pruning and continuation history", "chapters/18-late-move-pruning.md", M4, 11},
		{19, "Evaluation II", "chapters/19-evaluation-ii.md", M4, 11},
		{20, "Tuning", "chapters/20-tuning.md", M4, 11},
		{Main, "Capture history", "chapters/21-capture-history.md", M5, 11},
	}
}

// Get returns the stage numbered n (1..20 or Main) and whether it exists.
func Get(n int) (Stage, bool) {
	for _, s := range All() {
		if s.Number == n {
			return s, true
		}
	}
	return Stage{}, false
}

// Selected returns the stage this binary was built as.
func Selected() Stage {
	s, _ := Get(Current)
	return s
}

// itoa formats a small non-negative number without importing strconv, so the
// package stays a leaf with no dependencies at all.
func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
