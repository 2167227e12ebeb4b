// Package stages knows which stage of the book this build is. It is the only
// package that reads the stage build tags: a file per stage, stageN.go with
// //go:build stageN, sets Current, and main.go (no stage tag) sets it to Main.
// Each also sets Bench, the node count the stage's bench prints: the grade
// of a handout (the stage's view, a student's copy of it) compares the
// bench it runs with Bench, so a technique written wrong fails its tests.
//
// A stage is a chapter's engine: stage N has every technique of chapters 1..N
// switched on by default. The engine reads Current once, to choose its default
// techniques and its bench depth; every switch can still be turned at run time.
//
// The package also owns how a stage is written: Parse reads "7" or "main"
// (the form of the command lines, the chapters' front matter and figures, and
// make's STAGE=), String prints it back, and Tag, BuildArgs and FileName give
// the build tag, the go command's arguments and the file-name form. No other
// Go package spells a stage.
//
// The package is a leaf: it imports nothing of the module, so every package,
// the engine's included, can import it. Of the standard library it imports
// only fmt and strconv, to print and read stage numbers and errors; every
// program of the module links both anyway.
package stages

import (
	"fmt"
	"strconv"
)

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
	Number     int       // 1..20, or Main; also its chapter's number (chapters/07-…, 21 for main)
	Title      string    // the chapter's title
	Chapter    string    // the chapter's file, relative to the repository root
	Milestone  Milestone // the milestone the chapter belongs to
	BenchDepth int       // depth of each bench search (a perft depth at stage 3; 0 before: no search, no depth)
}

// mainName is how main is written wherever a stage number could stand.
const mainName = "main"

// Parse reads a stage as written on a command line, in front matter or in a
// figure: a number from 1 to Last ("7", no sign or leading zero), or "main".
// It is the inverse of String, and so accepts exactly what String writes.
func Parse(s string) (Stage, error) {
	for _, st := range All() {
		if st.String() == s {
			return st, nil
		}
	}
	return Stage{}, fmt.Errorf("stages: %q: not a stage (want 1..%d or main)", s, Last)
}

// String returns the stage as Parse reads it: "7", or "main".
func (s Stage) String() string {
	if s.Number == Main {
		return mainName
	}
	return strconv.Itoa(s.Number)
}

// Name returns the stage as prose names it: "stage 7", or "main".
func (s Stage) Name() string {
	if s.Number == Main {
		return mainName
	}
	return "stage " + s.String()
}

// Tag returns the build tag that selects the stage ("stage7"), or "" for
// main, which no stage tag selects.
func (s Stage) Tag() string {
	if s.Number == Main {
		return ""
	}
	return "stage" + s.String()
}

// BuildArgs returns the go command's arguments that build the stage:
// "-tags", "stage7"; none for main.
func (s Stage) BuildArgs() []string {
	if s.Number == Main {
		return nil
	}
	return []string{"-tags", s.Tag()}
}

// FileName returns the stage as file names write it: "stage7", or "main".
// It is the name of the file in this package that sets Current for the
// stage (stage7.go, main.go), and the one binaries and result folders use.
func (s Stage) FileName() string {
	if s.Number == Main {
		return mainName
	}
	return s.Tag()
}

// All returns the plan: stages 1 to 20 and then main, in order. Each call
// returns a fresh slice, so callers may modify it.
func All() []Stage {
	return []Stage{
		{1, "Board", "chapters/01-board.md", M1, 0},
		{2, "Attacks", "chapters/02-attacks.md", M1, 0},
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
