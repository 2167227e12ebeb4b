package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"cb2026/engine/eval"
)

// numParams is the number of eval's parameters.
const numParams = int(eval.NumParams)

// tuneOptions are the flags of the tune subcommand.
type tuneOptions struct {
	manifest string  // the pieces' manifest
	dir      string  // the pieces' data files
	out      string  // the Go file of the tuned weights
	curve    string  // the loss curve, one line an epoch
	epochs   int     // full passes over the data
	rate     float64 // Adam's step, in centipawns
	prior    float64 // the weight of the pull toward the hand-set values
}

// parseTune reads the tune subcommand's flags.
func parseTune(args []string) (tuneOptions, error) {
	var o tuneOptions
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.StringVar(&o.manifest, "manifest", defaultManifest, "the manifest of the pieces of data written by tune gen: every piece it lists is read")
	fs.StringVar(&o.dir, "dir", defaultDataDir, "directory of the pieces' data files")
	fs.StringVar(&o.out, "out", "engine/eval/tuned.go", "Go file to write the tuned weights to")
	fs.StringVar(&o.curve, "curve", "tools/tune/loss.tsv", "file to write the loss of each epoch to")
	fs.IntVar(&o.epochs, "epochs", 400, "passes over the data")
	fs.Float64Var(&o.rate, "rate", 1, "Adam's step, in centipawns")
	fs.Float64Var(&o.prior, "prior", 1e-6, "pull toward the hand-set weights: prior × (weight − hand-set)² per parameter is added to the loss")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if o.epochs < 0 || o.rate <= 0 || o.prior < 0 {
		return o, fmt.Errorf("tune: want epochs ≥ 0, a positive rate and a prior ≥ 0")
	}
	return o, nil
}

// A result is what a tuning run found. Losses are mean squared errors,
// without the prior's term, of the fitted games and of the held-out games.
type result struct {
	k          float64    // the sigmoid's scale, fitted to the hand-set weights
	before     [2]float64 // the losses of the hand-set weights: fitted, held out
	after      [2]float64 // the losses of the tuned weights, rounded
	curve      [][2]float64
	weights    eval.Weights
	positions  [2]int // fitted, held out
	games      int
	dataSHA256 string
}

// runTune fits the weights and writes them.
func runTune(args []string) error {
	o, err := parseTune(args)
	if err != nil {
		return err
	}
	start := time.Now()
	data, sum, err := loadData(o.manifest, o.dir)
	if err != nil {
		return err
	}
	fmt.Printf("positions %d (read in %s)\n", len(data), time.Since(start).Round(time.Millisecond))
	r, err := tune(data, o)
	if err != nil {
		return err
	}
	r.dataSHA256 = sum
	r.print(os.Stdout, o)
	fmt.Printf("time %s\n", time.Since(start).Round(time.Second))
	src, err := source(r, o)
	if err != nil {
		return err
	}
	if err := os.WriteFile(o.out, src, 0o644); err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	return os.WriteFile(o.curve, curveText(r.curve), 0o644)
}

// print writes the run's figures.
func (r result) print(w io.Writer, o tuneOptions) {
	fmt.Fprintf(w, "games %d: fitted %d positions, held out %d (every %dth game)\n",
		r.games, r.positions[0], r.positions[1], validationEvery)
	fmt.Fprintf(w, "K %.6f\n", r.k)
	fmt.Fprintf(w, "loss before %.6f fitted, %.6f held out (hand-set weights)\n", r.before[0], r.before[1])
	fmt.Fprintf(w, "loss after  %.6f fitted, %.6f held out (%d epochs, rate %g, prior %g; weights rounded)\n",
		r.after[0], r.after[1], o.epochs, o.rate, o.prior)
	m := measureMoves(eval.HandWeights(), r.weights)
	fmt.Fprintf(w, "moved %d of %d parameters (%d of %d numbers) from their hand-set values, by %.1f on average, most %d (%s)\n",
		m.params, numParams, m.numbers, params, m.mean, m.most, m.mostParam)
}

// moves says how far tuned weights are from the hand-set ones.
type moves struct {
	params    int     // parameters with a middlegame or endgame value changed
	numbers   int     // values changed
	mean      float64 // mean absolute change of the changed values, centipawns
	most      int     // the largest absolute change
	mostParam eval.Param
}

// measureMoves compares tuned weights with the hand-set ones.
func measureMoves(hand, tuned eval.Weights) moves {
	var m moves
	total := 0
	for i := range hand {
		changed := false
		for ph := range 2 {
			d := tuned[i][ph] - hand[i][ph]
			if d < 0 {
				d = -d
			}
			if d == 0 {
				continue
			}
			changed = true
			m.numbers++
			total += d
			if d > m.most {
				m.most, m.mostParam = d, eval.Param(i)
			}
		}
		if changed {
			m.params++
		}
	}
	if m.numbers > 0 {
		m.mean = float64(total) / float64(m.numbers)
	}
	return m
}

// tune runs Texel's method: it fits K to the hand-set weights on the fitted
// games, then runs Adam from the hand-set weights over every parameter for
// the given number of epochs, and rounds the result to whole centipawns. It
// fails, with no result, when the data has no held-out part or the fit
// diverges: a loss that is not a finite number, or a weight out of range.
func tune(data []position, o tuneOptions) (result, error) {
	fit, held, err := split(data)
	if err != nil {
		return result{}, err
	}
	hand := toFloats(eval.HandWeights())
	x := append([]float64(nil), hand...)
	r := result{positions: [2]int{len(fit), len(held)}, games: data[len(data)-1].game + 1}
	r.k = fitK(fit, x)
	r.before = [2]float64{loss(fit, r.k, x), loss(held, r.k, x)}
	if err := checkLoss("the hand-set weights", r.before); err != nil {
		return result{}, err
	}
	opt := newAdam(params, o.rate)
	for epoch := range o.epochs {
		l, g := pass(fit, r.k, x, true)
		r.curve = append(r.curve, [2]float64{l, loss(held, r.k, x)})
		if err := checkLoss(fmt.Sprintf("epoch %d", epoch), r.curve[epoch]); err != nil {
			return result{}, err
		}
		pull(g, x, hand, o.prior)
		opt.step(x, g)
	}
	if err := checkWeights(x); err != nil {
		return result{}, err
	}
	r.weights = toWeights(x)
	tuned := toFloats(r.weights)
	r.after = [2]float64{loss(fit, r.k, tuned), loss(held, r.k, tuned)}
	return r, checkLoss("the tuned weights", r.after)
}

// maxWeight bounds a tuned weight, in centipawns: a hundred queens. A fit
// that goes beyond it has diverged (try a smaller -rate).
const maxWeight = 100_000

// checkLoss reports an error unless both losses (fitted, held out) are
// finite numbers.
func checkLoss(when string, l [2]float64) error {
	for _, v := range l {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("tune: the loss of %s is %v fitted, %v held out: the fit diverged (try a smaller -rate)", when, l[0], l[1])
		}
	}
	return nil
}

// checkWeights reports an error unless every number of the tuner's vector
// is finite and within ±maxWeight, so that it rounds to a weight.
func checkWeights(x []float64) error {
	for i, v := range x {
		if math.IsNaN(v) || math.Abs(v) > maxWeight {
			phase := [2]string{"middlegame", "endgame"}[i%2]
			return fmt.Errorf("tune: the %s weight of %s is %v, beyond ±%d: the fit diverged (try a smaller -rate)",
				phase, eval.Param(i/2), v, maxWeight)
		}
	}
	return nil
}

// pull adds to the gradient g the prior's: the derivative of
// prior × (x − hand)², which draws each weight back toward its hand-set
// value, the more the farther it strays.
func pull(g, x, hand []float64, prior float64) {
	for i := range g {
		g[i] += float64(2 * prior * (x[i] - hand[i]))
	}
}

// toFloats returns weights as the tuner's vector.
func toFloats(w eval.Weights) []float64 {
	x := make([]float64, params)
	for i, v := range w {
		x[2*i], x[2*i+1] = float64(v[0]), float64(v[1])
	}
	return x
}

// toWeights rounds the tuner's vector to whole centipawns.
func toWeights(x []float64) eval.Weights {
	var w eval.Weights
	for i := range w {
		w[i] = eval.Weight{int(math.Round(x[2*i])), int(math.Round(x[2*i+1]))}
	}
	return w
}

// curveText returns the loss curve as "epoch<TAB>fitted<TAB>held-out"
// lines: the losses at the start of each epoch, epoch 0 being the hand-set
// weights.
func curveText(curve [][2]float64) []byte {
	b := []byte("epoch\tfitted\theld-out\n")
	for i, l := range curve {
		b = fmt.Appendf(b, "%d\t%.9f\t%.9f\n", i, l[0], l[1])
	}
	return b
}
