package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"time"

	"cb2026/engine/eval"
)

// numParams is the number of eval's parameters.
const numParams = int(eval.NumParams)

// tuneOptions are the flags of the tune subcommand.
type tuneOptions struct {
	data   string  // the data file of gen
	out    string  // the Go file of the tuned weights
	curve  string  // the loss curve, one line an epoch
	epochs int     // full passes over the data
	rate   float64 // Adam's step, in centipawns
}

// parseTune reads the tune subcommand's flags.
func parseTune(args []string) (tuneOptions, error) {
	var o tuneOptions
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.StringVar(&o.data, "data", "tools/tune/data/selfplay.txt", "data file written by tune gen")
	fs.StringVar(&o.out, "out", "engine/eval/tuned.go", "Go file to write the tuned weights to")
	fs.StringVar(&o.curve, "curve", "tools/tune/loss.tsv", "file to write the loss of each epoch to")
	fs.IntVar(&o.epochs, "epochs", 1000, "passes over the data")
	fs.Float64Var(&o.rate, "rate", 1, "Adam's step, in centipawns")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if o.epochs < 0 || o.rate <= 0 {
		return o, fmt.Errorf("tune: want epochs ≥ 0 and a positive rate")
	}
	return o, nil
}

// A result is what a tuning run found.
type result struct {
	k            float64   // the sigmoid's scale, fitted to the hand-set weights
	before       float64   // the loss of the hand-set weights
	after        float64   // the loss of the tuned weights, rounded
	curve        []float64 // the loss at the start of each epoch
	weights      eval.Weights
	positions    int
	dataChecksum string
}

// runTune fits the weights and writes them.
func runTune(args []string) error {
	o, err := parseTune(args)
	if err != nil {
		return err
	}
	start := time.Now()
	data, sum, err := loadData(o.data)
	if err != nil {
		return err
	}
	fmt.Printf("positions %d (read in %s)\n", len(data), time.Since(start).Round(time.Millisecond))
	r := tune(data, o.epochs, o.rate)
	r.dataChecksum = sum
	fmt.Printf("K %.6f\nloss before %.6f (hand-set weights)\nloss after  %.6f (%d epochs, tuned weights rounded)\ntime %s\n",
		r.k, r.before, r.after, o.epochs, time.Since(start).Round(time.Second))
	src, err := source(r, o)
	if err != nil {
		return err
	}
	if err := os.WriteFile(o.out, src, 0o644); err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	return os.WriteFile(o.curve, curveText(r.curve), 0o644)
}

// tune runs Texel's method on data: it fits K to the hand-set weights, then
// runs the given number of Adam epochs from them over every parameter, and
// rounds the result to whole centipawns.
func tune(data []position, epochs int, rate float64) result {
	x := toFloats(eval.HandWeights())
	r := result{positions: len(data)}
	r.k = fitK(data, x)
	r.before = loss(data, r.k, x)
	opt := newAdam(params, rate)
	for range epochs {
		l, g := pass(data, r.k, x, true)
		r.curve = append(r.curve, l)
		opt.step(x, g)
	}
	r.weights = toWeights(x)
	r.after = loss(data, r.k, toFloats(r.weights))
	return r
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

// curveText returns the loss curve as "epoch<TAB>loss" lines, epoch 0 being
// the hand-set weights.
func curveText(curve []float64) []byte {
	b := []byte("epoch\tloss\n")
	for i, l := range curve {
		b = fmt.Appendf(b, "%d\t%.9f\n", i, l)
	}
	return b
}
