package uci

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"cb2026/engine/board"
	"cb2026/engine/search"
	"cb2026/stages"
)

// identify answers "uci" with the parts of uciAnswer, in order.
func (s *Server) identify() {
	for _, part := range uciAnswer() {
		part.Write(s)
	}
}

// An answerPart is a row of the answer to "uci": the lines it writes, and
// the chapter that brings them.
type answerPart struct {
	Stage int // the chapter that brings it, if a later one than the first
	Write func(s *Server)
}

// uciAnswer is the answer to "uci": the engine's name, its options and
// "uciok".
func uciAnswer() []answerPart {
	return []answerPart{
		{Write: (*Server).writeID},
		{Stage: 3, Write: (*Server).writeOptions},
		{Write: func(s *Server) { s.out.printf("uciok") }},
	}
}

// writeID names the engine and its authors.
func (s *Server) writeID() {
	s.out.printf("id name %s", s.engine.Name())
	s.out.printf("id author the cb2026 authors")
}

// writeOptions lists the options: the engine's own, then a check or combo
// option for each technique.
func (s *Server) writeOptions() {
	for _, o := range options() {
		s.out.printf("option name %s type %s", o.Name, o.Type)
	}
	for _, sw := range s.engine.Switches() {
		if sw.Values == nil {
			s.out.printf("option name %s type check default %t", sw.Option, sw.Value == "on")
			continue
		}
		s.out.printf("option name %s type combo default %s var %s", sw.Option, sw.Value, strings.Join(sw.Values, " var "))
	}
}

// readyOK answers "isready".
func (s *Server) readyOK() {
	s.out.printf("readyok")
}

// newGame obeys "ucinewgame".
func (s *Server) newGame() {
	s.engine.NewGame()
}

// setPosition obeys "position startpos|fen <FEN> [moves <move>...]". The new
// position replaces the current one only if the whole line is valid.
func (s *Server) setPosition(args []string) error {
	p, err := parsePosition(args)
	if err != nil {
		return err
	}
	s.pos = p
	return nil
}

// A positionPart is a row of the parts of a "position" line, each begun by
// its word: first where the position comes from, then what is done to it.
type positionPart struct {
	Word  string
	Stage int  // the chapter that brings it, if a later one than the first
	First bool // it says where the position comes from, and begins the line
	// Apply returns the position after the part, given the part's words
	// after Word and the position before it (nil for a first part).
	Apply func(p *board.Position, args []string) (*board.Position, error)
}

// positionParts are the parts a "position" line may have.
func positionParts() []positionPart {
	return []positionPart{
		{Word: "startpos", First: true, Apply: startPosition},
		{Word: "fen", First: true, Apply: fenPosition},
		{Word: "moves", Stage: 3, Apply: playMoves},
	}
}

// parsePosition builds the position a "position" command describes: its
// first part runs to the word of the next, which runs to the end.
func parsePosition(args []string) (*board.Position, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("position: expected startpos or fen")
	}
	first, ok := findPositionPart(args[0], true)
	if !ok {
		return nil, fmt.Errorf("position: expected startpos or fen, got %q", args[0])
	}
	at := len(args) // where the next part begins, if one does
	var next positionPart
	for i := 1; i < len(args); i++ {
		if part, ok := findPositionPart(args[i], false); ok {
			at, next = i, part
			break
		}
	}
	p, err := first.Apply(nil, args[1:at])
	if err != nil || at == len(args) {
		return p, err
	}
	return next.Apply(p, args[at+1:])
}

// findPositionPart returns the part of a "position" line that word begins,
// among the first parts or the others.
func findPositionPart(word string, first bool) (positionPart, bool) {
	for _, part := range positionParts() {
		if part.Word == word && part.First == first {
			return part, true
		}
	}
	return positionPart{}, false
}

// startPosition is the initial position, which takes no words.
func startPosition(_ *board.Position, args []string) (*board.Position, error) {
	if len(args) > 0 {
		return nil, fmt.Errorf("position: unexpected %q after startpos", args[0])
	}
	return board.NewPosition(), nil
}

// fenPosition is the position that the FEN of args describes.
func fenPosition(_ *board.Position, args []string) (*board.Position, error) {
	p, err := board.ParseFEN(strings.Join(args, " "))
	if err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	return p, nil
}

// playMoves plays the moves of a "position" command on p.
func playMoves(p *board.Position, moves []string) (*board.Position, error) {
	for _, text := range moves {
		m, err := p.ParseMove(text)
		if err != nil {
			return nil, fmt.Errorf("position: %w", err) // the error names the move
		}
		p.MakeMove(m)
	}
	return p, nil
}

// goCommand obeys "go": perft runs as the console's perft, anything else
// starts a search on its own goroutine, which prints "bestmove" when it ends.
func (s *Server) goCommand(args []string) error {
	if len(args) > 0 && args[0] == "perft" {
		return s.perft(args[1:])
	}
	limits, problems := parseLimits(args, s.pos.SideToMove())
	for _, problem := range problems {
		s.infoString("go: %s", problem)
	}
	s.startSearch(limits)
	return nil
}

// parseLimits reads the limits of a "go" command for the side us to move.
// A GUI that gets no "bestmove" waits for ever, so no word may leave the
// search without an end, and every problem is reported:
//
//   - an unknown word, or a number that is missing, malformed or beyond
//     int64, is skipped; the other limits still hold;
//   - a limit of zero or less (depth, nodes, movetime, mate, the clock of
//     the side to move) means "move now": a one-ply search;
//   - a time too large for time.Duration saturates at maxMilliseconds;
//   - "mate N" searches 2N-1 plies, deep enough to see a mate in N;
//   - words that leave the search without an end (only the opponent's
//     clock, say, or "searchmoves e2e4") mean "move now" too.
//
// Only "go infinite", and "go" with no word at all, search until "stop".
func parseLimits(args []string, us board.Color) (search.Limits, []string) {
	var l search.Limits
	var problems []string
	limited := false // a word other than "infinite" was given
	for i := 0; i < len(args); i++ {
		word := args[i]
		if word == "infinite" {
			l.Infinite = true
			continue
		}
		limited = true
		if !isLimitWord(word) {
			problems = append(problems, fmt.Sprintf("unknown word %q ignored", word))
			continue
		}
		if i+1 >= len(args) || isLimitWord(args[i+1]) || args[i+1] == "infinite" {
			problems = append(problems, fmt.Sprintf("%s needs a number, ignored", word))
			continue
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s %q is not a whole number within int64, ignored", word, args[i]))
			continue
		}
		setLimit(&l, word, n, us)
	}
	if limited && !ends(l, us) {
		problems = append(problems, fmt.Sprintf("no limit ends the search with %v to move: it searches one ply", us))
		moveNow(&l)
	}
	return l, problems
}

// isLimitWord reports whether word is a "go" limit followed by a number.
func isLimitWord(word string) bool {
	switch word {
	case "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "mate":
		return true
	}
	return false
}

// Bounds of the numbers of "go": larger ones saturate. maxGoDepth is deeper
// than the search goes; maxMilliseconds is a year, which keeps the clock's
// arithmetic (time.Duration counts int64 nanoseconds) far from overflow.
const (
	maxGoDepth      = 1000
	maxMilliseconds = 365 * 24 * 60 * 60 * 1000
)

// setLimit stores one numeric "go" limit for the side us to move; times are
// in milliseconds. Zero or less means "move now" for a limit of this search,
// and nothing (sudden death, no increment, no time left) for the others.
func setLimit(l *search.Limits, word string, n int64, us board.Color) {
	ms := time.Duration(min(max(n, 0), maxMilliseconds)) * time.Millisecond
	switch word {
	case "depth":
		limitDepth(l, n)
	case "mate":
		limitDepth(l, 2*min(max(n, 0), maxGoDepth)-1)
	case "nodes":
		l.Nodes = uint64(max(n, 0))
	case "movetime":
		l.MoveTime = ms
	case "wtime":
		l.Time[board.White] = ms
	case "btime":
		l.Time[board.Black] = ms
	case "winc":
		l.Inc[board.White] = ms
	case "binc":
		l.Inc[board.Black] = ms
	case "movestogo":
		l.MovesToGo = int(min(max(n, 0), maxGoDepth))
	}
	outOfTime := (word == "wtime" && us == board.White) || (word == "btime" && us == board.Black)
	if n <= 0 && (outOfTime || word == "nodes" || word == "movetime") {
		moveNow(l)
	}
}

// limitDepth lowers the depth limit to n plies (at least one).
func limitDepth(l *search.Limits, n int64) {
	d := int(min(max(n, 1), maxGoDepth))
	if l.Depth == 0 || d < l.Depth {
		l.Depth = d
	}
}

// moveNow limits the search to one ply, which takes a moment.
func moveNow(l *search.Limits) {
	limitDepth(l, 1)
}

// ends reports whether a search with limits l, for the side us to move,
// ends by itself (an infinite one ends at "stop").
func ends(l search.Limits, us board.Color) bool {
	return l.Infinite || l.Depth > 0 || l.Nodes > 0 || l.MoveTime > 0 || l.Time[us] > 0
}

// startSearch searches a copy of the current position in the background.
func (s *Server) startSearch(l search.Limits) {
	p := s.pos.Clone()
	s.start(l.Infinite, func(ctx context.Context) {
		best, ponder := s.engine.Search(ctx, p, l, s.reportInfo)
		if l.Infinite {
			<-ctx.Done() // UCI: no bestmove before "stop" in infinite mode
		}
		s.out.printf("%s", bestMoveLine(best, ponder))
	})
}

// bestMoveLine formats the answer to "go".
func bestMoveLine(best, ponder board.Move) string {
	if best == board.NoMove {
		return "bestmove 0000" // no legal move: mate or stalemate
	}
	if ponder == board.NoMove {
		return "bestmove " + best.String()
	}
	return "bestmove " + best.String() + " ponder " + ponder.String()
}

// reportInfo writes one "info" line of a running search.
func (s *Server) reportInfo(info search.Info) {
	s.out.printf("%s", infoLine(info))
}

// infoLine formats a search report in the UCI way.
func infoLine(info search.Info) string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d", info.Depth, info.SelDepth)
	if info.Mate != 0 {
		fmt.Fprintf(&b, " score mate %d", info.Mate)
	} else {
		fmt.Fprintf(&b, " score cp %d", info.Score)
	}
	ms := info.Time.Milliseconds()
	nps := uint64(0)
	if info.Time > 0 {
		nps = uint64(float64(info.Nodes) / info.Time.Seconds())
	}
	fmt.Fprintf(&b, " nodes %d nps %d", info.Nodes, nps)
	writeHashFull(&b, info)
	fmt.Fprintf(&b, " time %d", ms)
	if len(info.PV) > 0 {
		b.WriteString(" pv")
		for _, m := range info.PV {
			b.WriteString(" " + m.String())
		}
	}
	return b.String()
}

// setOption obeys "setoption name <name> [value <value>]"; names may hold spaces.
func (s *Server) setOption(args []string) error {
	name, value, err := parseSetOption(args)
	if err != nil {
		return err
	}
	if err := s.applyOption(name, value); err != nil {
		return fmt.Errorf("setoption %s: %w", name, err)
	}
	return nil
}

// parseSetOption splits a "setoption" line into the option's name and value.
func parseSetOption(args []string) (name, value string, err error) {
	if len(args) < 2 || args[0] != "name" {
		return "", "", fmt.Errorf("setoption: expected \"setoption name <name> [value <value>]\"")
	}
	rest := args[1:]
	valueAt := len(rest)
	for i, a := range rest {
		if a == "value" {
			valueAt = i
			break
		}
	}
	name = strings.Join(rest[:valueAt], " ")
	if name == "" {
		return "", "", fmt.Errorf("setoption: the name is empty")
	}
	if valueAt < len(rest) {
		value = strings.Join(rest[valueAt+1:], " ")
	}
	return name, value, nil
}

// An option is a row of the engine's own UCI options, which "uci" lists
// before the techniques' and "setoption" sets by its name, in any case.
type option struct {
	Name  string
	Type  string // the rest of its "option" line: type, default and bounds
	Stage int    // the chapter that brings it
	Set   func(s *Server, value string) error
}

// options are the engine's own options, as "uci" lists them.
func options() []option {
	return []option{
		{Name: "Hash", Type: fmt.Sprintf("spin default %d min %d max %d", search.DefaultHashMB, minHashMB, maxHashMB), Stage: 10, Set: (*Server).setHash},
		{Name: "Clear Hash", Type: "button", Stage: 10, Set: (*Server).clearHash},
		{Name: "Threads", Type: "spin default 1 min 1 max 1", Stage: 3, Set: (*Server).setThreads},
		{Name: "Stage", Type: stageOptionType(), Stage: stages.Main, Set: (*Server).setStage},
	}
}

// setHash resizes the transposition table to value MiB.
func (s *Server) setHash(value string) error {
	mb, err := strconv.Atoi(value)
	if err != nil || mb < minHashMB || mb > maxHashMB {
		return fmt.Errorf("value %q: want a whole number of MiB from %d to %d", value, minHashMB, maxHashMB)
	}
	return s.engine.SetHashSize(mb)
}

// clearHash clears what was learned, as ucinewgame does; a button has no value.
func (s *Server) clearHash(string) error {
	s.engine.NewGame()
	return nil
}

// setThreads accepts 1. The search runs on one thread; match runners such
// as OpenBench set the option anyway, so it exists and takes only 1.
func (s *Server) setThreads(value string) error {
	if value != "1" {
		return fmt.Errorf("value %q: the search runs on one thread, want 1", value)
	}
	return nil
}

// applyOption sets one option, the engine's own or a technique's. Option
// names are case-insensitive, as UCI says.
func (s *Server) applyOption(name, value string) error {
	for _, o := range options() {
		if strings.EqualFold(o.Name, name) {
			return o.Set(s, value)
		}
	}
	for _, sw := range s.engine.Switches() {
		if strings.EqualFold(sw.Option, name) {
			v, err := switchValue(sw, value)
			if err != nil {
				return err
			}
			return s.engine.SetSwitch(sw.Option, v)
		}
	}
	return fmt.Errorf("no such option")
}

// switchValue returns the value to set switch sw to for the UCI value: on or
// off for a check option's true or false, a combo's value as it spells it.
func switchValue(sw Switch, value string) (string, error) {
	if sw.Values != nil {
		return sw.choice(value)
	}
	on, err := parseCheck(value)
	if err != nil {
		return "", err
	}
	if on {
		return "on", nil
	}
	return "off", nil
}

// parseCheck reads the value of a check option.
func parseCheck(value string) (bool, error) {
	switch strings.ToLower(value) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("value %q: want true or false", value)
}
