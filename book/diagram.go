package book

import (
	"fmt"
	"sort"
	"strings"
)

// A Diagram is a board diagram: a position, the squares and arrows the text
// talks about, and a caption. A chapter writes it as a fenced block whose
// language is board (see the package documentation); the site draws it as
// inline SVG and the check asks the engine whether the position and its moves
// are legal.
type Diagram struct {
	FEN       string   // the position, as the engine reads it
	Name      string   // the named position it came from ("" for a FEN)
	Squares   []string // highlighted squares, e.g. "e4"
	Arrows    []Arrow  // in the order written: moves, illegal moves, x-rays, pins, arrows
	Caption   string
	Labels    string     // "", "index" (each square's number) or "name" (e4)
	Flipped   bool       // Black at the bottom
	placement [8][8]byte // [rank][file] piece letter, 0 for empty (rank 0 is the first)
}

// An ArrowKind says what an arrow shows and how the check treats it.
type ArrowKind string

// The arrow kinds, named as the block attributes that list them.
const (
	ArrowMove    ArrowKind = "moves"   // a legal move in the position (checked)
	ArrowIllegal ArrowKind = "illegal" // a move that looks possible and is not legal (checked)
	ArrowXray    ArrowKind = "xrays"   // an attack through another piece
	ArrowPin     ArrowKind = "pins"    // a pin ray: pinner to king through the pinned piece
	ArrowPlain   ArrowKind = "arrows"  // any other arrow (not checked)
)

// An Arrow goes from one square to another; a move may name a promotion piece.
type Arrow struct {
	Kind     ArrowKind
	From, To string
	Promo    string // "q", "r", "b", "n" or ""
}

// UCI returns the arrow as a move in UCI notation: e2e4, a7a8q.
func (a Arrow) UCI() string { return a.From + a.To + a.Promo }

// diagramAttrs are the attributes a board block may have.
var diagramAttrs = map[string]bool{"fen": true, "position": true, "squares": true, "caption": true,
	"labels": true, "flip": true, string(ArrowMove): true, string(ArrowIllegal): true,
	string(ArrowXray): true, string(ArrowPin): true, string(ArrowPlain): true}

// ParseDiagram reads a board block's attributes and body (the FEN, or
// empty when an attribute names the position). It checks what can be
// checked without the engine: the FEN's placement, side and field count, the
// square names and that each arrow starts on a piece; the check asks the
// engine about the rest.
func ParseDiagram(attrs map[string]string, body string) (*Diagram, error) {
	for _, k := range sortedAttrNames(attrs) {
		if !diagramAttrs[k] {
			return nil, fmt.Errorf("board: unknown attribute %q", k)
		}
	}
	d := &Diagram{Caption: strings.TrimSpace(attrs["caption"]), Labels: attrs["labels"]}
	fen := attrs["fen"]
	if body = strings.TrimSpace(body); body != "" {
		if fen != "" {
			return nil, fmt.Errorf("board: the FEN is given twice, as the body and as fen")
		}
		fen = body
	}
	if err := d.readPosition(fen, attrs["position"]); err != nil {
		return nil, err
	}
	if d.Caption == "" {
		return nil, fmt.Errorf("board: caption is missing (one line saying what the diagram shows)")
	}
	if d.Labels != "" && d.Labels != "index" && d.Labels != "name" {
		return nil, fmt.Errorf("board: labels %q: want index or name", d.Labels)
	}
	switch attrs["flip"] {
	case "", "false":
	case "true":
		d.Flipped = true
	default:
		return nil, fmt.Errorf("board: flip %q: want true or false", attrs["flip"])
	}
	for _, sq := range strings.Fields(attrs["squares"]) {
		if _, _, ok := SquareCoords(sq); !ok {
			return nil, fmt.Errorf("board: squares: %q is not a square (a1 to h8)", sq)
		}
		d.Squares = append(d.Squares, sq)
	}
	for _, k := range []ArrowKind{ArrowMove, ArrowIllegal, ArrowXray, ArrowPin, ArrowPlain} {
		if err := d.readArrows(k, attrs[string(k)]); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// sortedAttrNames returns the attribute names in order, so the first unknown
// one reported is the same on every run.
func sortedAttrNames(attrs map[string]string) []string {
	var names []string
	for k := range attrs {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// readPosition reads exactly one of fen and position (a named position).
func (d *Diagram) readPosition(fen, name string) error {
	switch {
	case fen != "" && name != "":
		return fmt.Errorf("board: give fen or position, not both")
	case name != "":
		f, ok := namedPositions[name]
		if !ok {
			return fmt.Errorf("board: unknown position %q (known: %s)", name, strings.Join(PositionNames(), ", "))
		}
		d.FEN, d.Name = f, name
	case fen != "":
		d.FEN = strings.Join(strings.Fields(fen), " ")
	default:
		return fmt.Errorf("board: fen or position is missing")
	}
	return d.readPlacement()
}

// Piece returns the piece letter on the square (file and rank from 0, a1 is
// 0, 0), or 0 for an empty square.
func (d *Diagram) Piece(file, rank int) byte { return d.placement[rank][file] }

// PositionName returns the name of a named position's FEN, if it has one.
func PositionName(fen string) (string, bool) {
	for _, name := range PositionNames() {
		if namedPositions[name] == fen {
			return name, true
		}
	}
	return "", false
}

// PositionNames lists the named positions in order.
func PositionNames() []string {
	var names []string
	for k := range namedPositions {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// readPlacement reads the FEN's placement and side fields into the board.
func (d *Diagram) readPlacement() error {
	fields := strings.Fields(d.FEN)
	if len(fields) < 4 || len(fields) > 6 {
		return fmt.Errorf("board: fen %q: want 4 to 6 fields, got %d", d.FEN, len(fields))
	}
	if fields[1] != "w" && fields[1] != "b" {
		return fmt.Errorf("board: fen %q: side to move %q: want w or b", d.FEN, fields[1])
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return fmt.Errorf("board: fen %q: want 8 ranks separated by '/', got %d", d.FEN, len(ranks))
	}
	for i, text := range ranks {
		if err := d.readRank(7-i, text); err != nil {
			return fmt.Errorf("board: fen %q: %v", d.FEN, err)
		}
	}
	return nil
}

// readRank reads one rank of the placement (r = 0 is the first rank).
func (d *Diagram) readRank(r int, text string) error {
	file := 0
	for _, c := range text {
		switch {
		case c >= '1' && c <= '8':
			file += int(c - '0')
		case strings.ContainsRune("pnbrqkPNBRQK", c):
			if file < 8 {
				d.placement[r][file] = byte(c)
			}
			file++
		default:
			return fmt.Errorf("rank %d %q: unknown piece %q", r+1, text, c)
		}
	}
	if file != 8 {
		return fmt.Errorf("rank %d %q: describes %d squares, want 8", r+1, text, file)
	}
	return nil
}

// readArrows reads one arrow attribute: a space-separated list of from-to
// square pairs (e2e4, or a7a8q for a promotion among the moves).
func (d *Diagram) readArrows(k ArrowKind, list string) error {
	for _, w := range strings.Fields(list) {
		a := Arrow{Kind: k}
		if len(w) == 5 && (k == ArrowMove || k == ArrowIllegal) && strings.ContainsRune("qrbn", rune(w[4])) {
			a.Promo, w = w[4:], w[:4]
		}
		if len(w) != 4 {
			return fmt.Errorf("board: %s: %q is not a from-to pair like e2e4", k, w+a.Promo)
		}
		a.From, a.To = w[:2], w[2:]
		ff, fr, ok1 := SquareCoords(a.From)
		_, _, ok2 := SquareCoords(a.To)
		switch {
		case !ok1 || !ok2 || a.From == a.To:
			return fmt.Errorf("board: %s: %q is not a from-to pair like e2e4", k, w+a.Promo)
		case k != ArrowPlain && d.placement[fr][ff] == 0:
			return fmt.Errorf("board: %s: %s: no piece on %s", k, w+a.Promo, a.From)
		}
		d.Arrows = append(d.Arrows, a)
	}
	return nil
}

// SquareCoords returns a square name's file and rank, 0-based.
func SquareCoords(sq string) (file, rank int, ok bool) {
	if len(sq) != 2 || sq[0] < 'a' || sq[0] > 'h' || sq[1] < '1' || sq[1] > '8' {
		return 0, 0, false
	}
	return int(sq[0] - 'a'), int(sq[1] - '1'), true
}

// Judge returns what is wrong with the diagram's moves given the legal ones.
func (d *Diagram) Judge(legal map[string]bool) []string {
	var msgs []string
	for _, a := range d.Arrows {
		switch {
		case a.Kind == ArrowMove && !legal[a.UCI()]:
			msgs = append(msgs, fmt.Sprintf("move %s is not legal in %s (%d legal moves)", a.UCI(), d.FEN, len(legal)))
		case a.Kind == ArrowIllegal && legal[a.UCI()]:
			msgs = append(msgs, fmt.Sprintf("move %s is marked illegal but is legal in %s", a.UCI(), d.FEN))
		}
	}
	return msgs
}
