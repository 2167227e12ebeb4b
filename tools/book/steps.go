package main

import (
	"fmt"

	"cb2026/book/view"
	"cb2026/stages"
)

// proveSteps proves, for every stage of list whose previous stage's view
// was proved in the same run, that the step between them is the whole
// step: the previous view with every change of view.Diff applied (the
// files the stage's diff page lists) is the stage's view, byte for byte
// (view.CheckStep). proofs and errs are proveAll's, in list's order; a
// stage whose view or previous view failed is not stepped to. It returns
// the steps it proved and an error per step that fails, naming the stage
// and the files.
func proveSteps(list []stages.Stage, proofs []view.Proof, errs []error) (int, []error) {
	at := map[int]int{} // stage number -> index in list
	for i, st := range list {
		at[st.Number] = i
	}
	proved := 0
	var bad []error
	for i, st := range list {
		prev, ok := view.Previous(st)
		j, in := at[prev.Number]
		if !ok || !in || errs[i] != nil || errs[j] != nil {
			continue
		}
		if err := view.CheckStep(proofs[j].Dir, proofs[i].Dir); err != nil {
			bad = append(bad, fmt.Errorf("views: the view of %s with the changes of %s's diff page is not the view of %s:\n%w", prev.Name(), st.Name(), st.Name(), err))
			continue
		}
		proved++
	}
	return proved, bad
}
