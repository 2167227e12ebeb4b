package fakeuci

import (
	"os"
	"strconv"
	"strings"
)

// PIDs reads a pid file (see Script.PIDFile): the ids of the processes that
// started, and whether one of them hangs. A missing file is no processes.
func PIDs(path string) (pids []int, hanging bool, err error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		id, note, _ := strings.Cut(line, " ")
		if note == "hang" {
			hanging = true
			continue
		}
		if n, err := strconv.Atoi(id); err == nil {
			pids = append(pids, n)
		}
	}
	return pids, hanging, nil
}
