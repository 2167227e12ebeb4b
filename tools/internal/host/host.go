// Package host describes the machine a measurement ran on, for the results
// files: the load beside the run, the processors and the Go release.
package host

import (
	"os"
	"runtime"
	"strconv"
	"strings"
)

// loadavg is where Linux publishes the load averages.
const loadavg = "/proc/loadavg"

// Load returns the one-minute load average as the kernel prints it
// ("1.25"), or "unknown" where the system does not publish it.
func Load() string {
	return loadFrom(loadavg)
}

// loadFrom reads the first field of a loadavg file.
func loadFrom(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return "unknown"
	}
	return f[0]
}

// Machine returns the processors and Go release of this process, e.g.
// "2 CPUs, linux/amd64, go1.26.8".
func Machine() string {
	return strings.Join([]string{strconv.Itoa(runtime.NumCPU()) + " CPUs", runtime.GOOS + "/" + runtime.GOARCH, runtime.Version()}, ", ")
}

// Describe is how results files print the machine and the load beside a
// run: "machine 2 CPUs, linux/amd64, go1.26.8, load average 0.8 at the
// start, 1.2 at the end".
func Describe(machine, loadStart, loadEnd string) string {
	return "machine " + machine + ", load average " + loadStart + " at the start, " + loadEnd + " at the end"
}
