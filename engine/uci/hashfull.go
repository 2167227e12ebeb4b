//book:stage 10

package uci

import (
	"fmt"
	"strings"

	"cb2026/engine/search"
)

// writeHashFull adds to an info line how full the transposition table is,
// in per mille (UCI's hashfull, which a GUI shows beside the nodes), if the
// search has one.
func writeHashFull(b *strings.Builder, info search.Info) {
	if info.HasTable {
		fmt.Fprintf(b, " hashfull %d", info.HashFull)
	}
}
