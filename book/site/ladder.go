package site

import (
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"cb2026/internal/results"
	"cb2026/internal/stats"
	"cb2026/stages"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// The front page's ladder: each stage against the one before it, read from
// the ladder folders of tools/match/results, the newest step of each stage,
// drawn as Elo with its error per stage. Stages from 9 on are played at a
// fixed node count; stages 5 to 8, which have no iterative deepening, at
// their own fixed depth when such a step is recorded (a node limit would
// cut their searches short), at the node count otherwise.

// ladderFolder is a stage ladder's results folder, at 10,000 nodes a move
// or at each stage's fixed depth, with the commit it was built from when
// the folder names it.
var ladderFolder = regexp.MustCompile(`^ladder-(nodes10000|fixeddepth)(?:-([0-9a-f]{7,40}))?$`)

// lastFixedDepth is the last stage that plays at a fixed depth in games.
const lastFixedDepth = 8

// ladderStepFile is one step of a ladder: STAGE.json or STAGE/results.json,
// STAGE as file names write a stage (stage7, main).
var ladderStepFile = regexp.MustCompile(`^(stage[0-9]+|main)(?:\.json|/results\.json)$`)

// A ladderStep is one recorded match of a stage against the stage before it.
type ladderStep struct {
	stage               int
	fixedDepth          bool   // played at the stages' own depths, not a node count
	folder              string // the ladder's folder under tools/match/results
	step                string // the step's results folder or file, relative to the ladder's
	commit              string // "" when the folder does not record it
	wins, draws, losses int
	est                 stats.Estimate
	started             time.Time
}

// source names where a step's engines came from, as the plot's legend
// and the table say it.
func (l ladderStep) source() string {
	if l.commit == "" {
		return "work tree, commit not recorded"
	}
	return "commit " + l.commit
}

// ladderSteps reads every ladder folder's steps and keeps, for each stage,
// the newest one played.
func ladderSteps(root string) ([]ladderStep, error) {
	dir := filepath.Join(root, "tools", "match", "results")
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("ladder: %w", err)
	}
	newest := map[int]ladderStep{}
	for _, e := range entries {
		m := ladderFolder.FindStringSubmatch(e.Name())
		if m == nil || !e.IsDir() {
			continue
		}
		steps, err := readLadder(filepath.Join(dir, e.Name()), e.Name(), m[2])
		if err != nil {
			return nil, err
		}
		for _, st := range steps {
			st.fixedDepth = m[1] == "fixeddepth"
			if st.fixedDepth && st.stage > lastFixedDepth {
				continue
			}
			if old, ok := newest[st.stage]; !ok || st.preferredTo(old) {
				newest[st.stage] = st
			}
		}
	}
	var steps []ladderStep
	for _, st := range newest {
		steps = append(steps, st)
	}
	sort.Slice(steps, func(i, j int) bool { return steps[i].stage < steps[j].stage })
	return steps, nil
}

// preferredTo reports whether step l is the one to show rather than old, a
// step of the same stage: a fixed-depth step before a node-limited one,
// then the newer.
func (l ladderStep) preferredTo(old ladderStep) bool {
	if l.fixedDepth != old.fixedDepth {
		return l.fixedDepth
	}
	return l.started.After(old.started)
}

// readLadder reads one ladder folder's steps.
func readLadder(dir, folder, commit string) ([]ladderStep, error) {
	var steps []ladderStep
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		m := ladderStepFile.FindStringSubmatch(filepath.ToSlash(rel))
		if m == nil {
			return nil
		}
		res, err := results.Read(p)
		if err != nil {
			return fmt.Errorf("ladder: %w", err)
		}
		st, err := stages.Parse(strings.TrimPrefix(m[1], "stage"))
		if err != nil {
			return nil // stageN past the plan: no stage's step
		}
		steps = append(steps, ladderStep{stage: st.Number, folder: folder, step: strings.TrimSuffix(strings.TrimSuffix(filepath.ToSlash(rel), "/results.json"), ".json"),
			commit: commit, wins: res.Wins, draws: res.Draws, losses: res.Losses,
			est: res.Pairs().Estimate(), started: res.Started})
		return nil
	})
	return steps, err
}

// stageTicks mark the ladder's stages as integerTicks do, and main, when
// the axis reaches it, by its name.
type stageTicks struct{}

// Ticks implements plot.Ticker.
func (stageTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for _, t := range (integerTicks{}).Ticks(lo, hi) {
		if t.Value < stages.Main {
			ticks = append(ticks, t)
		}
	}
	if lo <= stages.Main && stages.Main <= hi {
		ticks = append(ticks, plot.Tick{Value: stages.Main, Label: stages.Stage{Number: stages.Main}.String()})
	}
	return ticks
}

// eloErrors are a plotted series' points with their error bars, as gonum's
// error bars read them.
type eloErrors struct {
	plotter.XYs
	errs []float64
}

// YError implements plotter.YErrorer.
func (e eloErrors) YError(i int) (float64, float64) { return e.errs[i], e.errs[i] }

// ladderSVG draws each stage's Elo against the stage before it with its 95%
// error bar, one marker and colour per source commit; steps whose Elo is
// infinite (every game won) are left out of the drawing, and the table
// gives them.
func ladderSVG(steps []ladderStep, caption string) (string, error) {
	p := newChart("stage", "Elo against the stage before")
	p.X.Tick.Marker = stageTicks{}
	p.Y.Tick.Marker = plainTicks{}
	var sources []string
	bySource := map[string]*eloErrors{}
	for _, st := range steps {
		if math.IsInf(st.est.Elo, 0) || math.IsNaN(st.est.Elo) {
			continue
		}
		src := st.source()
		if bySource[src] == nil {
			sources = append(sources, src)
			bySource[src] = &eloErrors{}
		}
		e := bySource[src]
		e.XYs = append(e.XYs, plotter.XY{X: float64(st.stage), Y: st.est.Elo})
		err := st.est.EloError
		if math.IsNaN(err) || math.IsInf(err, 0) {
			err = 0
		}
		e.errs = append(e.errs, err)
	}
	if len(sources) == 0 {
		return "", fmt.Errorf("ladder: no step with a finite Elo to draw")
	}
	zero := plotter.NewFunction(func(float64) float64 { return 0 })
	zero.Color, zero.Dashes, zero.Width = plotInk, []vg.Length{vg.Points(2), vg.Points(3)}, vg.Points(0.5)
	p.Add(zero)
	for i, src := range sources {
		e := bySource[src]
		bars, err := plotter.NewYErrorBars(e)
		if err != nil {
			return "", fmt.Errorf("ladder: %w", err)
		}
		points, err := plotter.NewScatter(e.XYs)
		if err != nil {
			return "", fmt.Errorf("ladder: %w", err)
		}
		c := plotPalette[i%len(plotPalette)]
		bars.Color, bars.Width, bars.CapWidth = c, vg.Points(1), vg.Points(5)
		points.Color, points.Shape, points.Radius = c, plotGlyphs[i%len(plotGlyphs)], vg.Points(3)
		p.Add(bars, points)
		p.Legend.Add(src, points)
	}
	p.X.Min, p.X.Max = p.X.Min-0.5, p.X.Max+0.5
	f := float64(len(sources)*14+10) / float64(plotHeight-40)
	p.Y.Max += (p.Y.Max - p.Y.Min) * f / (1 - f)
	return renderChart(p, caption)
}

// ladderCommits lists the steps' sources in order of first appearance.
func ladderCommits(steps []ladderStep) []string {
	var srcs []string
	seen := map[string]bool{}
	for _, st := range steps {
		if !seen[st.source()] {
			seen[st.source()] = true
			srcs = append(srcs, st.source())
		}
	}
	return srcs
}

// engineSince reports whether the engine's source (engine/ and stages/) is
// the same at commit as in root's work tree, and whether git could tell (it
// cannot in a downloaded copy, or for a commit it does not have).
func engineSince(root, commit string) (same, known bool) {
	cmd := exec.Command("git", "diff", "--quiet", commit, "--", "engine", "stages")
	cmd.Dir = root
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return true, true
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		return false, true
	}
	return false, false
}
