package board

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// testdataDir is the repository's test data folder.
const testdataDir = "../../testdata"

// epdRecord is one line of an EPD file: the position's FEN fields (four, or
// six when the line carries clocks) and the rest of the line.
type epdRecord struct {
	file string
	line int
	fen  string
	rest string
}

// readEPD reads the records of an EPD file, skipping blank lines. It copes
// with CRLF line ends, tabs and a missing final newline.
func readEPD(t testing.TB, name string) []epdRecord {
	t.Helper()
	f, err := os.Open(filepath.Join(testdataDir, name))
	require.NoError(t, err)
	defer f.Close()
	var records []epdRecord
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) < 4 {
			continue
		}
		k := 4
		if len(fields) >= 6 && isNumber(fields[4]) && isNumber(fields[5]) {
			k = 6
		}
		records = append(records, epdRecord{name, n, strings.Join(fields[:k], " "), strings.Join(fields[k:], " ")})
	}
	require.NoError(t, sc.Err())
	return records
}

// isNumber reports whether s is a decimal number.
func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// perftCase is a position with its perft counts, by increasing depth.
type perftCase struct {
	name   string
	fen    string
	counts []perftCount
}

// perftCount is the number of leaf nodes of a perft to a depth.
type perftCount struct {
	depth int
	nodes uint64
}

// readPerftEPD reads an EPD file whose records end in ";D1 n ;D2 n …".
func readPerftEPD(t testing.TB, name string) []perftCase {
	t.Helper()
	var cases []perftCase
	for _, r := range readEPD(t, name) {
		c := perftCase{name: name + ":" + strconv.Itoa(r.line), fen: r.fen}
		for _, op := range strings.Split(r.rest, ";") {
			fields := strings.Fields(op)
			if len(fields) != 2 || !strings.HasPrefix(fields[0], "D") {
				continue
			}
			d, err := strconv.Atoi(fields[0][1:])
			require.NoError(t, err, "%s: %q", c.name, op)
			n, err := strconv.ParseUint(fields[1], 10, 64)
			require.NoError(t, err, "%s: %q", c.name, op)
			c.counts = append(c.counts, perftCount{d, n})
		}
		cases = append(cases, c)
	}
	return cases
}

// readTrickyPerft reads tricky.perft: blocks of "id NAME", "epd FEN" and
// "perft DEPTH COUNT" lines, with "#" comments.
func readTrickyPerft(t testing.TB) []perftCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testdataDir, "tricky.perft"))
	require.NoError(t, err)
	var cases []perftCase
	for _, text := range strings.Split(string(data), "\n") {
		fields := strings.Fields(text)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		switch fields[0] {
		case "id":
			cases = append(cases, perftCase{name: "tricky.perft:" + fields[1]})
		case "epd":
			cases[len(cases)-1].fen = strings.Join(fields[1:], " ")
		case "perft":
			d, err := strconv.Atoi(fields[1])
			require.NoError(t, err)
			n, err := strconv.ParseUint(fields[2], 10, 64)
			require.NoError(t, err)
			c := &cases[len(cases)-1]
			c.counts = append(c.counts, perftCount{d, n})
		}
	}
	return cases
}

// testPositions returns a varied set of positions for the tree-walking tests:
// the perft suites' positions (Chess960 ones included), every step'th.
func testPositions(t *testing.T, step int) []*Position {
	var fens []string
	for _, c := range readPerftEPD(t, "standard.epd") {
		fens = append(fens, c.fen)
	}
	for _, c := range readTrickyPerft(t) {
		fens = append(fens, c.fen)
	}
	for i, c := range readPerftEPD(t, "fischer.epd") {
		if i%10 == 0 {
			fens = append(fens, c.fen)
		}
	}
	var positions []*Position
	for i, fen := range fens {
		if i%step != 0 {
			continue
		}
		p, err := ParseFEN(fen)
		require.NoError(t, err)
		positions = append(positions, p)
	}
	return positions
}
