//book:stage main

package main

import (
	"fmt"

	"cb2026/engine/search"
	"cb2026/stages"
)

// SetStage makes main play and bench as stage st: the switches of the
// chapters up to st on and every other off, as search.DefaultTechniques(st)
// gives them, and st's bench depth. Every technique is a switch and every
// stage's tree is main's with its later switches off, so main set to stage
// 7 searches the tree stage 7's own build searches, node for node: one
// engine serves every stage from 3 on (stages 1 and 2 have no search).
func (e *engine) SetStage(st stages.Stage) error {
	if st.Number < 3 {
		return fmt.Errorf("stage %s has no search: want 3 to %d or main", st, stages.Last)
	}
	*e.searcher.Techniques() = search.DefaultTechniques(st.Number)
	e.benchDepth = st.BenchDepth
	return nil
}
