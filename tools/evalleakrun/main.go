package main

import (
	"fmt"
	"os"

	"cb2026/book/view"
	"cb2026/stages"
)

func main() {
	st, err := stages.Parse(os.Args[2])
	if err != nil {
		panic(err)
	}
	leaks, err := view.Leaks(".", os.Args[1], st)
	if err != nil {
		panic(err)
	}
	for _, l := range leaks {
		fmt.Println(l)
	}
}
