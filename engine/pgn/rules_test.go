package pgn

import (
	"testing"

	"cb2026/engine/board"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRuleResult(t *testing.T) {
	tests := []struct {
		fen            string
		result, reason string
		over           bool
	}{
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", BlackWins, "checkmate", true},
		{"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", WhiteWins, "checkmate", true},
		{"k7/8/1Q6/8/8/8/8/7K b - - 0 1", Draw, "stalemate", true},
		{"8/8/4k3/8/8/3NK3/8/8 w - - 0 1", Draw, "insufficient material", true},
		{"8/8/4k3/8/8/3RK3/8/8 w - - 100 80", Draw, "fifty-move rule", true},
		{board.StartFEN, "", "", false},
	}
	for _, tt := range tests {
		p, err := board.ParseFEN(tt.fen)
		require.NoError(t, err)
		result, reason, over := RuleResult(p)
		assert.Equal(t, tt.over, over, tt.fen)
		assert.Equal(t, tt.result, result, tt.fen)
		assert.Equal(t, tt.reason, reason, tt.fen)
	}
}

func TestRuleResultRepetition(t *testing.T) {
	p := board.NewPosition()
	for range 2 {
		for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
			m, err := p.ParseMove(s)
			require.NoError(t, err)
			p.MakeMove(m)
		}
	}
	result, reason, over := RuleResult(p)
	assert.True(t, over)
	assert.Equal(t, Draw, result)
	assert.Equal(t, "threefold repetition", reason)
}
