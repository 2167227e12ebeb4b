package main

import (
	"fmt"
	"strconv"
	"strings"

	"cb2026/engine/board"
	"cb2026/engine/pgn"
	"cb2026/tools/internal/epd"
)

// Problem is one test position with what counts as solving it.
type Problem struct {
	ID     string
	FEN    string
	Best   map[string]bool // bm moves, UCI; empty if the record has none
	Avoid  map[string]bool // am moves, UCI
	Points map[string]int  // c0 points per move, UCI (STS); empty if none
	SAN    map[string]string
	pos    *board.Position
}

// NewProblem reads the record's bm, am and c0 operations, converting their
// SAN moves to UCI in the record's position.
func NewProblem(r epd.Record) (*Problem, error) {
	p, err := board.ParseFEN(r.FEN)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.ID(), err)
	}
	pr := &Problem{ID: r.ID(), FEN: r.FEN, Best: map[string]bool{}, Avoid: map[string]bool{},
		Points: map[string]int{}, pos: p}
	for code, set := range map[string]map[string]bool{"bm": pr.Best, "am": pr.Avoid} {
		sans, _ := r.Get(code)
		for _, s := range sans {
			m, err := pgn.ParseSAN(p, s)
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w", pr.ID, code, err)
			}
			set[m.String()] = true
		}
	}
	if both := pr.both(); both != "" {
		return nil, fmt.Errorf("%s: %s both bm and am: the record contradicts itself", pr.ID, both)
	}
	if c0, ok := r.Get("c0"); ok && len(c0) == 1 {
		pr.Points = readPoints(p, c0[0])
	}
	if len(pr.Best) == 0 && len(pr.Avoid) == 0 && len(pr.Points) == 0 {
		return nil, fmt.Errorf("%s: no bm, am or c0 points", pr.ID)
	}
	return pr, nil
}

// readPoints reads STS's c0 "f5=10, Be5+=2, Bf2=3" into points per UCI
// move. c0 is a free comment in EPD (Arasan's holds game names and links),
// so one that is not such a list gives no points rather than an error.
func readPoints(p *board.Position, c0 string) map[string]int {
	points := map[string]int{}
	for _, item := range strings.Split(c0, ",") {
		san, pts, ok := strings.Cut(strings.TrimSpace(item), "=")
		n, err := strconv.Atoi(pts)
		if !ok || err != nil {
			return map[string]int{}
		}
		m, err := pgn.ParseSAN(p, san)
		if err != nil {
			return map[string]int{}
		}
		points[m.String()] = n
	}
	return points
}

// both returns the moves that are both bm and am moves, in SAN, or "".
func (pr *Problem) both() string {
	common := map[string]bool{}
	for m := range pr.Best {
		if pr.Avoid[m] {
			common[m] = true
		}
	}
	return pr.sanList(common)
}

// HasPoints reports whether the problem is scored by points (STS).
func (pr *Problem) HasPoints() bool { return len(pr.Points) > 0 }

// MaxPoints returns the most points any move earns.
func (pr *Problem) MaxPoints() int {
	best := 0
	for _, n := range pr.Points {
		best = max(best, n)
	}
	return best
}

// Solved reports whether the move solves the problem: it is one of the bm
// moves (if any are given) and none of the am moves.
func (pr *Problem) Solved(move string) bool {
	if len(pr.Best) == 0 && len(pr.Avoid) == 0 {
		return pr.Points[move] == pr.MaxPoints()
	}
	return (len(pr.Best) == 0 || pr.Best[move]) && !pr.Avoid[move]
}

// MoveSAN returns the move in SAN, or the text as given if it is not legal.
func (pr *Problem) MoveSAN(move string) string {
	m, err := pr.pos.ParseMove(move)
	if err != nil {
		return move
	}
	return pgn.SAN(pr.pos, m)
}

// Expected describes what solves the problem, in SAN, for reports.
func (pr *Problem) Expected() string {
	var parts []string
	if len(pr.Best) > 0 {
		parts = append(parts, "bm "+pr.sanList(pr.Best))
	}
	if len(pr.Avoid) > 0 {
		parts = append(parts, "am "+pr.sanList(pr.Avoid))
	}
	return strings.Join(parts, "; ")
}

// sanList prints a move set in SAN, sorted.
func (pr *Problem) sanList(set map[string]bool) string {
	var out []string
	for m := range set {
		out = append(out, pr.MoveSAN(m))
	}
	sortStrings(out)
	return strings.Join(out, " ")
}

// sectionOf returns the STS section of an id like "STS(v1.0) Undermine.001"
// (the id without its number), or "" for other suites.
func sectionOf(id string) string {
	i := strings.LastIndexByte(id, '.')
	if !strings.HasPrefix(id, "STS") || i < 0 {
		return ""
	}
	return id[:i]
}
