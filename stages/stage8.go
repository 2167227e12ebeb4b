//go:build stage8

package stages

// Current is the stage this build was tagged with.
const Current = 8
