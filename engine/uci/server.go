package uci

import (
	"bufio"
	"context"
	"errors"
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

// A runningSearch is a search started by "go", or a long console command
// such as "perft 9", on its own goroutine.
type runningSearch struct {
	cancel   context.CancelFunc
	done     chan struct{} // closed once the job has ended ("bestmove" written)
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
// A line longer than maxLineBytes is answered with an "info string" and
// skipped.
func (s *Server) Run(r io.Reader) error {
	br := bufio.NewReader(r)
	for {
		line, err := readLine(br)
		if errors.Is(err, errLineTooLong) {
			s.infoString("a line of more than %d bytes ignored", maxLineBytes)
			continue
		}
		if line != "" && s.Execute(line) {
			return nil
		}
		if err == io.EOF {
			s.finish()
			return nil
		}
		if err != nil {
			s.finish()
			return fmt.Errorf("uci: reading input: %w", err)
		}
	}
}

// maxLineBytes bounds an input line: the longest a GUI sends, "position"
// with a game's moves, takes a few kilobytes.
const maxLineBytes = 1 << 20

// errLineTooLong says that readLine skipped a line longer than maxLineBytes.
var errLineTooLong = errors.New("line too long")

// readLine returns the next line of br without its end, reading to the end
// of a line of any length but keeping at most maxLineBytes of it: a longer
// line is skipped, and errLineTooLong returned. At the end of the input it
// returns the last line, if unterminated, with io.EOF.
func readLine(br *bufio.Reader) (string, error) {
	var line []byte
	tooLong := false
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong && len(line)+len(chunk) <= maxLineBytes+1 {
			line = append(line, chunk...)
		} else {
			tooLong, line = true, nil
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			return "", errLineTooLong
		}
		return strings.TrimRight(string(line), "\r\n"), err
	}
}

// Execute obeys one input line and reports whether it was "quit". The
// line's first word names a row of the tables of commands (see command).
// A command stops a running search first unless its row keeps it: isready
// and uci are answered while it runs, and "wait", which is not UCI, lets it
// finish, so that piped input such as "go depth 4", "wait", "quit" prints
// the search's answer before the next command. An unknown command, or one
// that cannot be obeyed, is answered with an "info string".
func (s *Server) Execute(line string) (quit bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	name, args := fields[0], fields[1:]
	c, ok := findCommand(name)
	if !c.Keep {
		s.stop()
	}
	var err error
	switch {
	case !ok:
		err = fmt.Errorf("unknown command %q (try help)", name)
	case c.Run != nil:
		err = c.Run(s, args)
	}
	if err != nil {
		s.infoString("%v", err)
	}
	return name == "quit"
}

// infoString answers a line that could not be obeyed.
func (s *Server) infoString(format string, args ...any) {
	s.out.printf("info string "+format, args...)
}

// start runs job on its own goroutine as the running search, so that the
// loop reads on: isready is answered at once, "stop" (or any other command)
// cancels ctx and waits for job to return, "wait" lets it finish. An
// infinite job is one that only "stop" ends.
func (s *Server) start(infinite bool, job func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(context.Background())
	run := &runningSearch{cancel: cancel, done: make(chan struct{}), infinite: infinite}
	s.running = run
	go func() {
		defer close(run.done)
		job(ctx)
	}()
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
