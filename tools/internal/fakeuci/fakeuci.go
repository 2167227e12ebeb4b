// Package fakeuci is a scripted UCI engine that misbehaves on purpose, for
// testing the tools that drive engines: at a chosen "go" it answers an
// illegal move, crashes, never answers, or answers late. Between faults it
// plays legal moves chosen by a Mover.
//
// Tests run it by re-executing their own test binary (see Main); the command
// fakeuci/cmd/fakeuci runs it by hand.
package fakeuci

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"

	"strings"
	"syscall"
	"time"
)

// EnvVar is the environment variable that makes a test binary act as the
// fake engine (see Main).
const EnvVar = "CB2026_FAKEUCI"

// Fault is one kind of misbehavior.
type Fault string

// The faults, each at the go command whose number (from 1, counted over the
// process's life) the script names.
const (
	Illegal    Fault = "illegal"   // answer "bestmove a1a1"
	Crash      Fault = "crash"     // exit with status 3, no answer
	Silent     Fault = "silent"    // never answer (and ignore "stop")
	Slow       Fault = "slow"      // sleep Script.Delay, then answer
	Garbage    Fault = "garbage"   // answer "bestmove" with no move
	NoUCIOK    Fault = "nouciok"   // never answer "uci" (go number ignored)
	NoReadyOK  Fault = "noreadyok" // never answer "isready"
	ExitAtOnce Fault = "exit"      // exit as soon as started
	// Hang stops for good: it ignores SIGINT and SIGTERM, starts a child
	// process that does the same (so a process group is needed to end
	// both), notes "hang" in the pid file once the child is listed there,
	// and never reads or writes again.
	// Only SIGKILL ends it.
	Hang Fault = "hang"
	// Stuck is Hang's child: it ignores SIGINT and SIGTERM and waits forever
	// as soon as started.
	Stuck Fault = "stuck"
)

// Mover picks the fake's move: a legal move in UCI notation for the
// position, and a score in centipawns for the side to move. ply counts the
// go commands so far, so that games differ.
type Mover func(fen string, moves []string, ply int) (move string, score int, err error)

// Script is the fake's behavior.
type Script struct {
	Name    string        // its "id name"
	Fault   Fault         // the fault, or "" for none
	At      int           // at which go command the fault happens (from 1)
	Delay   time.Duration // for Slow
	Score   int           // added to every reported score (to test adjudication)
	Options []string      // option names it announces (spin 0..100000)
	NPS     int           // the speed its "bench" reports
	PIDFile string        // if set, each process appends "PID\n" when it starts, and "PID hang\n" when it hangs
}

// Flags parses a script from command-line arguments:
// -name N -fault F -at N -delay D -score S -option NAME (repeatable).
func Flags(args []string) (Script, error) {
	fs := flag.NewFlagSet("fakeuci", flag.ContinueOnError)
	s := Script{}
	fs.StringVar(&s.Name, "name", "fakeuci", "id name")
	fault := fs.String("fault", "", "illegal, crash, silent, slow, garbage, nouciok, noreadyok, exit, hang, stuck")
	fs.StringVar(&s.PIDFile, "pidfile", "", "file to append the process's id to")
	fs.IntVar(&s.At, "at", 1, "the go command (from 1) at which the fault happens")
	fs.DurationVar(&s.Delay, "delay", time.Second, "the delay of a slow answer")
	fs.IntVar(&s.Score, "score", 0, "centipawns added to every reported score")
	fs.IntVar(&s.NPS, "nps", 1000000, "nodes per second that bench reports")
	fs.Func("option", "an option name to announce", func(v string) error {
		s.Options = append(s.Options, v)
		return nil
	})
	if err := fs.Parse(args); err != nil {
		return s, err
	}
	s.Fault = Fault(*fault)
	return s, nil
}

// Main runs the fake on stdin and stdout with the script in args and returns
// the exit status. A test's TestMain calls it when EnvVar is set:
//
//	if os.Getenv(fakeuci.EnvVar) != "" { os.Exit(fakeuci.Main(os.Args[1:], mover)) }
func Main(args []string, m Mover) int {
	s, err := Flags(args)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	return Run(os.Stdin, os.Stdout, s, m)
}

// Run plays the script on in and out until "quit" or the end of input and
// returns the exit status.
func Run(in io.Reader, out io.Writer, s Script, m Mover) int {
	if err := notePID(s.PIDFile, ""); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	switch s.Fault {
	case ExitAtOnce:
		return 3
	case Stuck:
		hang()
	}
	f := &fake{s: s, mover: m, out: bufio.NewWriter(out), fen: "startpos"}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		status, done := f.command(strings.Fields(sc.Text()))
		f.out.Flush()
		if done {
			return status
		}
	}
	return 0
}

// fake is the running engine's state.
type fake struct {
	s      Script
	mover  Mover
	out    *bufio.Writer
	fen    string
	moves  []string
	gos    int
	sets   int // "set" console lines seen
	silent bool
}

// command runs one input line; done means exit with status.
func (f *fake) command(w []string) (status int, done bool) {
	if len(w) == 0 || f.silent {
		return 0, len(w) > 0 && w[0] == "quit"
	}
	switch w[0] {
	case "uci":
		f.uci()
	case "isready":
		if f.s.Fault != NoReadyOK {
			fmt.Fprintln(f.out, "readyok")
		}
	case "set":
		f.sets++
	case "position":
		f.position(w[1:])
	case "go":
		return f.goCommand()
	case "bench":
		f.bench(w[1:])
	case "quit":
		return 0, true
	}
	return 0, false
}

// uci answers the handshake.
func (f *fake) uci() {
	if f.s.Fault == NoUCIOK {
		return
	}
	fmt.Fprintf(f.out, "id name %s\nid author cb2026 tests\n", f.s.Name)
	for _, o := range f.s.Options {
		fmt.Fprintf(f.out, "option name %s type spin default 0 min 0 max 100000\n", o)
	}
	fmt.Fprintln(f.out, "uciok")
}

// position stores "startpos|fen F… [moves …]".
func (f *fake) position(w []string) {
	f.fen, f.moves = "startpos", nil
	i := 0
	if len(w) > 0 && w[0] == "fen" {
		j := 1
		for j < len(w) && w[j] != "moves" {
			j++
		}
		f.fen = strings.Join(w[1:j], " ")
		i = j
	} else if len(w) > 0 {
		i = 1
	}
	if i < len(w) && w[i] == "moves" {
		f.moves = append([]string(nil), w[i+1:]...)
	}
}

// goCommand answers one go, or misbehaves.
func (f *fake) goCommand() (status int, done bool) {
	f.gos++
	fault := Fault("")
	if f.gos == f.s.At {
		fault = f.s.Fault
	}
	switch fault {
	case Crash:
		return 3, true
	case Silent:
		f.silent = true
		return 0, false
	case Illegal:
		fmt.Fprintln(f.out, "info depth 1 score cp 0 nodes 1 pv a1a1\nbestmove a1a1")
		return 0, false
	case Garbage:
		fmt.Fprintln(f.out, "bestmove")
		return 0, false
	case Slow:
		time.Sleep(f.s.Delay)
	case Hang:
		f.out.Flush()
		f.hang()
	}
	move, score, err := f.mover(f.fen, f.moves, f.gos)
	if err != nil {
		fmt.Fprintf(f.out, "info string %v\nbestmove 0000\n", err)
		return 0, false
	}
	fmt.Fprintf(f.out, "info depth 1 score cp %d nodes %d pv %s\nbestmove %s\n",
		score+f.s.Score, 1+len(f.moves), move, move)
	return 0, false
}

// hang starts a stuck child, notes the hang in the pid file, and waits
// forever, deaf to SIGINT and SIGTERM.
func (f *fake) hang() {
	child := exec.Command(os.Args[0], "-fault", string(Stuck), "-pidfile", f.s.PIDFile)
	child.Env = os.Environ()
	child.Stdout = os.Stdout // as a helper process of a real engine might: the pipe stays open
	if err := child.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	} else {
		waitForPID(f.s.PIDFile, child.Process.Pid)
	}
	if err := notePID(f.s.PIDFile, " hang"); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	hang()
}

// waitForPID waits, a few seconds at most, until the pid file lists pid,
// so that "hang" is noted after every process it will hold.
func waitForPID(path string, pid int) {
	if path == "" {
		return
	}
	for range 500 {
		if pids, _, err := PIDs(path); err == nil && slices.Contains(pids, pid) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// hang ignores SIGINT and SIGTERM and blocks forever.
func hang() {
	signal.Ignore(syscall.SIGINT, syscall.SIGTERM)
	select {}
}

// notePID appends the process's id and note to the file, if one is named.
func notePID(path, note string) error {
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(f, "%d%s\n", os.Getpid(), note); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// benchNodesPerDepth makes the fake bench's node count depend on the depth.
const benchNodesPerDepth = 1000

// bench prints an OpenBench summary line: depth × 1000 nodes (depth 5 if
// none is given) at the scripted speed; a "set" of any switch adds one node,
// so that a switch shows as a search change.
func (f *fake) bench(args []string) {
	depth := 5
	if len(args) > 0 {
		if d, err := strconv.Atoi(args[0]); err == nil {
			depth = d
		}
	}
	fmt.Fprintf(f.out, "%d nodes %d nps\n", depth*benchNodesPerDepth+f.sets, f.s.NPS)
}

// Fixed returns a Mover that plays the given moves in turn, cycling, with
// score 0: enough for tests that need no legal game.
func Fixed(moves ...string) Mover {
	return func(_ string, _ []string, ply int) (string, int, error) {
		return moves[(ply-1)%len(moves)], 0, nil
	}
}
