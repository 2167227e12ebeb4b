package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"

	"cb2026/engine/board"
)

// A Server is the engine's side of one conversation with a GUI or a reader
// at the console: the current position, the search running in the
// background (if any) and the output, which the search goroutine and the
// command loop share.
type Server struct {
	engine  Engine
	out     *lineWriter
	pos     *board.Position
	running *runningSearch // nil while no search runs
}

// A runningSearch is a search started by "go" on its own goroutine.
type runningSearch struct {
	cancel   context.CancelFunc
	done     chan struct{} // closed once "bestmove" is written
	infinite bool          // "go infinite": waits for "stop" even when finished
}

// A lineWriter writes whole lines to w, one at a time, from any goroutine.
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

// printf writes one formatted line.
func (lw *lineWriter) printf(format string, args ...any) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	fmt.Fprintf(lw.w, format+"\n", args...)
}

// Write writes p as it is, for the console commands that print blocks of text.
func (lw *lineWriter) Write(p []byte) (int, error) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.w.Write(p)
}

// NewServer returns a server that drives e, writes to w and starts from the
// initial position.
func NewServer(e Engine, w io.Writer) *Server {
	return &Server{engine: e, out: &lineWriter{w: w}, pos: board.NewPosition()}
}

// Run reads command lines from r until "quit" or the end of the input. At the
// end of the input a running search is allowed to finish (an infinite one is
// stopped), so that piped commands such as "go depth 8" print their answer.
func (s *Server) Run(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		if quit := s.Execute(sc.Text()); quit {
			return nil
		}
	}
	s.finish()
	if err := sc.Err(); err != nil {
		return fmt.Errorf("uci: reading input: %w", err)
	}
	return nil
}

// Execute obeys one input line and reports whether it was "quit". Every
// command but isready first stops a running search; "wait", which is not UCI,
// instead lets it finish, so that piped input such as "go depth 4", "wait",
// "quit" prints the search's answer before the next command.
func (s *Server) Execute(line string) (quit bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "quit":
		s.stop()
		return true
	//book:stage 3
	case "stop":
		s.stop()
	case "isready":
		s.out.printf("readyok")
	case "uci":
		s.identify()
	//book:stage 3
	case "ucinewgame":
		s.stop()
		s.engine.NewGame()
	case "position":
		s.stop()
		s.setPosition(args)
	//book:stage 3
	case "go":
		s.stop()
		s.goCommand(args)
	//book:stage 3
	case "setoption":
		s.stop()
		s.setOption(args)
	//book:stage 3
	case "wait":
		s.finish()
	case "debug", "register", "ponderhit":
		// Accepted and ignored: cb2026 has no debug mode, needs no
		// registration and does not advertise pondering.
	default:
		s.stop()
		s.console(cmd, args)
	}
	return false
}

// infoString answers a line that could not be obeyed.
func (s *Server) infoString(format string, args ...any) {
	s.out.printf("info string "+format, args...)
}

// stop ends the running search, if any, and waits for its "bestmove".
func (s *Server) stop() {
	if s.running == nil {
		return
	}
	s.running.cancel()
	<-s.running.done
	s.running = nil
}

// finish waits for a running search to end by itself; an infinite search,
// which would never end, is stopped.
func (s *Server) finish() {
	if s.running == nil {
		return
	}
	if s.running.infinite {
		s.stop()
		return
	}
	<-s.running.done
	s.running = nil
}
