//go:build unix

package driver

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the engine in a process group of its own, so that the
// engine and whatever processes it starts are ended together, and a
// terminal's Ctrl-C reaches the match, not the engines behind its back.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the engine's process group.
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
