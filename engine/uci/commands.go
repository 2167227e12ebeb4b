package uci

import (
	"fmt"
	"slices"

	"cb2026/stages"
)

// A command is a row of the server's tables of commands, uciCommands and
// consoleCommands: Execute obeys a line by the first row whose Name is the
// line's first word, and help lists each row's Usage, the protocol's table
// first, in the tables' order. A row with no Run does nothing more than
// stop a running search (stop, quit) or, under a row of the same name,
// adds a line to help.
type command struct {
	Name  string                               // the line's first word
	Usage string                               // its line in help; "" for a command help does not list
	Stage int                                  // the chapter that brings it, if a later one than the first
	Keep  bool                                 // obeyed while a search runs on; any other command stops it first
	Run   func(s *Server, args []string) error // obeys the words after Name
}

// uciCommands are the commands of the protocol, as help lists them.
func uciCommands() []command {
	return []command{
		{Name: "uci", Usage: "uci", Keep: true, Run: noArgs((*Server).identify)},
		{Name: "isready", Usage: "isready", Keep: true, Run: noArgs((*Server).readyOK)},
		{Name: "position", Usage: "position startpos|fen <FEN>", Run: (*Server).setPosition},
		{Name: "position", Usage: "position startpos|fen <FEN> moves <move>...", Stage: 3},
		{Name: "ucinewgame", Usage: "ucinewgame", Stage: 3, Run: noArgs((*Server).newGame)},
		{Name: "go", Usage: "go [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS] [binc MS] [movestogo N] [mate N] [infinite]", Stage: 3, Run: (*Server).goCommand},
		{Name: "go", Usage: "go perft N", Stage: 3},
		{Name: "stop", Usage: "stop (also ends perft, bench and stats)", Stage: 3},
		{Name: "setoption", Usage: "setoption name <name> value <v>", Stage: 3, Run: (*Server).setOption},
		{Name: "quit", Usage: "quit"},
		// Accepted and ignored: cb2026 has no debug mode, needs no
		// registration and does not advertise pondering.
		{Name: "debug", Keep: true},
		{Name: "register", Keep: true},
		{Name: "ponderhit", Keep: true},
	}
}

// consoleCommands are the commands a reader types that are not UCI, as help
// lists them.
func consoleCommands() []command {
	return []command{
		{Name: "d", Usage: "d (board)", Run: noArgs((*Server).display)},
		{Name: "shift", Usage: "shift north|south|east|west (the side to move's pieces, and the set moved one square)", Run: (*Server).shift},
		{Name: "magics", Usage: "magics (each square's rook and bishop mask bits and table entries)", Stage: 2, Run: noArgs((*Server).magics)},
		{Name: "lookup", Usage: "lookup <square> rook|bishop (a slider's mask, the blockers in it and its attacks)", Stage: 2, Run: (*Server).lookup},
		{Name: "perft", Usage: "perft N", Stage: 3, Run: (*Server).perft},
		{Name: "eval", Usage: "eval", Stage: 4, Run: (*Server).eval},
		{Name: "pst", Usage: "pst <piece> [mg|eg] (the piece's hand-set square table, as a board)", Stage: 4, Run: (*Server).pst},
		{Name: "bench", Usage: "bench [depth]", Run: (*Server).bench},
		{Name: "set", Usage: "set <technique> on|off|<value>", Stage: 3, Run: (*Server).set},
		{Name: "techniques", Usage: "techniques", Stage: 3, Run: noArgs((*Server).techniques)},
		{Name: "stats", Usage: "stats [positions [depths]]", Stage: 3, Run: (*Server).stats},
		{Name: "tree", Usage: "tree [depth] (every node a search of the position enters, in order)", Stage: 6, Run: (*Server).tree},
		{Name: "order", Usage: "order [position [depth]] (the picker's stages after a bench search's move)", Stage: 7, Run: (*Server).order},
		{Name: "minimal", Usage: "minimal [positions [depths]] (negamax's tree and the minimal tree in it)", Stage: 7, Run: (*Server).minimal},
		{Name: "budget", Usage: "budget [wtime MS] [btime MS] [winc MS] [binc MS] [movestogo N] [movetime MS] (the time limits go would set)", Stage: 9, Run: (*Server).budget},
		{Name: "ttentry", Usage: "ttentry (a transposition table entry's fields as they lie in memory)", Stage: 10, Run: noArgs((*Server).ttentry)},
		{Name: "gravity", Usage: "gravity [bonus [updates]] (a history score under repeated updates)", Stage: 11, Run: (*Server).gravity},
		{Name: "tries", Usage: "tries [position [depth]] (the null-window tests and re-searches of a bench search's root)", Stage: 12, Run: (*Server).tries},
		{Name: "reductions", Usage: "reductions [depths [moves]] (the late move reductions by depth and move index)", Stage: 14, Run: (*Server).reductions},
		{Name: "see", Usage: "see <move> (the exchange a capture starts, capture by capture)", Stage: 15, Run: (*Server).see},
		{Name: "windows", Usage: "windows [position [depth]] (each aspiration window a bench search tries)", Stage: 17, Run: (*Server).windows},
		{Name: "kingzone", Usage: "kingzone [white|black] (a king's zone and the attacks on each of its squares)", Stage: 19, Run: (*Server).kingzone},
		{Name: "kingdanger", Usage: "kingdanger [units] (what a king pays for an attack of so many danger units)", Stage: 19, Run: (*Server).kingdanger},
		{Name: "stage", Usage: "stage <N|main> (play and bench as stage N: its switches and bench depth)", Stage: stages.Main, Run: (*Server).stage},
		{Name: "wait", Usage: "wait (until the running search ends by itself)", Stage: 3, Keep: true, Run: noArgs((*Server).finish)},
		{Name: "help", Usage: "help", Run: noArgs((*Server).help)},
	}
}

// findCommand returns the first row of the tables named name.
func findCommand(name string) (command, bool) {
	for _, c := range slices.Concat(uciCommands(), consoleCommands()) {
		if c.Name == name {
			return c, true
		}
	}
	return command{}, false
}

// noArgs is a command's Run that calls f and ignores the command's words.
func noArgs(f func(s *Server)) func(s *Server, args []string) error {
	return func(s *Server, _ []string) error {
		f(s)
		return nil
	}
}

// help lists the commands, the protocol's and then the console's, a line
// for each row of their tables that has a Usage.
func (s *Server) help() {
	for _, group := range []struct {
		name     string
		commands []command
	}{
		{"UCI", uciCommands()},
		{"console", consoleCommands()},
	} {
		fmt.Fprintf(s.out, "%s:\n", group.name)
		for _, c := range group.commands {
			if c.Usage != "" {
				fmt.Fprintf(s.out, "  %s\n", c.Usage)
			}
		}
	}
}
