package search

import (
	"fmt"
	"slices"
	"strings"

	"cb2026/engine/board"
	"cb2026/engine/eval"
	"cb2026/stages"
)

// Techniques holds one field per technique the book adds to the search: a
// switch, or a choice among named values. A stage is a set of
// switches: DefaultTechniques(n) turns on those of chapters 1..n, and every
// technique can still be set at run time (UCI setoption, the console's set
// command). The search reads them as plain fields, as in
// "if s.t.AlphaBeta && score >= beta".
type Techniques struct {
	// Stage 4: evaluation.
	Evaluation bool
	// Stage 5: negamax.
	Negamax bool
	// Stage 6: alpha-beta.
	AlphaBeta bool
	// Stage 7: MVV-LVA.
	MVVLVA bool
	// Stage 8: quiescence.
	Quiescence bool
	// Stage 9: iterative deepening, time management and draws.
	IterativeDeepening bool
	Draws              bool
	// Stage 10: transposition table.
	TT bool
	// Stage 11: killers and history.
	Killers bool
	History bool
	// Stage 12: principal variation search.
	PVS bool
	// Stage 13: null move.
	NullMove bool
	// Stage 14: late move reductions.
	LMR bool
	// Stage 15: static exchange evaluation.
	SEEOrdering bool
	QSEEPruning bool
	// Stage 16: extensions and futility.
	CheckExtension  bool
	ReverseFutility bool
	Futility        bool
	// Stage 17: aspiration windows.
	Aspiration bool
	// Stage 18: continuation history and late move pruning.
	ContinuationHistory bool
	LateMovePruning     bool
	// Stage 19: evaluation II (the terms of eval.Terms).
	PawnStructure bool
	Mobility      bool
	KingSafety    bool
	Pieces        bool
	// Stage 20: tuning (the weights found by tools/tune).
	TunedWeights bool

	// Chapter 21, off: capture history in one of the chapter's designs;
	// version 2 −10.8 ± 14.1 Elo in 1,476 games, SPRT [0, 10] H0 accepted
	// (tools/match/results/capthist-main-fcb4730).
	CaptureHistory CaptureHistoryDesign
	// Section 16.1, on: singular extensions, double extensions and multi-cut;
	// +17.8 ± 12.8 Elo at 10,000 nodes (tools/match/results/se-main-94fbf11).
	SingularExtensions bool
	// Section 19.2, on: an evaluation cache; 1.10 times the nodes per second
	// (tools/speed/results/evalcache-main-8e741ea.txt).
	EvalCache bool
	// Section 19.3, on: a pawn hash; 1.009 times the nodes per second,
	// undecided (tools/speed/results/pawnhash-main-cpu-524f60e.txt).
	PawnHash bool
	// Section 16.2, off: correction history; +2.4 ± 9.9 Elo in 3,000 games, no
	// gain shown (tools/match/results/corrhist-main-94fbf11-se).
	CorrectionHistory bool
	// Section 18.1, on: the improving flag; +30.4 ± 18.2 Elo in 802 games, SPRT
	// [0, 10] accepted (tools/match/results/improving-main-94fbf11-se).
	Improving bool
	// Section 10.1, on: internal iterative reductions; −8.3 ± 13.1 Elo when off
	// (tools/match/results/noiir-main-94fbf11-se).
	IIR bool
	// Section 19.1, on: a tempo bonus for the side to move; −36.5 ± 22.8 Elo
	// when off (tools/match/results/notempo-main-94fbf11-se).
	Tempo bool
}

// A Technique describes one field of Techniques: an on/off switch, or a
// choice among named values.
type Technique struct {
	Option string // the UCI option name, which is the Techniques field's name
	Short  string // the console name, e.g. "ab"
	Stage  int    // the stage that brings it: its chapter's number, or stages.Main
	// the chapter or section of the book that teaches it, as "7" or "10.1":
	// a stage's technique is its stage's chapter's
	Chapter string
	Doc     string   // one line for the console's listing
	Values  []string // a choice's values, its default (off) first; nil for a switch
	Off     bool     // a switch of main left off by default until a match shows it gains

	field func(t *Techniques) any // the field: a *bool, or a pointer to a choice's field
}

// techniques is the table of every technique, in stage order, one row per
// field of Techniques. It is never modified.
var techniques = []Technique{
	{Option: "Evaluation", Short: "eval", Stage: 4, Chapter: "4", Doc: "material and piece-square tables tapered by phase; go plays the best move one ply deep",
		field: func(t *Techniques) any { return &t.Evaluation }},
	{Option: "Negamax", Short: "negamax", Stage: 5, Chapter: "5", Doc: "fixed-depth negamax, mate and stalemate scores, mate distance",
		field: func(t *Techniques) any { return &t.Negamax }},
	{Option: "AlphaBeta", Short: "ab", Stage: 6, Chapter: "6", Doc: "alpha-beta cutoffs",
		field: func(t *Techniques) any { return &t.AlphaBeta }},
	{Option: "MVVLVA", Short: "mvvlva", Stage: 7, Chapter: "7", Doc: "captures first, most valuable victim, least valuable attacker",
		field: func(t *Techniques) any { return &t.MVVLVA }},
	{Option: "Quiescence", Short: "qs", Stage: 8, Chapter: "8", Doc: "quiescence search: captures and queen promotions at the horizon, stand pat",
		field: func(t *Techniques) any { return &t.Quiescence }},
	{Option: "IterativeDeepening", Short: "id", Stage: 9, Chapter: "9", Doc: "iterative deepening, previous PV first, time management",
		field: func(t *Techniques) any { return &t.IterativeDeepening }},
	{Option: "Draws", Short: "draws", Stage: 9, Chapter: "9", Doc: "draws by repetition and the fifty-move rule inside the search",
		field: func(t *Techniques) any { return &t.Draws }},
	{Option: "TT", Short: "tt", Stage: 10, Chapter: "10", Doc: "transposition table: cutoffs and hash move first",
		field: func(t *Techniques) any { return &t.TT }},
	{Option: "Killers", Short: "killers", Stage: 11, Chapter: "11", Doc: "killer moves: two per ply, tried after the good captures",
		field: func(t *Techniques) any { return &t.Killers }},
	{Option: "History", Short: "history", Stage: 11, Chapter: "11", Doc: "history heuristic: quiet moves ordered by their cutoffs, with gravity",
		field: func(t *Techniques) any { return &t.History }},
	{Option: "PVS", Short: "pvs", Stage: 12, Chapter: "12", Doc: "principal variation search: null windows and re-search",
		field: func(t *Techniques) any { return &t.PVS }},
	{Option: "NullMove", Short: "nmp", Stage: 13, Chapter: "13", Doc: "null-move pruning with a zugzwang guard",
		field: func(t *Techniques) any { return &t.NullMove }},
	{Option: "LMR", Short: "lmr", Stage: 14, Chapter: "14", Doc: "late move reductions: late quiet moves searched shallower first",
		field: func(t *Techniques) any { return &t.LMR }},
	{Option: "SEEOrdering", Short: "see", Stage: 15, Chapter: "15", Doc: "static exchange evaluation: losing captures after the quiet moves",
		field: func(t *Techniques) any { return &t.SEEOrdering }},
	{Option: "QSEEPruning", Short: "qsee", Stage: 15, Chapter: "15", Doc: "quiescence skips captures that lose material by SEE",
		field: func(t *Techniques) any { return &t.QSEEPruning }},
	{Option: "CheckExtension", Short: "checkext", Stage: 16, Chapter: "16", Doc: "search one ply deeper when in check",
		field: func(t *Techniques) any { return &t.CheckExtension }},
	{Option: "ReverseFutility", Short: "rfp", Stage: 16, Chapter: "16", Doc: "reverse futility pruning: static eval far above beta",
		field: func(t *Techniques) any { return &t.ReverseFutility }},
	{Option: "Futility", Short: "fp", Stage: 16, Chapter: "16", Doc: "futility pruning: skip quiet moves when far below alpha",
		field: func(t *Techniques) any { return &t.Futility }},
	{Option: "Aspiration", Short: "asp", Stage: 17, Chapter: "17", Doc: "aspiration windows: a narrow window around the previous score",
		field: func(t *Techniques) any { return &t.Aspiration }},
	{Option: "ContinuationHistory", Short: "conthist", Stage: 18, Chapter: "18", Doc: "continuation history of quiet moves, one and two plies back",
		field: func(t *Techniques) any { return &t.ContinuationHistory }},
	{Option: "LateMovePruning", Short: "lmp", Stage: 18, Chapter: "18", Doc: "late move pruning: skip late quiet moves at low depth",
		field: func(t *Techniques) any { return &t.LateMovePruning }},
	{Option: "PawnStructure", Short: "pawns", Stage: 19, Chapter: "19", Doc: "evaluation: passed, isolated and doubled pawns",
		field: func(t *Techniques) any { return &t.PawnStructure }},
	{Option: "Mobility", Short: "mob", Stage: 19, Chapter: "19", Doc: "evaluation: safe squares per piece type",
		field: func(t *Techniques) any { return &t.Mobility }},
	{Option: "KingSafety", Short: "king", Stage: 19, Chapter: "19", Doc: "evaluation: attackers on the king zone, pawn shield",
		field: func(t *Techniques) any { return &t.KingSafety }},
	{Option: "Pieces", Short: "pieces", Stage: 19, Chapter: "19", Doc: "evaluation: bishop pair, rooks on open and semi-open files, outposts, threats on pieces",
		field: func(t *Techniques) any { return &t.Pieces }},
	{Option: "TunedWeights", Short: "tuned", Stage: 20, Chapter: "20", Doc: "evaluation: the weights tuned by Texel's method instead of the hand-set ones",
		field: func(t *Techniques) any { return &t.TunedWeights }},
	{Option: "CaptureHistory", Short: "capthist", Stage: stages.Main, Chapter: "21", Values: captureHistoryDesignNames(),
		Doc:   "capture history orders captures: off, or one of the capture history chapter's designs",
		field: func(t *Techniques) any { return &t.CaptureHistory }},
	{Option: "SingularExtensions", Short: "singular", Stage: stages.Main, Chapter: "16.1",
		Doc:   "singular extensions: the hash move one ply deeper (two when far ahead) when no other move comes close; multi-cut",
		field: func(t *Techniques) any { return &t.SingularExtensions }},
	{Option: "EvalCache", Short: "evalcache", Stage: stages.Main, Chapter: "19.2",
		Doc:   "an evaluation cache: static evaluations of recent positions kept by key",
		field: func(t *Techniques) any { return &t.EvalCache }},
	{Option: "PawnHash", Short: "pawnhash", Stage: stages.Main, Chapter: "19.3",
		Doc:   "a pawn hash: the shapes of the pawn structures (isolated, doubled, passed pawns) kept by the pawns",
		field: func(t *Techniques) any { return &t.PawnHash }},
	{Option: "CorrectionHistory", Short: "corrhist", Stage: stages.Main, Chapter: "16.2", Off: true,
		Doc:   "correction history: the static eval that pruning reads corrected by the searches' errors per pawn structure",
		field: func(t *Techniques) any { return &t.CorrectionHistory }},
	{Option: "Improving", Short: "improving", Stage: stages.Main, Chapter: "18.1",
		Doc:   "improving flag: reverse futility prunes a ply sooner and late move pruning keeps twice the moves when the eval rises",
		field: func(t *Techniques) any { return &t.Improving }},
	{Option: "IIR", Short: "iir", Stage: stages.Main, Chapter: "10.1",
		Doc:   "internal iterative reductions: a node without a hash move, from depth 4, searched a ply shallower",
		field: func(t *Techniques) any { return &t.IIR }},
	{Option: "Tempo", Short: "tempo", Stage: stages.Main, Chapter: "19.1",
		Doc:   "tempo: 20 centipawns added to the static evaluation for the side to move",
		field: func(t *Techniques) any { return &t.Tempo }},
}

// AllTechniques returns a description of every technique, in stage order. The
// slice is fresh; callers may modify it.
func AllTechniques() []Technique {
	all := slices.Clone(techniques)
	for i := range all {
		all[i].Values = slices.Clone(all[i].Values)
	}
	return all
}

// DefaultTechniques returns the techniques of a stage's engine: every switch
// of chapters 1..stage on, except those of main marked Off, and every choice
// at its first value, which is off. The engine calls it with
// stages.Current.
func DefaultTechniques(stage int) Techniques {
	var t Techniques
	for _, tech := range techniques {
		if on, ok := tech.field(&t).(*bool); ok && tech.Stage <= stage && !tech.Off {
			*on = true
		}
	}
	return t
}

// lookup finds a technique by its short or its option name (case-sensitive
// for the short name, as typed at the console; any case for the option, as
// UCI option names are case-insensitive).
func lookup(name string) (Technique, error) {
	for _, tech := range techniques {
		if name == tech.Short || strings.EqualFold(name, tech.Option) {
			return tech, nil
		}
	}
	return Technique{}, fmt.Errorf("techniques: unknown technique %q", name)
}

// Set sets the technique named by its short or option name: a switch to "on"
// or "off", a choice to one of its values (in any case).
func (t *Techniques) Set(shortOrOption, value string) error {
	tech, err := lookup(shortOrOption)
	if err != nil {
		return err
	}
	switch f := tech.field(t).(type) {
	case *bool:
		if value != "on" && value != "off" {
			return fmt.Errorf("techniques: %s: value %q: want on or off", tech.Option, value)
		}
		*f = value == "on"
	case *CaptureHistoryDesign:
		d, err := parseCaptureHistoryDesign(value)
		if err != nil {
			return fmt.Errorf("techniques: %s: %w", tech.Option, err)
		}
		*f = d
	}
	return nil
}

// Get returns the value of the technique named by its short or option name:
// "on" or "off" for a switch, the name of its value for a choice.
func (t Techniques) Get(shortOrOption string) (string, error) {
	tech, err := lookup(shortOrOption)
	if err != nil {
		return "", err
	}
	switch f := tech.field(&t).(type) {
	case *bool:
		if *f {
			return "on", nil
		}
		return "off", nil
	case *CaptureHistoryDesign:
		return f.String(), nil
	}
	return "", fmt.Errorf("techniques: %s: a field of unknown type", tech.Option)
}

// Explain returns the terms of the static evaluation of p as the search
// takes it with t, for the console's eval command.
//
//book:stage 4
func (t Techniques) Explain(p *board.Position) eval.Breakdown {
	if t.withTerms() {
		return eval.ExplainTerms(p, t.evalTerms())
	}
	return eval.Explain(p)
}

// Without returns a copy of t with every technique of the given stage off: its
// switches off, its choices at their first value.
func (t Techniques) Without(stage int) Techniques {
	for _, tech := range techniques {
		if tech.Stage == stage {
			tech.clear(&t)
		}
	}
	return t
}

// clear turns the technique's field in t off: false, or a choice's zero value.
func (tech Technique) clear(t *Techniques) {
	switch f := tech.field(t).(type) {
	case *bool:
		*f = false
	case *CaptureHistoryDesign:
		*f = CaptureHistoryOff
	}
}
