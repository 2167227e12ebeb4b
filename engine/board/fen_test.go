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
	}{
		{"", "want 6 fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "want 6 fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "placement field"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement field"},
		{"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "two digits in a row"},
		{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "describes 9 squares"},
		{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "not a piece letter"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has 0 kings"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "white has 2 kings"},
		{"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1", "pawn on h8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move field"},
		{"4k3/8/8/8/8/8/8/4K2R b - - 0 1", ""},
		//book:stage 2
		{"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "king is in check"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", "two rights"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w X - 0 1", "castling field"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w K - 0 1", "no white rook"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w C - 0 1", "no white rook"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQ1BNR w - - 0 1", "white has 0 kings"},
		{"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w K - 0 1", "not on its first rank"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en-passant field"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "on rank 6"},
		{"rnbqkbnr/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "no black pawn on e5"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock field"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 01 1", "halfmove clock field"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove number field"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x", "fullmove number field"},
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

// FuzzParseFEN checks that ParseFEN never panics, that whatever it accepts
// prints as a FEN that parses to the same position, and that the moves of
// such a position can be played two plies deep with the key kept right.
func FuzzParseFEN(f *testing.F) {
	for _, fen := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3",
		"r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -",
	} {
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
		//book:stage 3
		walk(p, 2, func(p *Position) {
			require.Equal(t, p.ComputeKey(), p.Key(), "%s: Key() = %x, want ComputeKey()", p.FEN())
		})
		//book:stage 3
		require.Equal(t, again.FEN(), p.FEN(), "%q: FEN after walking its tree", fen)
	})
}
