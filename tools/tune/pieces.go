package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// The self-play data comes in numbered pieces, each a fixed set of openings
// played to the end and written to a file of its own, with its checksum in
// a committed manifest: a run cut off loses at most the piece it was playing,
// and the next run plays only the pieces missing.
//
// Piece n (1..pieceCount) plays every opening whose line number (from 0) is
// n−1 modulo pieceCount, first of openingFiles[0], then of openingFiles[1]:
// about a thousand games, spread evenly over both sorted files.
const pieceCount = 47

// openingFiles are the opening sets the pieces are cut from: Stockfish's
// two-move book (40,457 openings) and its "noob" book (7,314).
var openingFiles = [2]string{"testdata/2moves_v1.epd", "testdata/noob_2moves.epd"}

// A piece is one row of the manifest: what a piece's file holds.
type piece struct {
	n         int
	games     [2]int // from each opening file
	results   [3]int // by result: black wins, draws, white wins
	positions int    // positions searched
	kept      int    // positions written
	bytes     int64
	sha256    string
}

// manifestHeader is the manifest's first line, naming its columns.
const manifestHeader = "piece\t2moves\tnoob\twhite\tdraws\tblack\tpositions\tkept\tbytes\tsha256"

// String returns the piece's manifest row.
func (p piece) String() string {
	return fmt.Sprintf("%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s", p.n, p.games[0], p.games[1],
		p.results[whiteWins], p.results[draw], p.results[blackWins], p.positions, p.kept, p.bytes, p.sha256)
}

// pieceFile returns the path of piece n's data in dir.
func pieceFile(dir string, n int) string {
	return filepath.Join(dir, fmt.Sprintf("piece-%02d.txt", n))
}

// pieceOpenings returns the start positions of piece n, and how many of them
// come from each opening file; root is the module's root.
func pieceOpenings(root string, n int) ([]string, [2]int, error) {
	var starts []string
	var from [2]int
	for f, name := range openingFiles {
		fens, err := everyNth(filepath.Join(root, name), n-1, pieceCount)
		if err != nil {
			return nil, from, err
		}
		starts = append(starts, fens...)
		from[f] = len(fens)
	}
	return starts, from, nil
}

// readManifest reads the manifest's rows, in piece order; a missing file is
// an empty manifest.
func readManifest(path string) ([]piece, error) {
	src, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	var rows []piece
	lines := bufio.NewScanner(bytes.NewReader(src))
	for i := 1; lines.Scan(); i++ {
		if i == 1 && lines.Text() == manifestHeader {
			continue
		}
		p, err := parsePiece(lines.Text())
		if err != nil || (len(rows) > 0 && p.n <= rows[len(rows)-1].n) {
			return nil, fmt.Errorf("manifest %s:%d: %q: want a row of %q in piece order", path, i, lines.Text(), manifestHeader)
		}
		rows = append(rows, p)
	}
	return rows, nil
}

// parsePiece reads one manifest row.
func parsePiece(line string) (piece, error) {
	f := strings.Split(line, "\t")
	if len(f) != 10 {
		return piece{}, fmt.Errorf("want 10 fields, have %d", len(f))
	}
	var nums [9]int64
	for i := range nums {
		v, err := strconv.ParseInt(f[i], 10, 64)
		if err != nil {
			return piece{}, err
		}
		nums[i] = v
	}
	p := piece{n: int(nums[0]), games: [2]int{int(nums[1]), int(nums[2])},
		positions: int(nums[6]), kept: int(nums[7]), bytes: nums[8], sha256: f[9]}
	p.results[whiteWins], p.results[draw], p.results[blackWins] = int(nums[3]), int(nums[4]), int(nums[5])
	if p.n < 1 || p.n > pieceCount || len(p.sha256) != 64 {
		return piece{}, fmt.Errorf("piece %d of 1..%d, sha256 %q", p.n, pieceCount, p.sha256)
	}
	return p, nil
}

// writeManifest writes the rows, sorted by piece, under the header; it
// writes a temporary file and renames it, so a run cut off leaves the old
// manifest or the new one.
func writeManifest(path string, rows []piece) error {
	var b strings.Builder
	b.WriteString(manifestHeader + "\n")
	for _, p := range rows {
		b.WriteString(p.String() + "\n")
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("manifest: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("manifest: %w", err)
	}
	return nil
}

// withPiece returns rows with p added in its place (rows has no piece p.n).
func withPiece(rows []piece, p piece) []piece {
	out := append(append([]piece(nil), rows...), p)
	slices.SortFunc(out, func(a, b piece) int { return a.n - b.n })
	return out
}

// parseRange reads a list of pieces such as "1-13" or "3" or "1-4,9".
func parseRange(s string) ([]int, error) {
	var ns []int
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		b := a
		if err == nil && isRange {
			b, err = strconv.Atoi(hi)
		}
		if err != nil || a < 1 || b < a || b > pieceCount {
			return nil, fmt.Errorf("pieces %q: want pieces of 1..%d such as 1-13 or 2,5", s, pieceCount)
		}
		for n := a; n <= b; n++ {
			ns = append(ns, n)
		}
	}
	return ns, nil
}
