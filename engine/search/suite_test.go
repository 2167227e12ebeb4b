package search

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
	"cb2026/stages"
)

// san returns the standard algebraic notation of m in p, without the check
// suffix: enough to match an EPD suite's "bm" moves.
func san(p *board.Position, m board.Move) string {
	if m.IsCastling() {
		if m.To().File() > m.From().File() {
			return "O-O"
		}
		return "O-O-O"
	}
	from, to := m.From(), m.To()
	var sb strings.Builder
	t := p.Moving(m).Type()
	if t == board.Pawn {
		if p.IsCapture(m) {
			sb.WriteString(from.String()[:1] + "x")
		}
		sb.WriteString(to.String())
		if m.IsPromotion() {
			sb.WriteString("=" + strings.ToUpper(m.Promotion().String()))
		}
		return sb.String()
	}
	sb.WriteString(strings.ToUpper(t.String()))
	sameFile, sameRank, ambiguous := false, false, false
	for _, o := range legalMoves(p) {
		if o != m && o.To() == to && !o.IsCastling() && p.Moving(o).Type() == t {
			ambiguous = true
			sameFile = sameFile || o.From().File() == from.File()
			sameRank = sameRank || o.From().Rank() == from.Rank()
		}
	}
	switch {
	case ambiguous && !sameFile:
		sb.WriteString(from.String()[:1])
	case ambiguous && !sameRank:
		sb.WriteString(from.String()[1:])
	case ambiguous:
		sb.WriteString(from.String())
	}
	if p.IsCapture(m) {
		sb.WriteString("x")
	}
	sb.WriteString(to.String())
	return sb.String()
}

// parseSAN finds the legal move of p written as text in SAN.
func parseSAN(p *board.Position, text string) (board.Move, error) {
	text = strings.TrimRight(text, "+#!?")
	for _, m := range legalMoves(p) {
		if san(p, m) == text {
			return m, nil
		}
	}
	return board.NoMove, fmt.Errorf("san %q: no such legal move in %s", text, p.FEN())
}

// readSuite reads an EPD test suite with "bm" or "am" operations.
func readSuite(t testing.TB, path string) []Problem {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var problems []Problem
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 {
			continue
		}
		p := mustFEN(t, strings.Join(fields[:4], " ")+" 0 1")
		pr := Problem{Position: p}
		ops := strings.Join(fields[4:], " ")
		for op := range strings.SplitSeq(ops, ";") {
			words := strings.Fields(op)
			if len(words) < 2 || (words[0] != "bm" && words[0] != "am") {
				continue
			}
			for _, w := range words[1:] {
				m, err := parseSAN(p, w)
				require.NoError(t, err, sc.Text())
				if words[0] == "bm" {
					pr.Best = append(pr.Best, m)
				} else {
					pr.Avoid = append(pr.Avoid, m)
				}
			}
		}
		problems = append(problems, pr)
	}
	require.NoError(t, sc.Err())
	return problems
}

func TestSAN(t *testing.T) {
	p := mustFEN(t, benchPositions[1].FEN)
	for uci, want := range map[string]string{
		"e1g1": "O-O", "e1c1": "O-O-O", "e5f7": "Nxf7", "d5e6": "dxe6",
		"f3f6": "Qxf6", "e2a6": "Bxa6", "c3b1": "Nb1", "d2c1": "Bc1",
	} {
		assert.Equal(t, want, san(p, mustMove(t, p, uci)), uci)
	}
	// Two knights can reach d2 in this position: Nbd2 and Nfd2.
	p = mustFEN(t, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
	assert.Equal(t, "Nbd2", san(p, mustMove(t, p, "b1d2")))
	assert.Equal(t, "Nfd2", san(p, mustMove(t, p, "f3d2")))
}

// TestWinAtChess solves the first positions of Win at Chess at a small node
// budget. Set CB2026_WAC=nodes to run all 300 at that budget and print the
// count.
func TestWinAtChess(t *testing.T) {
	problems := readSuite(t, "../../testdata/wacnew.epd")
	require.Len(t, problems, 300)
	if budget, err := strconv.ParseUint(os.Getenv("CB2026_WAC"), 10, 64); err == nil {
		solved := Solve(current(), problems, budget, nil)
		t.Logf("%s: WAC %d/300 at %d nodes", stages.Selected().Name(), solved, budget)
		return
	}
	if stages.Current < 8 {
		t.Skip("no quiescence search before stage 8")
	}
	solved := Solve(current(), problems[:40], 20000, nil)
	t.Logf("WAC 1–40 at 20,000 nodes: %d solved", solved)
	assert.GreaterOrEqual(t, solved, 20, "WAC 1–40 at 20,000 nodes")
}
