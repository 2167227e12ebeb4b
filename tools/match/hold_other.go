//go:build !unix

package main

import "os"

// holdFolder opens the output folder dir. Where flock is missing it takes no
// lock: two runs into one folder are the user's to avoid.
func holdFolder(dir string) (*os.File, error) {
	return os.Open(dir)
}
