// Package driver runs a UCI chess engine as a child process: it starts it,
// does the uci/isready handshake, sets options, sends positions and go
// commands with any kind of limit, and reads the best move with a timeout. A
// crash, a closed pipe or a silent engine comes back as an error that says
// which, so a match can record it and carry on.
package driver

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Errors a caller tells apart with errors.Is.
var (
	// ErrTimeout: the engine did not answer in time (it is still running).
	ErrTimeout = errors.New("engine did not answer in time")
	// ErrDisconnected: the engine's output closed, usually because it exited.
	ErrDisconnected = errors.New("engine disconnected")
)

// Default waits.
const (
	// DefaultInitTimeout bounds the uci and isready answers.
	DefaultInitTimeout = 10 * time.Second
	// quitWait is how long Close waits after "quit" before killing.
	quitWait = time.Second
	// lineBuffer is how many output lines may wait unread.
	lineBuffer = 1024
)

// Option is one UCI option to set: "setoption name Name value Value".
type Option struct {
	Name, Value string
}

// Config says how to start an engine.
type Config struct {
	Name     string   // a label for results and PGN; the engine's id name if empty
	Path     string   // the program
	Args     []string // its arguments
	Dir      string   // working directory; the current one if empty
	Env      []string // extra environment variables, "KEY=value"
	Options  []Option // set after the handshake, in order
	Commands []string // other lines sent after the options (cb2026's "set history off")
	// Log, if not nil, is told every line sent (dir ">") and received (dir
	// "<"); it is called from two goroutines and must be safe for that.
	Log         func(dir, line string)
	InitTimeout time.Duration
}

// Engine is one running engine process. Its methods are not safe for
// concurrent use; one game drives one engine at a time.
type Engine struct {
	name  string
	id    string
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string // the engine's output, closed at end of output
	wait  chan struct{}
	mu    sync.Mutex
	err   error                  // the process's exit error, set when wait is closed
	log   func(dir, line string) // Config.Log, fixed at start
	opts  map[string]bool        // option names the engine announced, lower case
}

// Start runs the engine, sends "uci" and waits for "uciok", sets the
// options, and waits for "readyok".
func Start(c Config) (*Engine, error) {
	return StartContext(context.Background(), c)
}

// StartContext is Start with a context: when ctx is done, the engine's
// process group is killed (the engine and any process it started), and a
// wait for its answer ends with ErrDisconnected.
func StartContext(ctx context.Context, c Config) (*Engine, error) {
	e, err := spawn(ctx, c)
	if err != nil {
		return nil, err
	}
	if err := e.handshake(c); err != nil {
		e.Close()
		return nil, fmt.Errorf("%s: %w", c.Path, err)
	}
	return e, nil
}

// spawn starts the process and the goroutines that read its output and wait
// for its exit.
func spawn(ctx context.Context, c Config) (*Engine, error) {
	cmd := exec.CommandContext(ctx, c.Path, c.Args...)
	ownGroup(cmd)
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.Dir = c.Dir
	if len(c.Env) > 0 {
		cmd.Env = append(cmd.Environ(), c.Env...)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", c.Path, err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", c.Path, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", c.Path, err)
	}
	e := &Engine{name: c.Name, cmd: cmd, stdin: stdin, lines: make(chan string, lineBuffer),
		wait: make(chan struct{}), opts: map[string]bool{}, log: c.Log}
	go e.read(stdout)
	return e, nil
}

// read copies the engine's output lines into e.lines until it ends, then
// reaps the process.
func (e *Engine) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		e.logLine("<", line)
		e.lines <- line
	}
	close(e.lines)
	err := e.cmd.Wait()
	e.mu.Lock()
	e.err = err
	e.mu.Unlock()
	close(e.wait)
}

// handshake does uci/uciok, the options and isready/readyok.
func (e *Engine) handshake(c Config) error {
	timeout := c.InitTimeout
	if timeout == 0 {
		timeout = DefaultInitTimeout
	}
	if err := e.Send("uci"); err != nil {
		return err
	}
	if err := e.readUntil("uciok", timeout, e.noteHandshakeLine); err != nil {
		return fmt.Errorf("uci: %w", err)
	}
	if e.name == "" {
		e.name = e.id
	}
	for _, o := range c.Options {
		if err := e.SetOption(o.Name, o.Value); err != nil {
			return err
		}
	}
	for _, line := range c.Commands {
		if err := e.Send(line); err != nil {
			return err
		}
	}
	return e.IsReady(timeout)
}

// noteHandshakeLine records the id name and option names.
func (e *Engine) noteHandshakeLine(line string) {
	if rest, ok := strings.CutPrefix(line, "id name "); ok {
		e.id = strings.TrimSpace(rest)
	}
	if rest, ok := strings.CutPrefix(line, "option name "); ok {
		name, _, _ := strings.Cut(rest, " type ")
		e.opts[strings.ToLower(strings.TrimSpace(name))] = true
	}
}

// Name returns the engine's label: the configured name or its id name.
func (e *Engine) Name() string { return e.name }

// ID returns the name the engine gave in "id name".
func (e *Engine) ID() string { return e.id }

// HasOption reports whether the engine announced the option (any case).
func (e *Engine) HasOption(name string) bool { return e.opts[strings.ToLower(name)] }

func (e *Engine) logLine(dir, line string) {
	if e.log != nil {
		e.log(dir, line)
	}
}

// Send writes one command line to the engine.
func (e *Engine) Send(line string) error {
	e.logLine(">", line)
	if _, err := io.WriteString(e.stdin, line+"\n"); err != nil {
		return fmt.Errorf("send %q: %w: %w", line, ErrDisconnected, err)
	}
	return nil
}

// SetOption sends "setoption name N value V" (without value when V is empty).
// An option the engine did not announce is an error.
func (e *Engine) SetOption(name, value string) error {
	if !e.HasOption(name) {
		return fmt.Errorf("setoption: engine %q has no option %q", e.name, name)
	}
	cmd := "setoption name " + name
	if value != "" {
		cmd += " value " + value
	}
	return e.Send(cmd)
}

// IsReady sends "isready" and waits for "readyok".
func (e *Engine) IsReady(timeout time.Duration) error {
	if err := e.Send("isready"); err != nil {
		return err
	}
	if err := e.readUntil("readyok", timeout, nil); err != nil {
		return fmt.Errorf("isready: %w", err)
	}
	return nil
}

// NewGame sends "ucinewgame" and waits until the engine is ready.
func (e *Engine) NewGame(timeout time.Duration) error {
	if err := e.Send("ucinewgame"); err != nil {
		return err
	}
	return e.IsReady(timeout)
}

// readUntil reads lines until one equals want (after trimming), passing the
// others to each (if not nil).
func (e *Engine) readUntil(want string, timeout time.Duration, each func(string)) error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				return e.disconnected()
			}
			if strings.TrimSpace(line) == want {
				return nil
			}
			if each != nil {
				each(line)
			}
		case <-deadline.C:
			return fmt.Errorf("waiting %v for %q: %w", timeout, want, ErrTimeout)
		}
	}
}

// disconnected returns ErrDisconnected with the exit status if known.
func (e *Engine) disconnected() error {
	select {
	case <-e.wait:
	case <-time.After(quitWait):
		return ErrDisconnected
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.err != nil {
		return fmt.Errorf("%w (%v)", ErrDisconnected, e.err)
	}
	return fmt.Errorf("%w (exit status 0)", ErrDisconnected)
}

// Close sends "quit", waits a moment, then kills the process and any
// process it started (its process group). It is safe to call more than once.
func (e *Engine) Close() error {
	go drain(e.lines)
	_ = e.Send("quit")
	_ = e.stdin.Close()
	select {
	case <-e.wait:
		return nil
	case <-time.After(quitWait):
	}
	_ = killGroup(e.cmd)
	<-e.wait
	return nil
}

// drain discards lines until the channel closes, so that the reader can reach
// the end of the output and reap the process.
func drain(lines <-chan string) {
	for range lines {
	}
}
