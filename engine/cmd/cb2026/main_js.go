//book:stage main

//go:build js && wasm

package main

import (
	"bytes"
	"os"
	"syscall/js"
)

// The engine in a browser. Built with GOOS=js GOARCH=wasm, the binary runs
// in a Web Worker (the site's play page, assets/engine/worker.js) and speaks
// UCI through the same uci.Server as on standard input: the worker hands
// each message the page posts to cb2026Send, one line a message, and every
// line the server writes is posted back to the page, one line a message.
//
// A browser gives a program no standard input, so init serves the page
// instead and exits when told quit: main (main.go), which would read
// standard input, never runs here.
//
// No stage's view holds this file: a view selects the files a native build
// compiles (package book/view), and the marker above keeps it out of every
// stage before main's should that change.
//
// WebAssembly in a browser has one thread and Go cannot preempt a
// goroutine there: a search runs to its end before the next message is
// read, so "stop" cannot cut it short. The page bounds every search with
// go movetime or go depth, which the search checks on its own clock.
func init() {
	lines := make(chan string, 64)
	js.Global().Set("cb2026Send", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 1 && args[0].Type() == js.TypeString {
			lines <- args[0].String()
		}
		return nil
	}))
	_ = run(nil, &messages{lines: lines}, &poster{post: js.Global().Get("postMessage")}) // run ends on quit; a read never fails
	os.Exit(0)
}

// messages reads the lines the page posts, each ended with a newline, as
// the server reads standard input.
type messages struct {
	lines chan string
	rest  []byte // what the last Read could not hold
}

// Read waits for the page's next line when none is left over.
func (m *messages) Read(p []byte) (int, error) {
	if len(m.rest) == 0 {
		m.rest = []byte(<-m.lines + "\n")
	}
	n := copy(p, m.rest)
	m.rest = m.rest[n:]
	return n, nil
}

// poster posts each whole line written to it to the page.
type poster struct {
	post    js.Value
	partial []byte // the start of a line not yet ended
}

// Write posts every line p completes and keeps the rest for the next call.
func (w *poster) Write(p []byte) (int, error) {
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		w.post.Invoke(string(w.partial[:i]))
		w.partial = w.partial[i+1:]
	}
}
