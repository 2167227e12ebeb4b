package main

import (
	"fmt"
	"io"
	"time"

	"cb2026/tools/internal/driver"
	"cb2026/tools/internal/host"
	"cb2026/tools/internal/spec"
)

// Report sums up a suite run.
type Report struct {
	Suite    string
	Engine   spec.Engine
	Limits   driver.Limits
	Problems []*Problem
	Answers  []Answer
	Solved   int
	Failures int
	Points   int
	MaxPts   int
	Sections []Section // STS sections in file order
	Run      Run       // when, where and how it ran
}

// Run records the circumstances of a suite run for its results file.
type Run struct {
	Command            string // the command line, as typed after "go run ./tools/"
	Started            time.Time
	Elapsed            time.Duration
	Machine            string // processors, OS/architecture, Go release
	LoadStart, LoadEnd string // one-minute load averages
}

// Section is one STS theme's points.
type Section struct {
	Name           string
	Points, MaxPts int
	Count          int
}

// NewReport counts the answers.
func NewReport(suite string, e spec.Engine, l driver.Limits, problems []*Problem, answers []Answer) *Report {
	r := &Report{Suite: suite, Engine: e, Limits: l, Problems: problems, Answers: answers}
	index := map[string]int{}
	for i, p := range problems {
		a := answers[i]
		if a.Error != "" {
			r.Failures++
		}
		if a.Error == "" && p.Solved(a.Move) {
			r.Solved++
		}
		if !p.HasPoints() {
			continue
		}
		pts := p.Points[a.Move]
		r.Points += pts
		r.MaxPts += p.MaxPoints()
		name := sectionOf(p.ID)
		j, ok := index[name]
		if !ok {
			j = len(r.Sections)
			index[name] = j
			r.Sections = append(r.Sections, Section{Name: name})
		}
		r.Sections[j].Points += pts
		r.Sections[j].MaxPts += p.MaxPoints()
		r.Sections[j].Count++
	}
	return r
}

// Lines writes one line per position.
func (r *Report) Lines(w io.Writer) {
	for i, p := range r.Problems {
		fmt.Fprintln(w, line(p, r.Answers[i]))
	}
}

// Summary writes the totals.
func (r *Report) Summary(w io.Writer) {
	n := len(r.Problems)
	fmt.Fprintf(w, "suite %s, engine %s, limits %s\n", r.Suite, r.Engine, limitsText(r.Limits))
	fmt.Fprintf(w, "solved %d of %d (%.1f%%)", r.Solved, n, percent(r.Solved, n))
	if r.Failures > 0 {
		fmt.Fprintf(w, ", engine failures %d", r.Failures)
	}
	fmt.Fprintln(w)
	if r.MaxPts == 0 {
		return
	}
	fmt.Fprintf(w, "points %d of %d (%.1f%%)\n", r.Points, r.MaxPts, percent(r.Points, r.MaxPts))
	for _, s := range r.Sections {
		if s.Name != "" {
			fmt.Fprintf(w, "  %-40s %5d of %5d (%.1f%%)\n", s.Name, s.Points, s.MaxPts, percent(s.Points, s.MaxPts))
		}
	}
}

// Record writes the run's circumstances: date, time taken, machine, load
// and the command.
func (r *Report) Record(w io.Writer) {
	fmt.Fprintf(w, "started %s, time %.0fs\n", r.Run.Started.UTC().Format("2006-01-02 15:04 UTC"), r.Run.Elapsed.Seconds())
	fmt.Fprintln(w, host.Describe(r.Run.Machine, r.Run.LoadStart, r.Run.LoadEnd))
	fmt.Fprintf(w, "command: %s\n", r.Run.Command)
}

// limitsText prints the budget without the "go".
func limitsText(l driver.Limits) string { return l.Command()[len("go "):] }

// percent returns 100·a/b, 0 when b is 0.
func percent(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
