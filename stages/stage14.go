//go:build stage14

package stages

// Current is the stage this build was tagged with.
const Current = 14
