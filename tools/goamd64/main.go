// Command goamd64 prints the GOAMD64 setting that the repository's engine
// builds use on this machine ("GOAMD64=v3"), or nothing where they use Go's
// default (exe.LevelEnv says which and why). The Makefile's perft-deep
// gives it to go test:
//
//	env $(go run ./tools/goamd64) go test ./engine/board -args -deep
package main

import (
	"fmt"
	"strings"

	"cb2026/exe"
)

func main() {
	fmt.Println(strings.Join(exe.LevelEnv(), " "))
}
