//go:build unix

package fakeuci

import (
	"fmt"
	"os"
	"strings"
	"syscall"
)

// Alive reports whether the process runs: it exists and, where /proc tells,
// is not a zombie waiting to be reaped.
func Alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	// The state follows the command name, which is in parentheses.
	_, rest, _ := strings.Cut(string(stat), ") ")
	return !strings.HasPrefix(rest, "Z")
}
