package main

import "fmt"

// runTune fits the weights.
func runTune(args []string) error {
	return fmt.Errorf("tune: not yet")
}
