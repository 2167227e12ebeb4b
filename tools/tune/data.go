package main

import (
	"bufio"
	"bytes"
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
	param int32
	n     float32 // a small whole number: exact as a float32
}

// A position is one line of the data, ready for the tuner: its game's result
// for White (1, ½ or 0), the shares of the middlegame and endgame scores in
// its tapered score, and the nonzero coefficients of its evaluation.
type position struct {
	result float64
	mg, eg float64 // the trace's MiddlegameShare and EndgameShare
	coefs  []coef
	game   int // the game's number in the file, from 0
	move   int // the FEN's fullmove number
}

// loadData reads every piece the manifest lists from dir, checks each
// file's checksum against the manifest, and traces each position's
// evaluation with every term of stage 19 on. Games are numbered on from one
// piece to the next. It returns the positions in piece order and the sha256
// of the pieces' data, one file after the other.
func loadData(manifest, dir string) ([]position, string, error) {
	rows, err := readManifest(manifest)
	if err != nil {
		return nil, "", err
	}
	if len(rows) == 0 {
		return nil, "", fmt.Errorf("data: %s lists no pieces", manifest)
	}
	hash := sha256.New()
	var all []position
	for _, r := range rows {
		path := pieceFile(dir, r.n)
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, "", fmt.Errorf("data: %w (make tune-data plays it)", err)
		}
		if sum := fmt.Sprintf("%x", sha256.Sum256(src)); sum != r.sha256 {
			return nil, "", fmt.Errorf("data: %s has sha256 %s, want %s (%s)", path, sum, r.sha256, manifest)
		}
		hash.Write(src)
		positions, err := readData(bytes.NewReader(src))
		if err != nil {
			return nil, "", fmt.Errorf("data %s: %w", path, err)
		}
		if len(positions) == 0 {
			return nil, "", fmt.Errorf("data %s: no positions (piece %d of %s)", path, r.n, manifest)
		}
		all = append(all, renumbered(positions, all)...)
	}
	return all, fmt.Sprintf("%x", hash.Sum(nil)), nil
}

// renumbered returns a piece's positions with their games numbered on from
// the last game of before.
func renumbered(positions, before []position) []position {
	if len(before) == 0 {
		return positions
	}
	first := before[len(before)-1].game + 1
	for i := range positions {
		positions[i].game += first
	}
	return positions
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
	if err := lines.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", len(positions)+1, err)
	}
	return positions, nil
}

// validationEvery holds one game in so many out of the fit: the tuner
// reports the loss on those games too, which the weights have not seen.
const validationEvery = 10

// split returns the positions of the games the tuner fits (game numbers not
// ≡ validationEvery−1) and of the games it holds out, each in file order.
// Data of fewer than validationEvery games has no held-out part, and no
// loss to check the fit against: it is an error.
func split(data []position) (fit, held []position, err error) {
	for _, p := range data {
		if p.game%validationEvery == validationEvery-1 {
			held = append(held, p)
		} else {
			fit = append(fit, p)
		}
	}
	if len(held) == 0 || len(fit) == 0 {
		games := 0
		if len(data) > 0 {
			games = data[len(data)-1].game + 1
		}
		return nil, nil, fmt.Errorf("data: %d positions of %d games: every %dth game is held out, so at least %d games are needed",
			len(data), games, validationEvery, validationEvery)
	}
	return fit, held, nil
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
			pos.coefs = append(pos.coefs, coef{param: int32(i), n: float32(n)})
		}
	}
	return pos, nil
}
