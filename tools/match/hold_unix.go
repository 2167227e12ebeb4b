//go:build unix

package main

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// holdFolder locks the output folder dir for as long as the returned file
// stays open, so that two runs of match cannot play into one folder at
// once: each would play the same rounds, and games.pgn would hold them
// twice. The lock ends with the process, however it ends.
func holdFolder(dir string) (*os.File, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("-out %s: another run of match is playing into it: let it finish, or stop it and give -resume", dir)
		}
		return nil, fmt.Errorf("-out %s: lock: %w", dir, err)
	}
	return f, nil
}
