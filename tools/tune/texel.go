package main

import (
	"math"
	"sync"
)

// The tuner's arithmetic is written so that every machine computes the same
// numbers: IEEE 754 additions, multiplications, divisions and square roots
// round the same everywhere, but a compiler may fuse a product and a sum into
// one FMA instruction (Go allows it; arm64 does it), which rounds once
// instead of twice. Every product is therefore written float64(a*b), which
// forces the rounding; sums run in a fixed order; and exp is computed here
// rather than by package math, whose assembly versions differ by machine.

// params is the number of free numbers: a middlegame and an endgame value
// for each of eval's parameters. Index 2i is parameter i's middlegame value,
// 2i+1 its endgame value.
const params = 2 * numParams

// ln10over400 converts a centipawn score into the exponent of the sigmoid:
// sigmoid(K, s) = 1 / (1 + 10^(−K·s/400)) = 1 / (1 + e^(−K·s·ln10/400)).
var ln10over400 = math.Ln10 / 400

// sigmoid returns the expected score 1 / (1 + 10^(−k·s/400)) of a position
// evaluated s centipawns, for the scale k.
func sigmoid(k, s float64) float64 {
	return 1 / (1 + exp(-float64(float64(k*s)*ln10over400)))
}

// exp returns e^x, to within a few units in the last place, computed the same
// on every machine: x = m·ln2 + r with |r| ≤ ln2/2, then e^r by its Taylor
// series (20 terms are far more than enough) and a power of two.
func exp(x float64) float64 {
	switch {
	case x > 700:
		return math.Inf(1)
	case x < -700:
		return 0
	}
	m := math.Round(x / math.Ln2)
	r := x - float64(m*math.Ln2)
	sum, term := 1.0, 1.0
	for i := 1; i <= 20; i++ {
		term = float64(term*r) / float64(i)
		sum += term
	}
	return math.Ldexp(sum, int(m))
}

// evaluate returns the position's tapered score, White's point of view, for
// the weights x.
func (p *position) evaluate(x []float64) float64 {
	var mg, eg float64
	for _, c := range p.coefs {
		n := float64(c.n)
		mg += float64(n * x[2*c.param])
		eg += float64(n * x[2*c.param+1])
	}
	return float64(mg*p.mg) + float64(eg*p.eg)
}

// loss returns the mean squared error between the results and the
// sigmoid of the scores.
func loss(data []position, k float64, x []float64) float64 {
	total, _ := pass(data, k, x, false)
	return total
}

// chunkSize is the number of positions whose gradient one worker sums: the
// chunks, not the workers, fix the order of the additions.
const chunkSize = 4096

// pass returns the loss of x over data and, if grad is set, its gradient:
// each chunk of positions is summed on its own, possibly at the same time as
// others, and the chunks' sums are then added in chunk order, so the result
// does not depend on the number of workers or their timing.
func pass(data []position, k float64, x []float64, grad bool) (float64, []float64) {
	chunks := (len(data) + chunkSize - 1) / chunkSize
	losses := make([]float64, chunks)
	grads := make([][]float64, chunks)
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Go(func() {
			for c := range next {
				end := min((c+1)*chunkSize, len(data))
				losses[c], grads[c] = chunkPass(data[c*chunkSize:end], k, x, grad)
			}
		})
	}
	for c := range chunks {
		next <- c
	}
	close(next)
	wg.Wait()
	var total float64
	var g []float64
	if grad {
		g = make([]float64, params)
	}
	for c := range chunks {
		total += losses[c]
		for i := range g {
			g[i] += grads[c][i]
		}
	}
	n := float64(len(data))
	for i := range g {
		g[i] /= n
	}
	return total / n, g
}

// workers is the number of goroutines pass uses (the result does not
// depend on it).
const workers = 2

// chunkPass returns the summed squared error of the chunk and, if grad is set,
// its summed gradient: d/dx (r − σ)² = −2(r − σ)·σ(1 − σ)·K·ln10/400 · ∂s/∂x,
// where ∂s/∂x of a middlegame value is its coefficient times the middlegame
// share of the phase, and the same for the endgame.
func chunkPass(data []position, k float64, x []float64, grad bool) (float64, []float64) {
	var g []float64
	if grad {
		g = make([]float64, params)
	}
	var total float64
	for i := range data {
		p := &data[i]
		sig := sigmoid(k, p.evaluate(x))
		diff := p.result - sig
		total += float64(diff * diff)
		if !grad {
			continue
		}
		d := -2 * float64(float64(float64(diff*sig)*(1-sig))*float64(k*ln10over400))
		dmg, deg := float64(d*p.mg), float64(d*p.eg)
		for _, c := range p.coefs {
			n := float64(c.n)
			g[2*c.param] += float64(dmg * n)
			g[2*c.param+1] += float64(deg * n)
		}
	}
	return total, g
}

// fitK returns the sigmoid scale K that minimises the loss of the weights
// x: a golden-section search over [kLow, kHigh], a fixed number of steps.
func fitK(data []position, x []float64) float64 {
	const kLow, kHigh, steps = 0.0, 4.0, 60
	invPhi := (math.Sqrt(5) - 1) / 2
	a, b := kLow, kHigh
	c := b - float64(invPhi*(b-a))
	d := a + float64(invPhi*(b-a))
	fc, fd := loss(data, c, x), loss(data, d, x)
	for range steps {
		if fc < fd {
			b, d, fd = d, c, fc
			c = b - float64(invPhi*(b-a))
			fc = loss(data, c, x)
		} else {
			a, c, fc = c, d, fd
			d = a + float64(invPhi*(b-a))
			fd = loss(data, d, x)
		}
	}
	return (a + b) / 2
}

// adam is the Adam optimizer (Kingma and Ba, 2014): a gradient step per
// parameter scaled by running averages of the gradient and its square.
type adam struct {
	rate         float64 // the step, in centipawns
	m, v         []float64
	beta1t       float64 // β1 to the power of the steps taken
	beta2t       float64
	beta1, beta2 float64
}

// Adam's usual constants.
const (
	adamBeta1   = 0.9
	adamBeta2   = 0.999
	adamEpsilon = 1e-8
)

// newAdam returns an optimizer for n parameters with the given step.
func newAdam(n int, rate float64) *adam {
	return &adam{rate: rate, m: make([]float64, n), v: make([]float64, n),
		beta1t: 1, beta2t: 1, beta1: adamBeta1, beta2: adamBeta2}
}

// step moves x against the gradient g.
func (a *adam) step(x, g []float64) {
	a.beta1t = float64(a.beta1t * a.beta1)
	a.beta2t = float64(a.beta2t * a.beta2)
	for i := range x {
		a.m[i] = float64(a.beta1*a.m[i]) + float64((1-a.beta1)*g[i])
		a.v[i] = float64(a.beta2*a.v[i]) + float64(float64((1-a.beta2)*g[i])*g[i])
		mHat := a.m[i] / (1 - a.beta1t)
		vHat := a.v[i] / (1 - a.beta2t)
		x[i] -= float64(a.rate*mHat) / (math.Sqrt(vHat) + adamEpsilon)
	}
}
