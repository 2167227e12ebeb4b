package main

import (
	"bufio"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"strings"

	"cb2026/engine/board"
	"cb2026/engine/eval"
)

// A coef is one nonzero coefficient of a position's trace: weight param
// counts n times (White's count minus Black's).
type coef struct {
	param int
	n     float64
}

// A position is one line of the data, ready for the tuner: its game's result
// for White (1, ½ or 0), the shares of the middlegame and endgame scores in
// its tapered score, and the nonzero coefficients of its evaluation.
type position struct {
	result float64
	mg, eg float64 // phase/24 and 1 − phase/24
	coefs  []coef
	game   int // the game's number in the file, from 0
	move   int // the FEN's fullmove number
}

// loadData reads a data file of gen and traces each position's evaluation
// with every term of stage 19 on. It returns the positions in file order and
// the file's sha256.
func loadData(path string) ([]position, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, "", fmt.Errorf("data: %w", err)
	}
	defer f.Close()
	hash := sha256.New()
	positions, err := readData(io.TeeReader(f, hash))
	if err != nil {
		return nil, "", fmt.Errorf("data %s: %w", path, err)
	}
	return positions, fmt.Sprintf("%x", hash.Sum(nil)), nil
}

// readData reads "FEN;result" lines. The file does not mark where a game
// ends, but a game's moves only count up: a line whose fullmove number is
// lower than the line before's, or whose result differs, starts a new game.
func readData(r io.Reader) ([]position, error) {
	var positions []position
	lines := bufio.NewScanner(r)
	for n := 1; lines.Scan(); n++ {
		p, err := parseLine(lines.Text())
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if k := len(positions); k > 0 {
			last := positions[k-1]
			p.game = last.game
			if p.move < last.move || p.result != last.result {
				p.game++
			}
		}
		positions = append(positions, p)
	}
	return positions, lines.Err()
}

// validationEvery holds one game in so many out of the fit: the tuner
// reports the loss on those games too, which the weights have not seen.
const validationEvery = 10

// split returns the positions of the games the tuner fits (game numbers not
// ≡ validationEvery−1) and of the games it holds out, each in file order.
func split(data []position) (fit, held []position) {
	for _, p := range data {
		if p.game%validationEvery == validationEvery-1 {
			held = append(held, p)
		} else {
			fit = append(fit, p)
		}
	}
	return fit, held
}

// results maps the result field of a data line to White's score.
var results = map[string]float64{"1.0": 1, "0.5": 0.5, "0.0": 0}

// parseLine reads one data line and traces its position.
func parseLine(line string) (position, error) {
	fen, res, ok := strings.Cut(line, ";")
	result, known := results[res]
	if !ok || !known {
		return position{}, fmt.Errorf("%q: want FEN;1.0, FEN;0.5 or FEN;0.0", line)
	}
	p, err := board.ParseFEN(fen)
	if err != nil {
		return position{}, err
	}
	tr := eval.TraceTerms(p, eval.AllTerms())
	phase := tr.MiddlegameShare()
	pos := position{result: result, mg: phase, eg: tr.EndgameShare(), move: p.FullmoveNumber()}
	for i, n := range tr.Coef {
		if n != 0 {
			pos.coefs = append(pos.coefs, coef{param: i, n: float64(n)})
		}
	}
	return pos, nil
}
