//go:build !unix

package fakeuci

import "os"

// Alive reports whether the process runs (as far as this system tells).
func Alive(pid int) bool {
	p, err := os.FindProcess(pid)
	return err == nil && p != nil
}
