package pgn

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cb2026/engine/board"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func TestSAN(t *testing.T) {
	tests := []struct {
		fen, uci, san string
	}{
		{board.StartFEN, "e2e4", "e4"},
		{board.StartFEN, "g1f3", "Nf3"},
		{kiwipete, "e1g1", "O-O"},
		{kiwipete, "e1c1", "O-O-O"},
		{kiwipete, "e2a6", "Bxa6"},
		{kiwipete, "d5e6", "dxe6"},
		{kiwipete, "e5f7", "Nxf7"},
		{kiwipete, "c3b1", "Nb1"},
		{kiwipete, "f3f6", "Qxf6"},
		{kiwipete, "g2h3", "gxh3"},
		// Two rooks on the first rank: the file tells them apart.
		{"4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "a1d1", "Rad1"},
		// Two knights on one file: the rank.
		{"4k3/8/8/1N6/8/1N6/8/4K3 w - - 0 1", "b5d4", "N5d4"},
		// Three queens: both.
		{"6k1/8/8/8/Q6Q/8/7K/Q7 w - - 0 1", "a4d4", "Qa4d4"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", "b8=Q+"},
		{"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7c8n", "bxc8=N"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
	}
	for _, tc := range tests {
		p, err := board.ParseFEN(tc.fen)
		require.NoError(t, err)
		m, err := p.ParseMove(tc.uci)
		require.NoError(t, err, "ParseMove(%q) in %s", tc.uci, tc.fen)
		assert.Equal(t, tc.san, SAN(p, m), "SAN(%q, %s)", tc.fen, tc.uci)
		back, err := ParseSAN(p, tc.san)
		require.NoError(t, err)
		assert.Equal(t, m, back, "ParseSAN(%q, %q)", tc.fen, tc.san)
	}
}

func TestParseSANVariants(t *testing.T) {
	tests := []struct {
		fen, san, uci string
	}{
		{kiwipete, "0-0", "e1g1"},
		{kiwipete, "O-O-O!?", "e1c1"},
		{kiwipete, "Ne5xf7", "e5f7"},
		{kiwipete, "Nf7", "e5f7"},
		{kiwipete, "de6", "d5e6"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8Q", "b7b8q"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=r", "b7b8r"},
		{board.StartFEN, "Ng1-f3", "g1f3"},
	}
	for _, tc := range tests {
		p, err := board.ParseFEN(tc.fen)
		require.NoError(t, err)
		m, err := ParseSAN(p, tc.san)
		require.NoError(t, err, "ParseSAN(%q, %q)", tc.fen, tc.san)
		assert.Equal(t, tc.uci, m.String(), "ParseSAN(%q, %q)", tc.fen, tc.san)
	}
}

func TestParseSANErrors(t *testing.T) {
	tests := []struct {
		fen, san, want string
	}{
		{board.StartFEN, "e5", "no such legal move"},
		{board.StartFEN, "O-O", "castling is not legal"},
		{"4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "Rd1", "ambiguous"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=K", "bad promotion"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8", "no such legal move"},
		{board.StartFEN, "Nz3", "target"},
		{board.StartFEN, "", "no target"},
	}
	for _, tc := range tests {
		p, err := board.ParseFEN(tc.fen)
		require.NoError(t, err)
		_, err = ParseSAN(p, tc.san)
		assert.ErrorContains(t, err, tc.want, "ParseSAN(%q, %q)", tc.fen, tc.san)
	}
}

// Every legal move's SAN is unique in its position and parses back to the
// move, over the perft suite's positions and their replies.
func TestSANRoundTripPerftSuite(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "testdata", "perftsuite.epd"))
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fen, _, _ := strings.Cut(sc.Text(), ";")
		p, err := board.ParseFEN(strings.TrimSpace(fen))
		require.NoError(t, err, fen)
		checkRoundTrip(t, p, 2)
	}
}

// checkRoundTrip checks every move to depth.
func checkRoundTrip(t *testing.T, p *board.Position, depth int) {
	var l board.MoveList
	p.GenerateMoves(&l)
	seen := map[string]board.Move{}
	for i := range l.Len() {
		m := l.At(i)
		san := SAN(p, m)
		if other, dup := seen[san]; dup {
			t.Fatalf("SAN(%q) of %v and %v are both %q", p.FEN(), other, m, san)
		}
		seen[san] = m
		back, err := ParseSAN(p, san)
		if err != nil || back != m {
			t.Fatalf("ParseSAN(%q, %q) = %v, %v; want %v", p.FEN(), san, back, err, m)
		}
		if depth > 1 {
			p.MakeMove(m)
			checkRoundTrip(t, p, depth-1)
			p.UnmakeMove()
		}
	}
}

// The opening book replays legally, and printing its moves again gives the
// book's own SAN text, check marks included.
func TestReplayOpeningBook(t *testing.T) {
	games := bookGames(t)
	stride := 10 // a tenth of the book keeps the test fast; all of it passed when written
	if testing.Short() {
		stride = 100
	}
	for i := 0; i < len(games); i += stride {
		g := games[i]
		_, moves, err := Replay(g)
		require.NoError(t, err)
		start := board.NewPosition()
		require.Equal(t, g.SANs(), SANs(start, moves), "game at line %d", g.Line)
	}
}

func TestReplayErrors(t *testing.T) {
	games, err := ReadAll(strings.NewReader("[FEN \"bad\"]\n1. e4 *\n\n1. e4 e5 2. Ke3 *"))
	require.NoError(t, err)
	_, _, err = Replay(games[0])
	assert.ErrorContains(t, err, "line 1")
	_, moves, err := Replay(games[1])
	assert.ErrorContains(t, err, "ply 3")
	assert.Len(t, moves, 2)
}

func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nbd7", "exd8=Q+", "O-O-O#", "0-0", "Qh4e1", "b8q"} {
		f.Add(kiwipete, s)
	}
	f.Fuzz(func(t *testing.T, fen, san string) {
		p, err := board.ParseFEN(fen)
		if err != nil {
			return
		}
		before := p.FEN()
		m, err := ParseSAN(p, san)
		require.Equal(t, before, p.FEN())
		if err != nil {
			return
		}
		again, err := ParseSAN(p, SAN(p, m))
		require.NoError(t, err)
		require.Equal(t, m, again)
	})
}
