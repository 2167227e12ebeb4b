// Package openings loads opening sets for matches, from EPD files (one
// position a line) or PGN files (one move sequence a game, possibly zipped),
// and orders them by a seed.
package openings

import (
	"archive/zip"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"cb2026/engine/board"
	"cb2026/engine/pgn"
	"cb2026/tools/internal/epd"
)

// Opening is where a game starts: a position and moves played from it.
type Opening struct {
	Name  string   // the file and line, for PGN headers
	FEN   string   // the start position
	SAN   []string // the moves in SAN, as read (PGN openings)
	Moves []string // the moves in UCI notation, filled by Resolve
}

// Resolve checks the FEN and converts the SAN moves to UCI moves.
func (o *Opening) Resolve() error {
	p, err := board.ParseFEN(o.FEN)
	if err != nil {
		return fmt.Errorf("opening %s: %w", o.Name, err)
	}
	if o.Moves != nil || len(o.SAN) == 0 {
		return nil
	}
	moves := make([]string, 0, len(o.SAN))
	for _, s := range o.SAN {
		m, err := pgn.ParseSAN(p, s)
		if err != nil {
			return fmt.Errorf("opening %s: %w", o.Name, err)
		}
		moves = append(moves, m.String())
		p.MakeMove(m)
	}
	o.Moves = moves
	return nil
}

// Load reads an opening file by its extension: .epd, .pgn, or a .zip
// holding one .epd or .pgn file. Moves are resolved later, by Resolve, so
// that a large book loads quickly.
func Load(path string) ([]Opening, error) {
	base := filepath.Base(path)
	switch strings.ToLower(filepath.Ext(path)) {
	case ".zip":
		return loadZip(path)
	case ".epd":
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return ReadEPD(f, base)
	case ".pgn":
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return ReadPGN(f, base)
	}
	return nil, fmt.Errorf("openings %s: want .epd, .pgn or .zip", path)
}

// loadZip reads the first .epd or .pgn member of a zip archive.
func loadZip(path string) ([]Opening, error) {
	z, err := zip.OpenReader(path)
	if err != nil {
		return nil, fmt.Errorf("openings: %w", err)
	}
	defer z.Close()
	for _, f := range z.File {
		ext := strings.ToLower(filepath.Ext(f.Name))
		if ext != ".epd" && ext != ".pgn" {
			continue
		}
		r, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("openings %s: %w", path, err)
		}
		defer r.Close()
		if ext == ".epd" {
			return ReadEPD(r, f.Name)
		}
		return ReadPGN(r, f.Name)
	}
	return nil, fmt.Errorf("openings %s: no .epd or .pgn file inside", path)
}

// ReadEPD reads positions, one a line; name labels them in errors and PGN.
func ReadEPD(r io.Reader, name string) ([]Opening, error) {
	recs, err := epd.Read(r)
	if err != nil {
		return nil, fmt.Errorf("openings %s: %w", name, err)
	}
	out := make([]Opening, len(recs))
	for i, rec := range recs {
		out[i] = Opening{Name: fmt.Sprintf("%s:%d", name, rec.Line), FEN: rec.FEN}
	}
	return out, nil
}

// ReadPGN reads one opening per game: its FEN tag (or the start position)
// and its moves.
func ReadPGN(r io.Reader, name string) ([]Opening, error) {
	games, err := pgn.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("openings %s: %w", name, err)
	}
	out := make([]Opening, len(games))
	for i, g := range games {
		fen, ok := g.Tag("FEN")
		if !ok {
			fen = board.StartFEN
		}
		out[i] = Opening{Name: fmt.Sprintf("%s:%d", name, g.Line), FEN: fen, SAN: g.SANs()}
	}
	return out, nil
}

// Order returns the indices 0..n-1 in an order fixed by the seed (seed 0
// keeps the file's order).
func Order(n int, seed uint64) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	if seed != 0 {
		r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
		r.Shuffle(n, func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
	}
	return idx
}
