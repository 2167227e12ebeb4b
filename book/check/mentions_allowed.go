package check

// AllowedMentions are this book's allow-list, for Options.Allowed: the
// functions a chapter's prose may name in a code
// span without a code block of it or an earlier chapter showing them, each
// with its reason: a helper the reader meets as a name only, a function a
// later chapter shows, a function an exercise or a starter names. An entry
// no mention needs is a problem: the list only shrinks as chapters show
// more.
var AllowedMentions = []AllowedMention{
	{"01-board.md", "Bitboard.Count", "an exercise rewrites it; the exercise states its whole body (bits.OnesCount64)"},

	{"02-attacks.md", "QueenAttacks", "the prose states its whole body: the rook's and the bishop's lookups or'ed"},
	{"02-attacks.md", "Between", "a lookup of the tables initLines builds, shown; the prose gives its values by example"},
	{"02-attacks.md", "Line", "a lookup of the tables initLines builds, shown; the prose gives its values by example"},
	{"02-attacks.md", "KnightAttacks", "a lookup of the knightAttacks table, whose building is shown"},
	{"02-attacks.md", "findMagics", "named by a pitfall; it loops findMagic, shown, over the squares"},
	{"02-attacks.md", "PawnAttacks", "named by an exercise as a lookup to call; its table is built as the leapers' are, shown"},
	{"02-attacks.md", "BishopAttacks", "named by an exercise that replaces it; RookAttacks, shown, is its twin"},

	{"03-moves-and-perft.md", "Position.IsLegal", "named as a promise of chapter 10's; chapter 11 shows it"},
	{"03-moves-and-perft.md", "Move.String", "a printer; the prose states what it prints for castling"},
	{"03-moves-and-perft.md", "Position.removePiece", "a sibling of putPiece (chapter 1, shown), named only for the key's update"},
	{"03-moves-and-perft.md", "Position.movePiece", "a sibling of putPiece (chapter 1, shown), named only for the key's update"},
	{"03-moves-and-perft.md", "Position.CountMoves", "the generator shown, counting instead of writing a list; the prose says so"},
	{"03-moves-and-perft.md", "Position.Clone", "named by an exercise as the copy to make"},

	{"04-evaluation.md", "trace", "named for the explain table's source; chapter 20 shows it, where the tuner reads it"},
	{"04-evaluation.md", "matedIn", "named by an exercise; chapter 5 shows it"},

	{"05-negamax.md", "Searcher.enterNode", "the node count and stop test, stated in the prose; chapter 9 shows it"},
	{"05-negamax.md", "Searcher.searchMove", "make, searchChild (shown), unmake: the prose states its three steps; chapter 14 shows it"},
	{"05-negamax.md", "toTT", "named as a resident of the file; chapter 10 shows it"},
	{"05-negamax.md", "fromTT", "named as a resident of the file; chapter 10 shows it"},

	{"08-quiescence.md", "Searcher.enterNode", "the node count and stop test, as in chapter 5; chapter 9 shows it"},

	{"09-iterative-deepening.md", "Searcher.searchRoot", "one line at this stage, as the prose says; chapter 17 shows it"},
	{"09-iterative-deepening.md", "Position.Ending", "the rules' verdict on a position, named as the match runner's too; its moves are chapter 3's"},

	{"10-transposition-table.md", "Searcher.SetHashSize", "the Hash option's plumbing: it replaces the table with newTable's, shown"},
	{"10-transposition-table.md", "Searcher.useTable", "named as the caller of table.newSearch, shown"},
	{"10-transposition-table.md", "Searcher.NewGame", "named for clearing the table (ucinewgame)"},
	{"10-transposition-table.md", "Position.IsLegal", "what the picker asks of a hash move; chapter 11 shows it"},

	{"11-history.md", "Searcher.begin", "named as where a search resets its frames"},
	{"11-history.md", "Searcher.NewGame", "named for clearing the history (ucinewgame)"},

	{"13-null-move.md", "Searcher.unmakeNullMove", "named by the starter exercise as given; it undoes makeNullMove, shown"},

	{"16.1-singular-extensions.md", "Searcher.record", "named as where a ply's frame inherits the count"},

	{"16.2-correction-history.md", "Searcher.needsEval", "one line that adds the switch to those reading the static eval; the header names its file"},
	{"16.2-correction-history.md", "Searcher.NewGame", "named for clearing the table (ucinewgame)"},
	{"16.2-correction-history.md", "isMate", "named by the starter exercise as given"},

	{"18-late-move-pruning.md", "Searcher.previous", "named by the starter exercise as given"},

	{"19.2-evaluation-cache.md", "Searcher.begin", "named as the caller of evalCache.prepare, shown"},

	{"20-tuning.md", "Breakdown.total", "the prose's total is chunkPass's local sum, shown, not this method"},
	{"20-tuning.md", "HandWeights", "returns the hand-set weights, whose values chapters 4 and 19 give term by term; the program shown calls it"},

	{"21-capture-history.md", "victimRank", "the prose states its formula: twice the captured type, plus 9 for a queen promotion"},

	{"B-teaching-a-course.md", "Bitboard.Count", "the schedule names chapter 1's exercise 4 as a lab; the exercise states its body"},
}
