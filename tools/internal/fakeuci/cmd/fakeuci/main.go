// Command fakeuci is a scripted UCI engine that misbehaves on purpose, for
// trying the match, suite and speed tools by hand:
//
//	fakeuci -fault illegal -at 5      # the fifth "go" is answered a1a1
//	fakeuci -fault crash -at 3        # exits at the third "go"
//	fakeuci -fault slow -delay 2s     # answers the first "go" two seconds late
//	fakeuci -fault hang -pidfile p    # at the first "go" stops for good, deaf to SIGTERM, with a child
//
// Between faults it plays legal moves (captures first).
package main

import (
	"os"

	"cb2026/tools/internal/fakeuci"
)

func main() {
	os.Exit(fakeuci.Main(os.Args[1:], fakeuci.Legal()))
}
