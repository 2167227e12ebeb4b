//book:stage 3

package board

import (
	"context"
	"flag"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var deep = flag.Bool("deep", false, "TestPerftSuite: every position to its full depth")

// cpwPositions are the Chess Programming Wiki's perft positions 2 to 6 with
// their counts to depth 5 (Kiwipete, positions 3 to 6).
var cpwPositions = []perftCase{
	{"cpw-2 kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		[]perftCount{{1, 48}, {2, 2039}, {3, 97862}, {4, 4085603}, {5, 193690690}}},
	{"cpw-3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		[]perftCount{{1, 14}, {2, 191}, {3, 2812}, {4, 43238}, {5, 674624}}},
	{"cpw-4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		[]perftCount{{1, 6}, {2, 264}, {3, 9467}, {4, 422333}, {5, 15833292}}},
	{"cpw-5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		[]perftCount{{1, 44}, {2, 1486}, {3, 62379}, {4, 2103487}, {5, 89941194}}},
	{"cpw-6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		[]perftCount{{1, 46}, {2, 2079}, {3, 89890}, {4, 3894594}, {5, 164075551}}},
}

// shallowLimit is the largest perft count TestPerftSuite checks without -deep.
const shallowLimit = 50000

// fischerDeepDepth is the depth to which -deep checks fischer.epd: its depth-6
// counts add up to 524 billion nodes, hours of work, against 18 billion to
// depth 5.
const fischerDeepDepth = 5

// TestPerftSuite checks Perft against the published counts of
// testdata/standard.epd, tricky.perft, fischer.epd (Chess960) and the CPW
// positions: counts up to shallowLimit by default; with -deep every depth, but
// only up to fischerDeepDepth for fischer.epd.
func TestPerftSuite(t *testing.T) {
	var cases []perftCase
	cases = append(cases, readPerftEPD(t, "standard.epd")...)
	cases = append(cases, readTrickyPerft(t)...)
	cases = append(cases, cpwPositions...)
	cases = append(cases, readPerftEPD(t, "fischer.epd")...)
	// Each position is a parallel subtest, so -deep keeps every core busy.
	for _, c := range cases {
		if *deep && strings.HasPrefix(c.name, "fischer.epd") {
			c.counts = c.counts[:fischerDeepDepth]
		}
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p, err := ParseFEN(c.fen)
			require.NoError(t, err, c.name)
			for _, want := range c.counts {
				if !*deep && want.nodes > shallowLimit {
					break
				}
				got := Perft(p, want.depth)
				if !assert.Equal(t, want.nodes, got, "%s: Perft(%q, %d) = %d, want %d",
					c.name, c.fen, want.depth, got, want.nodes) {
					break
				}
			}
		})
	}
}

func TestPerftContext(t *testing.T) {
	p := NewPosition()
	for depth := 0; depth <= perftChunk+2; depth++ {
		got, err := PerftContext(context.Background(), p, depth)
		require.NoError(t, err)
		assert.Equal(t, Perft(p, depth), got, "PerftContext(initial position, %d)", depth)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := PerftContext(ctx, p, 12)
	assert.ErrorIs(t, err, context.Canceled, "PerftContext(stopped, 12)")
	assert.Equal(t, NewPosition().Key(), p.Key(), "a stopped count leaves the position as it was")
}
