// Package results owns a match's results file, results.json: its schema
// (Summary), reading it (Read, ReadDir) and pooling the pieces of a match
// played in parts (Pool). tools/match writes it and pools pieces with match
// combine; the site reads it for the front page's anchor matches and the
// stage ladder. A results file that cannot be read or parsed is an error
// that names it, never a match left out. A match left out on purpose says
// why in its folder's VoidFile (Void).
package results

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"cb2026/internal/stats"
)

// File is the name of a match's results file in its results folder.
const File = "results.json"

// Summary is what a match's results file holds, for the book to cite.
type Summary struct {
	Command      string         `json:"command"`
	Engines      []string       `json:"engines"`
	Limits       string         `json:"limits"`
	Openings     string         `json:"openings"`
	Seed         uint64         `json:"seed"`
	Concurrency  int            `json:"concurrency"`
	Adjudication string         `json:"adjudication"`
	GamesPlanned int            `json:"games_planned"`
	Games        int            `json:"games"`
	Wins         int            `json:"wins"`
	Draws        int            `json:"draws"`
	Losses       int            `json:"losses"`
	Unfinished   int            `json:"unfinished"`
	Pentanomial  [5]int         `json:"pentanomial"`
	Score        Float          `json:"score"`
	Elo          Float          `json:"elo"`
	EloError     Float          `json:"elo_error95"`
	NElo         Float          `json:"nelo"`
	NEloError    Float          `json:"nelo_error95"`
	LOS          Float          `json:"los"`
	SPRT         *SPRT          `json:"sprt,omitempty"`
	Clocks       [][]ClockMark  `json:"clocks,omitempty"` // per engine, with a clock
	Failures     map[string]int `json:"failures"`
	Endings      map[string]int `json:"endings"`
	Started      time.Time      `json:"started"`
	Seconds      float64        `json:"seconds"`
	Machine      string         `json:"machine"`    // processors, OS/architecture, Go release
	LoadStart    string         `json:"load_start"` // one-minute load average when the match began
	LoadEnd      string         `json:"load_end"`   // and when it ended
	PGN          string         `json:"pgn"`
	Interrupted  string         `json:"interrupted,omitempty"` // the signal that cut the match short, e.g. "terminated"
	Resumed      int            `json:"resumed,omitempty"`     // games read back from games.pgn when the match was resumed
}

// SPRT is the test's settings and outcome.
type SPRT struct {
	Elo0    float64 `json:"elo0"`
	Elo1    float64 `json:"elo1"`
	Alpha   float64 `json:"alpha"`
	Beta    float64 `json:"beta"`
	Model   string  `json:"model"`
	LLR     float64 `json:"llr"`
	Lower   float64 `json:"lower"`
	Upper   float64 `json:"upper"`
	Verdict string  `json:"verdict"`
	// DecidedGames and DecidedLLR are the games counted and the LLR when
	// the LLR first crossed a bound and the match stopped: Verdict is the
	// verdict then, though the pairs still under way, finished and
	// counted, may take the final LLR back inside the bounds. Zero when
	// the test did not decide, and for pooled matches.
	DecidedGames int     `json:"decided_games,omitempty"`
	DecidedLLR   float64 `json:"decided_llr,omitempty"`
}

// ClockMark is one engine's clock at one reported move, over the games that
// reached that move.
type ClockMark struct {
	Move  int     `json:"move"`
	Games int     `json:"games"`
	Mean  float64 `json:"mean_ms"` // the mean time left when asked to move
	Min   int64   `json:"min_ms"`
}

// Float is a float that JSON writes as null when it is infinite or NaN (an
// Elo after a 100% score), which JSON numbers cannot hold. Read leaves a
// null as 0 and Estimate computes it again.
type Float float64

// MarshalJSON writes the number, or null.
func (f Float) MarshalJSON() ([]byte, error) {
	x := float64(f)
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return []byte("null"), nil
	}
	return json.Marshal(x)
}

// Estimate fills the score, the Elo and the LOS of a summary from its pairs.
func (s *Summary) Estimate() {
	e := s.Pairs().Estimate()
	s.Score, s.Elo, s.EloError = Float(e.Score), Float(e.Elo), Float(e.EloError)
	s.NElo, s.NEloError, s.LOS = Float(e.NElo), Float(e.NEloError), Float(e.LOS)
}

// Pairs returns the summary's pair counts.
func (s *Summary) Pairs() stats.Pentanomial { return stats.Pentanomial(s.Pentanomial) }

// Read reads a results file, with its Elo, score and LOS computed again from
// its pairs (the file keeps an infinite Elo as null). A file that cannot be
// read, is not JSON of this schema or does not name two engines is an
// error that names its path.
func Read(path string) (Summary, error) {
	var s Summary
	data, err := os.ReadFile(path)
	if err != nil {
		return s, fmt.Errorf("results: %w", err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return s, fmt.Errorf("results: %s: %w", path, err)
	}
	if len(s.Engines) != 2 {
		return s, fmt.Errorf("results: %s: %d engines, want 2", path, len(s.Engines))
	}
	s.Estimate()
	return s, nil
}

// ReadDir reads the results file of a results folder.
func ReadDir(dir string) (Summary, error) { return Read(filepath.Join(dir, File)) }

// VoidFile, in a results folder, says why the match there does not count:
// played on a loaded machine, say. Its games stay as played, and its page
// shows the reason; pooling leaves it out (match combine, the front page's
// anchor matches).
const VoidFile = "void.txt"

// Void returns why the match in a results folder does not count, read from
// its VoidFile, or "" when it has none. An empty VoidFile is an error: a
// match is not left out without a reason.
func Void(dir string) (string, error) {
	path := filepath.Join(dir, VoidFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("results: %w", err)
	}
	reason := strings.Join(strings.Fields(string(data)), " ")
	if reason == "" {
		return "", fmt.Errorf("results: %s is empty: say why the match does not count, or remove it", path)
	}
	return reason, nil
}

// A Piece is one part of a match played in parts: its results folder and
// what its results file holds.
type Piece struct {
	Dir string
	Summary
}

// Pool adds up the pieces of one match (the same engines, limits, openings
// and adjudication, each piece with its own seed) as if they were one match:
// their games, pair counts, endings and failures, with the Elo of the pooled
// pairs. Its start is the first piece's. Pieces of different matches are an
// error that names the two folders.
func Pool(pieces []Piece) (Summary, error) {
	if len(pieces) == 0 {
		return Summary{}, fmt.Errorf("results: no pieces to pool")
	}
	first := pieces[0]
	all := Summary{Engines: first.Engines, Limits: first.Limits, Openings: first.Openings, Adjudication: first.Adjudication,
		Started: first.Started, Failures: map[string]int{}, Endings: map[string]int{}}
	for _, p := range pieces {
		if err := SameMatch(first, p); err != nil {
			return Summary{}, err
		}
		all.GamesPlanned += p.GamesPlanned
		all.Unfinished += p.Unfinished
		for k, n := range p.Failures {
			all.Failures[k] += n
		}
		for k, n := range p.Endings {
			all.Endings[k] += n
		}
		for j := range all.Pentanomial {
			all.Pentanomial[j] += p.Pentanomial[j]
		}
		all.Wins, all.Draws, all.Losses = all.Wins+p.Wins, all.Draws+p.Draws, all.Losses+p.Losses
	}
	all.Games = all.Wins + all.Draws + all.Losses
	all.Estimate()
	return all, nil
}

// SameMatch reports an error, naming both folders, unless two pieces
// played the same match: the same engines, limits, openings and
// adjudication, as Pool requires.
func SameMatch(a, b Piece) error {
	switch {
	case len(a.Engines) != 2 || len(b.Engines) != 2:
		return fmt.Errorf("results: %s has %d engines, %s has %d; want 2", a.Dir, len(a.Engines), b.Dir, len(b.Engines))
	case a.Engines[0] != b.Engines[0] || a.Engines[1] != b.Engines[1]:
		return fmt.Errorf("results: %s plays %s vs %s, %s plays %s vs %s", b.Dir, b.Engines[0], b.Engines[1], a.Dir, a.Engines[0], a.Engines[1])
	case a.Limits != b.Limits:
		return fmt.Errorf("results: %s has limits %s, %s has %s", b.Dir, b.Limits, a.Dir, a.Limits)
	case a.Openings != b.Openings:
		return fmt.Errorf("results: %s has openings %s, %s has %s", b.Dir, b.Openings, a.Dir, a.Openings)
	case a.Adjudication != b.Adjudication:
		return fmt.Errorf("results: %s has adjudication %s, %s has %s", b.Dir, b.Adjudication, a.Dir, a.Adjudication)
	}
	return nil
}
