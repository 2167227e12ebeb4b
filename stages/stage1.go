//go:build stage1

package stages

// Current is the stage this build was tagged with.
const Current = 1
