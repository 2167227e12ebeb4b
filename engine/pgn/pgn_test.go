package pgn

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"cb2026/engine/board"
)

func TestResultOf(t *testing.T) {
	tests := []struct {
		in   board.Result
		want string
	}{
		{board.WhiteWins, "1-0"},
		{board.BlackWins, "0-1"},
		{board.Drawn, "1/2-1/2"},
		{board.Ongoing, "*"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, ResultOf(tt.in), "ResultOf(%d)", tt.in)
	}
}
