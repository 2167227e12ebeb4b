//go:build stage19

package stages

// Current is the stage this build was tagged with.
const Current = 19
