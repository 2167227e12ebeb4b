package search

import (
	"fmt"
	"strings"

	"cb2026/engine/eval"
	"cb2026/stages"
)

// Techniques holds one switch per technique the book adds to the search. A
// stage is a set of switches: DefaultTechniques(n) turns on those of chapters
// 1..n, and every switch can still be turned at run time (UCI setoption, the
// console's set command). The search reads them as plain fields, as in
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

	// After stage 20 (main, off by default): capture history, and the
	// variants the capture history chapter measures, each read only while
	// CaptureHistory is on.
	CaptureHistory          bool
	CaptureHistoryQ         bool
	CaptureHistorySEE       bool // the fourth design: SEE bands, history within a band
	CaptureHistoryVictim    bool // history reorders captures of the same victim only
	CaptureHistoryNoPenalty bool // no penalty to captures tried before a quiet cutoff
}

// A Technique describes one switch of Techniques.
type Technique struct {
	Option string // the UCI option name, e.g. "AlphaBeta"
	Short  string // the console name, e.g. "ab"
	Stage  int    // the stage whose chapter introduces it (stages.Main: after stage 20)
	Doc    string // one line for the console's listing
	// OffByDefault marks a technique that stays off even in the stages after
	// its own, because no match has shown it to be worth its cost yet.
	OffByDefault bool

	field func(t *Techniques) *bool
}

// techniques is the table of every switch, in stage order. It is never modified.
var techniques = []Technique{
	{"Evaluation", "eval", 4, "material and piece-square tables tapered by phase; go plays the best move one ply deep", false,
		func(t *Techniques) *bool { return &t.Evaluation }},
	{"Negamax", "negamax", 5, "fixed-depth negamax, mate and stalemate scores, mate distance", false,
		func(t *Techniques) *bool { return &t.Negamax }},
	{"AlphaBeta", "ab", 6, "alpha-beta cutoffs", false,
		func(t *Techniques) *bool { return &t.AlphaBeta }},
	{"MVVLVA", "mvvlva", 7, "captures first, most valuable victim, least valuable attacker", false,
		func(t *Techniques) *bool { return &t.MVVLVA }},
	{"Quiescence", "qs", 8, "quiescence search of captures and queen promotions, stand pat", false,
		func(t *Techniques) *bool { return &t.Quiescence }},
	{"IterativeDeepening", "id", 9, "iterative deepening, previous PV first, time management", false,
		func(t *Techniques) *bool { return &t.IterativeDeepening }},
	{"Draws", "draws", 9, "draws by repetition and the fifty-move rule inside the search", false,
		func(t *Techniques) *bool { return &t.Draws }},
	{"TranspositionTable", "tt", 10, "transposition table: cutoffs and hash move first", false,
		func(t *Techniques) *bool { return &t.TT }},
	{"Killers", "killers", 11, "two killer moves per ply, tried after the good captures", false,
		func(t *Techniques) *bool { return &t.Killers }},
	{"History", "history", 11, "history heuristic with gravity for quiet moves", false,
		func(t *Techniques) *bool { return &t.History }},
	{"PVS", "pvs", 12, "principal variation search: null windows and re-search", false,
		func(t *Techniques) *bool { return &t.PVS }},
	{"NullMove", "nmp", 13, "null-move pruning with a zugzwang guard", false,
		func(t *Techniques) *bool { return &t.NullMove }},
	{"LMR", "lmr", 14, "late move reductions", false,
		func(t *Techniques) *bool { return &t.LMR }},
	{"SEEOrdering", "see", 15, "static exchange evaluation: losing captures after the quiet moves", false,
		func(t *Techniques) *bool { return &t.SEEOrdering }},
	{"QSEEPruning", "qsee", 15, "quiescence skips captures that lose material by SEE", false,
		func(t *Techniques) *bool { return &t.QSEEPruning }},
	{"CheckExtension", "checkext", 16, "search one ply deeper when in check", false,
		func(t *Techniques) *bool { return &t.CheckExtension }},
	{"ReverseFutility", "rfp", 16, "reverse futility pruning: static eval far above beta", false,
		func(t *Techniques) *bool { return &t.ReverseFutility }},
	{"Futility", "fp", 16, "futility pruning: skip quiet moves when far below alpha", false,
		func(t *Techniques) *bool { return &t.Futility }},
	{"AspirationWindows", "asp", 17, "aspiration windows around the previous score", false,
		func(t *Techniques) *bool { return &t.Aspiration }},
	{"ContinuationHistory", "conthist", 18, "continuation history of quiet moves, one and two plies back", false,
		func(t *Techniques) *bool { return &t.ContinuationHistory }},
	{"LateMovePruning", "lmp", 18, "late move pruning: skip late quiet moves at low depth", false,
		func(t *Techniques) *bool { return &t.LateMovePruning }},
	{"PawnStructure", "pawns", 19, "evaluation: passed, isolated and doubled pawns", false,
		func(t *Techniques) *bool { return &t.PawnStructure }},
	{"Mobility", "mob", 19, "evaluation: safe squares per piece type", false,
		func(t *Techniques) *bool { return &t.Mobility }},
	{"KingSafety", "king", 19, "evaluation: attackers on the king zone, pawn shield", false,
		func(t *Techniques) *bool { return &t.KingSafety }},
	{"Pieces", "pieces", 19, "evaluation: bishop pair, rooks on open and semi-open files", false,
		func(t *Techniques) *bool { return &t.Pieces }},
	{"TunedWeights", "tuned", 20, "evaluation: the weights tuned by Texel's method instead of the hand-set ones", false,
		func(t *Techniques) *bool { return &t.TunedWeights }},
	{"CaptureHistory", "capthist", stages.Main, "capture history orders captures in the main search", true,
		func(t *Techniques) *bool { return &t.CaptureHistory }},
	{"CaptureHistoryQ", "capthistq", stages.Main, "with capthist: capture history orders quiescence captures too", true,
		func(t *Techniques) *bool { return &t.CaptureHistoryQ }},
	{"CaptureHistorySEE", "capthistsee", stages.Main, "with capthist: captures ordered by exact SEE, history within a pawn of it, MVV-LVA last; no history at the root", true,
		func(t *Techniques) *bool { return &t.CaptureHistorySEE }},
	{"CaptureHistoryVictim", "capthistvictim", stages.Main, "with capthist: history reorders only captures of the same victim", true,
		func(t *Techniques) *bool { return &t.CaptureHistoryVictim }},
	{"CaptureHistoryNoPenalty", "capthistnopen", stages.Main, "with capthist: no penalty to the captures tried before a quiet move's cutoff", true,
		func(t *Techniques) *bool { return &t.CaptureHistoryNoPenalty }},
}

// AllTechniques returns a description of every switch, in stage order. The
// slice is fresh; callers may modify it.
func AllTechniques() []Technique {
	return append([]Technique(nil), techniques...)
}

// DefaultTechniques returns the switches of a stage's engine: every technique
// of chapters 1..stage on, except those marked OffByDefault. The engine calls
// it with stages.Current.
func DefaultTechniques(stage int) Techniques {
	var t Techniques
	for _, tech := range techniques {
		if tech.Stage <= stage && !tech.OffByDefault {
			*tech.field(&t) = true
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

// Set turns the technique named by its short or option name on or off.
func (t *Techniques) Set(shortOrOption string, on bool) error {
	tech, err := lookup(shortOrOption)
	if err != nil {
		return err
	}
	*tech.field(t) = on
	return nil
}

// Get reports whether the technique named by its short or option name is on.
func (t Techniques) Get(shortOrOption string) (bool, error) {
	tech, err := lookup(shortOrOption)
	if err != nil {
		return false, err
	}
	return *tech.field(&t), nil
}

// EvalTerms returns the evaluation terms of stage 19 that t switches on, for
// eval.EvaluateTerms; with them all off the evaluation is stage 4's.
func (t Techniques) EvalTerms() eval.Terms {
	return eval.Terms{
		PawnStructure: t.PawnStructure,
		Mobility:      t.Mobility,
		KingSafety:    t.KingSafety,
		Pieces:        t.Pieces,
		Tuned:         t.TunedWeights,
	}
}

// Without returns a copy of t with every technique of the given stage off.
func (t Techniques) Without(stage int) Techniques {
	for _, tech := range techniques {
		if tech.Stage == stage {
			*tech.field(&t) = false
		}
	}
	return t
}
