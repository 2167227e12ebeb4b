package board

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFENRoundTrip parses every position of every EPD file in the test data
// and prints it again. EPD records carry no clocks; for them ParseFEN assumes
// "0 1" and the test compares the first four fields only. Records with clocks
// must come back whole.
func TestFENRoundTrip(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(testdataDir, "*.epd"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			for _, r := range readEPD(t, filepath.Base(path)) {
				p, err := ParseFEN(r.fen)
				if !assert.NoError(t, err, "%s:%d", r.file, r.line) {
					continue
				}
				got := p.FEN()
				if len(strings.Fields(r.fen)) == 4 {
					got = strings.Join(strings.Fields(got)[:4], " ")
				}
				assert.Equal(t, r.fen, got, "%s:%d: ParseFEN(%q).FEN()", r.file, r.line, r.fen)
			}
		})
	}
}

// TestParseFENErrors checks that malformed FENs are rejected with an error
// that names the field at fault.
func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		fen, want string
		stage     int // the chapter that brings the check, if a later one than the first
	}{
		{fen: "", want: "want 6 fields"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", want: "want 6 fields"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", want: "placement field"},
		{fen: "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", want: "placement field"},
		{fen: "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", want: "two digits in a row"},
		{fen: "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", want: "describes 9 squares"},
		{fen: "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", want: "not a piece letter"},
		{fen: "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", want: "black has 0 kings"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", want: "white has 2 kings"},
		{fen: "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1", want: "pawn on h8"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", want: "side to move field"},
		{fen: "4k3/8/8/8/8/8/8/4K2R b - - 0 1", want: ""},
		{fen: "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", want: "king is in check", stage: 2},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", want: "two rights"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w X - 0 1", want: "castling field"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w K - 0 1", want: "no white rook"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w C - 0 1", want: "no white rook"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQ1BNR w - - 0 1", want: "white has 0 kings"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w K - 0 1", want: "not on its first rank"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", want: "en-passant field"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", want: "on rank 6"},
		{fen: "rnbqkbnr/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", want: "no black pawn on e5"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", want: "halfmove clock field"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 01 1", want: "halfmove clock field"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", want: "fullmove number field"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x", want: "fullmove number field"},
	}
	for _, tt := range tests {
		_, err := ParseFEN(tt.fen)
		if tt.want == "" {
			assert.NoError(t, err, "ParseFEN(%q)", tt.fen)
			continue
		}
		if assert.Error(t, err, "ParseFEN(%q)", tt.fen) {
			assert.Contains(t, err.Error(), tt.want, "ParseFEN(%q)", tt.fen)
		}
	}
}

// TestFENDefaults checks that a FEN without clocks gets "0 1".
func TestFENDefaults(t *testing.T) {
	p, err := ParseFEN("4k3/8/8/8/8/8/8/4K2R w K -")
	require.NoError(t, err)
	assert.Equal(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", p.FEN())
	assert.Equal(t, StartFEN, NewPosition().FEN())
}

// fuzzFENs are the seeds of the fuzz targets that parse FENs.
var fuzzFENs = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3",
	"r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -",
}

// FuzzParseFEN checks that ParseFEN never panics, and that whatever it
// accepts prints as a FEN that parses to the same position.
func FuzzParseFEN(f *testing.F) {
	for _, fen := range fuzzFENs {
		f.Add(fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		again, err := ParseFEN(p.FEN())
		require.NoError(t, err, "ParseFEN(%q).FEN() = %q does not parse", fen, p.FEN())
		require.Equal(t, p.FEN(), again.FEN())
		require.Equal(t, p.Key(), again.Key())
	})
}
