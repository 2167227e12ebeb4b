// Package check proves the cb2026 book against its engine: every code block
// is the engine's code at its chapter's stage, every function the prose
// names is shown by a code block of its chapter or an earlier one (or
// allowed, with a reason), every figure and transcript is what the engine
// measures, every variant builds, and (with Options.Stages) every stage
// passes go vet and go test. Fix rewrites what went stale. It builds the
// engine binaries it runs (Engines, BuildVariant) and writes the stage views
// that blocks quote (Views). Stats, which checks nothing, reports the share
// of the numbers that look measured which chapters mark as figures. The
// syntax it checks is documented in package cb2026/book, whose chapter
// model it reads.
package check
