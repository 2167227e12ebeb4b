//book:stage 3

package board

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEnding(t *testing.T) {
	tests := []struct {
		fen    string
		result Result
		reason string
	}{
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", BlackWins, "checkmate"},
		{"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", WhiteWins, "checkmate"},
		{"k7/8/1Q6/8/8/8/8/7K b - - 0 1", Drawn, "stalemate"},
		{"8/8/4k3/8/8/3NK3/8/8 w - - 0 1", Drawn, "insufficient material"},
		{"8/8/4k3/8/8/3RK3/8/8 w - - 100 80", Drawn, "fifty-move rule"},
		{"8/8/4k3/8/8/3RK3/8/8 w - - 99 80", Ongoing, ""},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 100 80", Drawn, "stalemate"},
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 100 80", WhiteWins, "checkmate"},
		{StartFEN, Ongoing, ""},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		require.NoError(t, err)
		result, reason := p.Ending()
		assert.Equal(t, tt.result, result, "Ending(%q) result", tt.fen)
		assert.Equal(t, tt.reason, reason, "Ending(%q) reason", tt.fen)
	}
}

func TestEndingByRepetition(t *testing.T) {
	p := NewPosition()
	for i := range 2 {
		result, _ := p.Ending()
		assert.Equal(t, Ongoing, result, "after %d cycles", i)
		for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
			m, err := p.ParseMove(s)
			require.NoError(t, err)
			p.MakeMove(m)
		}
	}
	result, reason := p.Ending()
	assert.Equal(t, Drawn, result)
	assert.Equal(t, "threefold repetition", reason)
}
