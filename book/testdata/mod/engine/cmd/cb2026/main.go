// Command cb2026 is a stand-in engine for the book tool's tests: perft counts
// a tree of twenty moves a node (its divide lists a2a3 and b2b3 only, and a
// FEN without a white king is refused), bench adds the stage number to a perft.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"fixture/engine/board"
)

func main() {
	if len(os.Args) > 1 {
		command(os.Args[1:])
		return
	}
	sc := bufio.NewScanner(os.Stdin)
	extra := 0
	for sc.Scan() {
		f := splitFields(sc.Text())
		switch {
		case len(f) == 0:
		case f[0] == "quit":
			return
		case f[0] == "set" && len(f) == 3 && f[2] == "off":
			extra += 1000
		case f[0] == "bench":
			bench(f[1:], extra)
		}
	}
}

func splitFields(s string) []string {
	var f []string
	cur := ""
	for _, r := range s + " " {
		if r == ' ' {
			if cur != "" {
				f = append(f, cur)
			}
			cur = ""
			continue
		}
		cur += string(r)
	}
	return f
}

func command(args []string) {
	switch args[0] {
	case "perft":
		if len(args) > 2 && !strings.Contains(args[2], "K") {
			fmt.Fprintf(os.Stderr, "cb2026: perft: fen %q: white has 0 kings, want 1\n", args[2])
			os.Exit(1)
		}
		d, _ := strconv.Atoi(args[1])
		fmt.Printf("a2a3: %d\nb2b3: %d\n\nNodes searched: %d\n", board.Perft(d-1), board.Perft(d-1), board.Perft(d))
	case "bench":
		bench(args[1:], 0)
	}
}

func bench(args []string, extra int) {
	d := 2
	if len(args) > 0 {
		d, _ = strconv.Atoi(args[0])
	}
	n := board.Perft(d) + uint64(stage+extra)
	fmt.Printf("position 1: %d\n%d nodes 123456 nps\n", n, n)
}
