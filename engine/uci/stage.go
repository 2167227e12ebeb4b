//book:stage main

package uci

import (
	"fmt"
	"strings"

	"cb2026/stages"
)

// A StageSetter is an engine that can play as an earlier stage of the book
// (main can: see engine/cmd/cb2026).
type StageSetter interface {
	// SetStage switches the techniques and the bench depth to st's.
	SetStage(st stages.Stage) error
}

// stageValues are the values of the Stage option: the stages with a
// search, 3 to main.
func stageValues() []string {
	var vs []string
	for _, st := range stages.All()[2:] {
		vs = append(vs, st.String())
	}
	return vs
}

// stageOptionType is the Stage option's type, default and values.
func stageOptionType() string {
	return "combo default main var " + strings.Join(stageValues(), " var ")
}

// setStage obeys "setoption name Stage value N" and the console's
// "stage N": the engine plays and benches as stage N from then on.
func (s *Server) setStage(value string) error {
	setter, ok := s.engine.(StageSetter)
	if !ok {
		return fmt.Errorf("this engine plays as its own stage only")
	}
	st, err := stages.Parse(value)
	if err != nil {
		return fmt.Errorf("value %q: want one of %s", value, strings.Join(stageValues(), ", "))
	}
	return setter.SetStage(st)
}

// stage obeys "stage <N|main>".
func (s *Server) stage(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("stage: want \"stage <N|main>\", N from 3 to %d", stages.Last)
	}
	if err := s.setStage(args[0]); err != nil {
		return fmt.Errorf("stage: %w", err)
	}
	return nil
}
