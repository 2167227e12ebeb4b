package search

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"testing"
	"time"

	"cb2026/stages"
)

func TestZZMeasure(t *testing.T) {
	from, _ := strconv.Atoi(os.Getenv("FROM"))
	to, _ := strconv.Atoi(os.Getenv("TO"))
	extra, _ := strconv.Atoi(os.Getenv("EXTRA"))
	for n := from; n <= to; n++ {
		st, _ := stages.Get(n)
		d := st.BenchDepth + extra
		start := time.Now()
		nodes, _ := Bench(io.Discard, DefaultTechniques(n), d)
		el := time.Since(start)
		fmt.Printf("stage %2d depth %2d nodes %10d time %6.2fs nps %.0f\n", n, d, nodes, el.Seconds(), float64(nodes)/el.Seconds())
	}
}
