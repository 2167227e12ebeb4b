package epd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	tests := []struct {
		line string
		fen  string
		ops  []Op
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3",
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3", nil},
		{`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`,
			"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
			[]Op{{"bm", []string{"Qg6"}}, {"id", []string{"WAC.001"}}}},
		{"8/8/8/8/8/8/8/K6k w - -\tbm Ka2 Kb1; c0 \"Ka2=10, Kb1=3; note\"",
			"8/8/8/8/8/8/8/K6k w - - 0 1",
			[]Op{{"bm", []string{"Ka2", "Kb1"}}, {"c0", []string{"Ka2=10, Kb1=3; note"}}}},
		{"8/8/8/8/8/8/8/K6k b - - hmvc 12; fmvn 40;",
			"8/8/8/8/8/8/8/K6k b - - 12 40",
			[]Op{{"hmvc", []string{"12"}}, {"fmvn", []string{"40"}}}},
	}
	for _, tc := range tests {
		r, err := Parse(tc.line)
		require.NoError(t, err, "Parse(%q)", tc.line)
		assert.Equal(t, tc.fen, r.FEN, "Parse(%q).FEN", tc.line)
		assert.Equal(t, tc.ops, r.Ops, "Parse(%q).Ops", tc.line)
	}
}

func TestParseErrors(t *testing.T) {
	for _, line := range []string{"", "8/8/8 w - -", "8/8/8/8/8/8/8/8 w -", `8/8/8/8/8/8/8/K6k w - - id "open`} {
		_, err := Parse(line)
		assert.Error(t, err, "Parse(%q)", line)
	}
}

func TestReadCRLFAndComments(t *testing.T) {
	in := "# a comment\r\n\r\n8/8/8/8/8/8/8/K6k w - - bm Ka2;\r\n8/8/8/8/8/8/8/K6k b - - am Kh2"
	rs, err := Read(strings.NewReader(in))
	require.NoError(t, err)
	require.Len(t, rs, 2)
	assert.Equal(t, 3, rs[0].Line)
	assert.Equal(t, "line 4", rs[1].ID())
	am, ok := rs[1].Get("am")
	assert.True(t, ok)
	assert.Equal(t, []string{"Kh2"}, am)
	_, err = Read(strings.NewReader("ok/8/8/8/8/8/8/8 w - -\nbad"))
	assert.ErrorContains(t, err, "line 2")
}

// Every EPD file in testdata parses, with the expected number of records.
func TestTestdataFiles(t *testing.T) {
	want := map[string]int{"2moves_v1.epd": 40457, "noob_2moves.epd": 7314, "8mvs_+90_+99.epd": 8533,
		"wac.epd": 300, "wacnew.epd": 300, "arasan2024.epd": 200, "ECM.epd": 879, "ecmgcp.epd": 183,
		"bratko_kopec_test.epd": 24, "STS1-STS15_LAN_v3.epd": 1500}
	for name, n := range want {
		f, err := os.Open(filepath.Join("..", "..", "..", "testdata", name))
		require.NoError(t, err)
		rs, err := Read(f)
		f.Close()
		require.NoError(t, err, name)
		assert.Len(t, rs, n, name)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`)
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3")
	f.Add(`8/8/8/8/8/8/8/K6k w - - c0 "a;b" ; ; x`)
	f.Fuzz(func(t *testing.T, line string) {
		r, err := Parse(line)
		if err != nil {
			return
		}
		assert.Len(t, strings.Fields(r.FEN), 6)
	})
}

// A record longer than the 64 KiB limit is refused with its line number;
// one just under it is read.
func TestReadLongLine(t *testing.T) {
	rec := "8/8/8/8/8/8/8/K6k w - - bm Ka2; c0 \""
	long := rec + strings.Repeat("x", maxLine) + "\";"
	_, err := Read(strings.NewReader("8/8/8/8/8/8/8/K6k w - - bm Ka2;\n" + long + "\n"))
	assert.ErrorContains(t, err, "line 2: epd: line longer than 64 KiB")
	fits := rec + strings.Repeat("x", maxLine-len(rec)-2) + "\";"
	rs, err := Read(strings.NewReader("\n" + fits))
	require.NoError(t, err, "a line of %d bytes", len(fits))
	require.Len(t, rs, 1)
	assert.Equal(t, 2, rs[0].Line)
}
