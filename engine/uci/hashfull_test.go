//book:stage 10

package uci

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"cb2026/engine/search"
)

func TestInfoLineReportsHashFull(t *testing.T) {
	tests := []struct {
		name string
		info search.Info
		want string
	}{
		{"a table", search.Info{Depth: 3, SelDepth: 5, Score: 20, Nodes: 100, Time: time.Second, HasTable: true, HashFull: 42},
			"info depth 3 seldepth 5 score cp 20 nodes 100 nps 100 hashfull 42 time 1000"},
		{"an empty table", search.Info{Depth: 1, SelDepth: 1, Nodes: 100, Time: time.Second, HasTable: true},
			"info depth 1 seldepth 1 score cp 0 nodes 100 nps 100 hashfull 0 time 1000"},
		{"no table", search.Info{Depth: 1, SelDepth: 1, Nodes: 100, Time: time.Second},
			"info depth 1 seldepth 1 score cp 0 nodes 100 nps 100 time 1000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, infoLine(tt.info))
		})
	}
}
