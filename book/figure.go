package book

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"cb2026/exe"
	"cb2026/stages"
)

// The figure kinds. Each names a measurement made by running one engine
// binary; see the package documentation for their arguments.
const (
	KindBench = "bench"
	KindPerft = "perft"
	KindCmd   = "cmd"
)

// IsFigureKind reports whether a link destination's scheme is a figure kind.
func IsFigureKind(s string) bool {
	return s == KindBench || s == KindPerft || s == KindCmd
}

// A Spec is a parsed figure destination: which binary to run, how, and how to
// read the value from its output.
type Spec struct {
	Dest    string         // the destination as written
	Kind    string         // KindBench, KindPerft or KindCmd
	Build   string         // a stage number, "main", or a variant's name
	Args    []string       // the engine's arguments (nil: read Input on stdin)
	Input   []string       // console commands written to stdin, one a line
	Extract *regexp.Regexp // KindCmd: the value is group 1 of the last match in the output
	Depth   string         // the bench or perft depth as written ("" for the default)
	Plain   bool           // a bench at the stage's default depth with default switches
}

// Named positions a perft figure may use instead of a FEN.
var namedPositions = map[string]string{
	"startpos": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"cpw3":     "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"cpw4":     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"cpw5":     "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"cpw6":     "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
}

var (
	buildName   = regexp.MustCompile(`^([0-9]+|main|[a-z][a-z0-9]*(-[a-z0-9]+)*)$`)
	switchToken = regexp.MustCompile(`^(?:([+-])([A-Za-z0-9_-]+)|([A-Za-z0-9_-]+)=([A-Za-z0-9_-]+))$`)
)

// ParseSpec parses a figure destination such as "bench:7", "bench:10:9:-history",
// "perft:3:5:kiwipete" or "cmd:10:set history off;bench 9:(\d+) nodes".
func ParseSpec(dest string) (Spec, error) {
	kind, rest, _ := strings.Cut(dest, ":")
	s := Spec{Dest: dest, Kind: kind}
	switch kind {
	case KindBench:
		return s, s.parseBench(rest)
	case KindPerft:
		return s, s.parsePerft(rest)
	case KindCmd:
		return s, s.parseCmd(rest)
	}
	return s, fmt.Errorf("unknown figure kind %q", kind)
}

// isDigits reports whether s is all ASCII digits.
func isDigits(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// IsVariantName reports whether name may name a variant: a build name that
// is not a stage's.
func IsVariantName(name string) bool {
	_, err := stages.Parse(name)
	return buildName.MatchString(name) && !isDigits(name) && err != nil
}

// IsVariant reports whether the figure runs a variant's build, not a stage's.
func (s Spec) IsVariant() bool { return s.Build != "main" && !isDigits(s.Build) }

// parseBuild checks the build field: a stage number, main, or a variant name.
func (s *Spec) parseBuild(b string) error {
	if !buildName.MatchString(b) {
		return fmt.Errorf("build %q is not a stage number, main or a variant name", b)
	}
	if isDigits(b) {
		if _, err := stages.Parse(b); err != nil {
			return err
		}
	}
	s.Build = b
	return nil
}

// parseDepth checks a depth field.
func parseDepth(d string) error {
	n, err := strconv.Atoi(d)
	if err != nil || n < 0 || n > 99 {
		return fmt.Errorf("depth %q is not a number from 0 to 99", d)
	}
	return nil
}

// parseBench reads BUILD[:DEPTH[:SWITCHES]].
func (s *Spec) parseBench(rest string) error {
	f := strings.Split(rest, ":")
	if len(f) > 3 {
		return fmt.Errorf("want bench:BUILD[:DEPTH[:SWITCHES]]")
	}
	if err := s.parseBuild(f[0]); err != nil {
		return err
	}
	if len(f) > 1 && f[1] != "" {
		if err := parseDepth(f[1]); err != nil {
			return err
		}
		s.Depth = f[1]
	}
	bench := strings.TrimSpace("bench " + s.Depth)
	if len(f) < 3 || f[2] == "" {
		s.Args = strings.Fields(bench)
		s.Plain = s.Depth == ""
		return nil
	}
	for _, sw := range strings.Split(f[2], ",") {
		m := switchToken.FindStringSubmatch(sw)
		switch {
		case m == nil:
			return fmt.Errorf("switch %q: want +name, -name or name=value", sw)
		case m[1] != "":
			s.Input = append(s.Input, "set "+m[2]+" "+map[string]string{"+": "on", "-": "off"}[m[1]])
		default:
			s.Input = append(s.Input, "set "+m[3]+" "+m[4])
		}
	}
	s.Input = append(s.Input, bench)
	return nil
}

// parsePerft reads BUILD:DEPTH[:POSITION].
func (s *Spec) parsePerft(rest string) error {
	f := strings.SplitN(rest, ":", 3)
	if len(f) < 2 {
		return fmt.Errorf("want perft:BUILD:DEPTH[:POSITION]")
	}
	if err := s.parseBuild(f[0]); err != nil {
		return err
	}
	if err := parseDepth(f[1]); err != nil {
		return err
	}
	s.Depth = f[1]
	s.Args = []string{"perft", f[1]}
	if len(f) == 3 {
		fen, ok := namedPositions[f[2]]
		if !ok {
			fen = strings.ReplaceAll(f[2], "_", " ")
			if len(strings.Fields(fen)) < 4 {
				return fmt.Errorf("position %q is neither a known name nor a FEN", f[2])
			}
		}
		s.Args = append(s.Args, fen)
	}
	return nil
}

// parseCmd reads BUILD:INPUT:REGEXP.
func (s *Spec) parseCmd(rest string) error {
	f := strings.SplitN(rest, ":", 3)
	if len(f) < 3 {
		return fmt.Errorf("want cmd:BUILD:COMMANDS:REGEXP")
	}
	if err := s.parseBuild(f[0]); err != nil {
		return err
	}
	for _, c := range strings.Split(f[1], ";") {
		if c = strings.TrimSpace(c); c != "" {
			s.Input = append(s.Input, c)
		}
	}
	if len(s.Input) == 0 {
		return fmt.Errorf("no commands")
	}
	re, err := regexp.Compile("(?m)" + f[2])
	if err != nil {
		return fmt.Errorf("bad regexp: %v", err)
	}
	if re.NumSubexp() < 1 {
		return fmt.Errorf("regexp %q has no group to read the value from", f[2])
	}
	s.Extract = re
	return nil
}

// Value reads the figure's value from the engine's output: the node count of
// the bench's or perft's last line (as package exe reads them), or for
// KindCmd group 1 of Extract's last match.
func (s Spec) Value(out string) (string, error) {
	var n uint64
	var err error
	switch s.Kind {
	case KindBench:
		var b exe.Bench
		b, err = exe.ParseBench(out)
		n = b.Nodes
	case KindPerft:
		n, err = exe.ParsePerft(out)
	default:
		return s.match(out)
	}
	if err != nil {
		return "", fmt.Errorf("%v (%s)", err, lastLine(out))
	}
	return strconv.FormatUint(n, 10), nil
}

// match returns group 1 of Extract's last match in the output.
func (s Spec) match(out string) (string, error) {
	m := s.Extract.FindAllStringSubmatch(out, -1)
	if m == nil {
		return "", fmt.Errorf("no match for %q in the output (%s)", s.Extract, lastLine(out))
	}
	return m[len(m)-1][1], nil
}

// lastLine returns the output's last non-empty line, for messages.
func lastLine(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	l := lines[len(lines)-1]
	if l == "" {
		return "no output"
	}
	return "last line: " + l
}

// NormalizeNumber drops digit-group separators so 1,065,754 equals 1065754.
func NormalizeNumber(s string) string {
	r := strings.NewReplacer(",", "", "\u202f", "", "\u2009", "", "_", "")
	return r.Replace(strings.TrimSpace(s))
}

// FormatLike writes measured in the style of stated: with commas between digit
// groups when stated has them.
func FormatLike(stated, measured string) string {
	if !strings.Contains(stated, ",") {
		return measured
	}
	if _, err := strconv.ParseUint(measured, 10, 64); err != nil {
		return measured
	}
	var b strings.Builder
	for i, r := range measured {
		if i > 0 && (len(measured)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
