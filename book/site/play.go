package site

import (
	"compress/gzip"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"cb2026/book"
	"cb2026/exe"
	"cb2026/stages"
)

// The play page (play.html) plays any stage from 3 on in the browser: main's
// engine built as WebAssembly (exe.BuildBrowser) runs in a Web Worker and
// speaks UCI over its messages; the page's script (the theme's play/)
// sets the stage and the switches the reader chooses. A module without the
// engine's main package (the tests' fixture) gets no play page.

// playPage is the play page's file, and playDir the folder under assets
// that holds the engine, its worker and the page's script.
const (
	playPage = "play.html"
	playDir  = "play"
)

// playSpeedFile is the recorded measurement of the browser engine's speed
// against the native binary's (written by the browser test with
// CB2026_PLAY_SPEED_OUT), relative to the module root.
const playSpeedFile = "tools/speed/results/browser-wasm-vs-native.txt"

// playSpeedRatio finds the measurement's result line.
var playSpeedRatio = regexp.MustCompile(`(?m)^ratio ([0-9.]+)`)

// playSpeedStarted finds the measurement's date.
var playSpeedStarted = regexp.MustCompile(`(?m)^started (\d{4}-\d\d-\d\d)`)

// playBody is what the play page shows (the theme's play.html).
type playBody struct {
	WasmSize, WasmGzip string // the engine's size, as served and gzip-compressed
	Ratio, Measured    string // how many times slower the browser engine is, and when that was measured; empty before it is
	SpeedPage          string // the measurement's results page
}

// hasEngine reports whether the module at root holds the engine's main
// package.
func hasEngine(root string) bool {
	_, err := os.Stat(filepath.Join(root, "engine", "cmd", "cb2026"))
	return err == nil
}

// writePlay builds the engine as WebAssembly into the play page's folder
// and writes the page, with the engine's size and measured speed.
func (s *site) writePlay() error {
	if !s.playable {
		return nil
	}
	dir := filepath.Join(s.out, "assets", playDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	wasm := filepath.Join(dir, "cb2026.wasm")
	if err := exe.BuildBrowser(s.opt.Root, wasm, filepath.Join(dir, "wasm_exec.js")); err != nil {
		return fmt.Errorf("play page: %w", err)
	}
	data, err := os.ReadFile(wasm)
	if err != nil {
		return fmt.Errorf("play page: %w", err)
	}
	zipped, err := gzipSize(data)
	if err != nil {
		return fmt.Errorf("play page: %w", err)
	}
	p := playBody{WasmSize: megabytes(len(data)), WasmGzip: megabytes(zipped)}
	if rec, err := os.ReadFile(filepath.Join(s.opt.Root, filepath.FromSlash(playSpeedFile))); err == nil {
		if m := playSpeedRatio.FindSubmatch(rec); m != nil {
			p.Ratio = string(m[1])
		}
		if m := playSpeedStarted.FindSubmatch(rec); m != nil {
			p.Measured = string(m[1])
		}
		if r, ok := s.results["speed/"+strings.TrimPrefix(playSpeedFile, "tools/speed/results/")]; ok {
			p.SpeedPage = r.page
		}
	}
	main, err := s.body("play.html", p)
	if err != nil {
		return err
	}
	return s.write(playPage, pageData{Title: "Play any stage", Nav: s.nav(playPage), Main: main})
}

// gzipSize returns the size of data compressed as a web server would
// send it (gzip at the best compression).
func gzipSize(data []byte) (int, error) {
	zipped, err := gzipAt(data, gzip.BestCompression)
	return len(zipped), err
}

// megabytes writes a size in megabytes (10⁶ bytes) with two decimals.
func megabytes(n int) string {
	return fmt.Sprintf("%.2f MB", float64(n)/1e6)
}

// playsAt reports whether the play page plays stage st: the site has the
// page and st has a search (from stage 3 on, as the engine's Stage option).
func (s *site) playsAt(st stages.Stage) bool {
	return s.playable && st.Number >= 3
}

// playLink links the play page at a chapter's stage and, if the chapter
// has one, its problem position; nil for a stage without a search (1 and
// 2), an appendix, or a module without the engine.
func (s *site) playLink(ch *book.Chapter) *navItem {
	if ch.Appendix != "" || !s.playsAt(ch.Stage) {
		return nil
	}
	href := playHref(ch.Stage, problemFEN(ch))
	return &navItem{Href: href, Label: "Play " + ch.Stage.Name() + " in the browser"}
}

// playHref is the play page's address at a stage and, unless fen is empty,
// a position.
func playHref(st stages.Stage, fen string) string {
	q := url.Values{"stage": {st.String()}}
	if fen != "" {
		q.Set("fen", fen)
	}
	return playPage + "?" + q.Encode()
}

// problemFEN returns the position of the chapter's first board diagram
// under its heading "The problem", or "" if it has none.
func problemFEN(ch *book.Chapter) string {
	from, to := sectionLines(ch.Source, "## The problem")
	for _, b := range ch.Blocks {
		if b.Kind != book.DiagramBlock || b.Line < from || b.Line > to {
			continue
		}
		if d, err := book.ParseDiagram(b.Attrs, b.Body); err == nil {
			return d.FEN
		}
	}
	return ""
}

// sectionLines returns the first and last line (1-based) of the section
// that the heading line opens, up to the next heading of its level; 0, 0 if
// there is no such heading.
func sectionLines(src []byte, heading string) (from, to int) {
	lines := strings.Split(string(src), "\n")
	for i, l := range lines {
		switch {
		case from == 0 && strings.TrimSpace(l) == heading:
			from = i + 1
		case from > 0 && strings.HasPrefix(l, "## "):
			return from, i
		}
	}
	if from == 0 {
		return 0, 0
	}
	return from, len(lines)
}
