package site

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"cb2026/exe"
	"cb2026/stages"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The play page's browser test builds the site (without the stage views,
// which the play page does not use), serves it on 127.0.0.1 and drives the
// page in Chromium at the phone's size: the page's engine must be the
// engine (bench at three stages, perft), must answer a move at two stages
// within the time set, must refuse what it does not know, and the board
// must fit the phone. CB2026_PLAY_SPEED_OUT=FILE records the browser's
// speed against the native binary's into FILE (playSpeedFile is the one
// the site shows); CB2026_BROWSER_OUT keeps the site and the phone's
// screenshot (play-phone.png) in that folder.

// playBenchStages are the stages whose bench the page's engine must count
// as each stage's own build does: an early one, a middle one and main.
var playBenchStages = []string{"5", "11", "main"}

// playWasmBudget bounds the engine's WebAssembly as a server sends it,
// gzip-compressed, in bytes: 1.07 MB when the play page was written, and a
// phone on a slow line should not wait much longer.
const playWasmBudget = 1_500_000

// playSpeedFactor is how far the measured browser/native ratio may lie
// from the recorded one, either way, before the test fails: the machine's
// load moves both (on the two shared cores of the recording, a native
// bench alone swung from 0.3 to 1.1 million nps).
const playSpeedFactor = 4

// stageBenchLine finds a stage file's bench count, as the engine's own
// tests read it (engine/cmd/cb2026/stage_test.go).
var stageBenchLine = regexp.MustCompile(`(?m)^const Bench = (\d+)$`)

// stageBenchCount reads a stage's bench count from its stage file.
func stageBenchCount(t *testing.T, name string) uint64 {
	t.Helper()
	st, err := stages.Parse(name)
	require.NoError(t, err)
	src, err := os.ReadFile(filepath.Join("..", "..", "stages", st.FileName()+".go"))
	require.NoError(t, err)
	m := stageBenchLine.FindSubmatch(src)
	require.NotNil(t, m, "%s.go has no Bench", st.FileName())
	n, err := strconv.ParseUint(string(m[1]), 10, 64)
	require.NoError(t, err)
	return n
}

// playState is what cb2026Play.state() returns.
type playState struct {
	FEN      string   `json:"fen"`
	Moves    []string `json:"moves"`
	Thinking bool     `json:"thinking"`
	Problem  string   `json:"problem"`
	Status   string   `json:"status"`
}

func TestPlayInBrowser(t *testing.T) {
	if testing.Short() || os.Getenv("CB2026_BOOK_CHECK") != "" {
		t.Skip("builds the site and runs the engine in a browser; skipped in -short and inside book check")
	}
	bin := findBrowser(t)
	start := time.Now()
	out := os.Getenv("CB2026_BROWSER_OUT")
	if out == "" {
		out = filepath.Join(t.TempDir(), "site")
	}
	out, err := filepath.Abs(out)
	require.NoError(t, err)
	_, err = Build(Options{Root: "../..", Out: out, NoViews: true})
	require.NoError(t, err)
	t.Logf("site built in %.1fs", time.Since(start).Seconds())
	wasm, err := os.ReadFile(filepath.Join(out, "assets", playDir, "cb2026.wasm"))
	require.NoError(t, err)
	zipped, err := gzipSize(wasm)
	require.NoError(t, err)
	assert.Less(t, zipped, playWasmBudget, "the engine's WebAssembly, gzip-compressed (%d bytes raw)", len(wasm))
	t.Logf("cb2026.wasm: %d bytes, %d gzip-compressed", len(wasm), zipped)
	base := serveSite(t, out)

	browser, stop := startBrowser(t, bin)
	defer stop()
	b := &tab{t: t, base: base, first: base, vp: viewports[1], scheme: "dark", events: &pageEvents{urls: map[network.RequestID]string{}}}
	b.open(browser)
	defer b.cancel()

	b.openPlay("play.html")
	t0 := time.Now()
	var wasmNPS uint64
	for _, st := range playBenchStages {
		line, _ := awaitJS[string](b, "bench at "+st, fmt.Sprintf("cb2026Play.bench(%q)", st))
		got, err := exe.ParseBench(line)
		if !assert.NoError(t, err, "bench at %s: %q", st, line) {
			continue
		}
		assert.Equal(t, int(stageBenchCount(t, st)), int(got.Nodes), "bench in the browser's engine set to stage %s", st)
		wasmNPS = got.NPS
	}
	t.Logf("bench at stages %s in the browser: %.1fs", strings.Join(playBenchStages, ", "), time.Since(t0).Seconds())
	line, _ := awaitJS[string](b, "perft 5", "cb2026Play.perft(5)")
	assert.Equal(t, "Nodes searched: 4865609", line, "perft 5 from the start position in the browser")
	b.checkPlaySpeed(wasmNPS)

	for _, st := range []string{"7", "13"} {
		b.playMove(st, 400)
	}
	b.checkPromotion()
	b.checkEngines()
	b.checkPlayRefusals()
	b.checkPlayFits(filepath.Join(out, "play-phone.png"))
	for _, p := range b.events.take() {
		t.Errorf("play.html: %s", p)
	}
	b.checkPlayCrash()
	b.checkPlayHang()
	b.checkPlayLeft()
	b.checkPage(playPage, drawings{})
	b.checkAccessibility(readAxe(t), []string{playPage})
	b.checkPlayFromFile(out)
	t.Logf("play page test: %.1fs", time.Since(start).Seconds())
}

// openPlay opens the play page at the address and waits for its engine.
func (b *tab) openPlay(addr string) bool {
	if !b.run(addr, chromedp.Navigate(b.base+addr)) {
		return false
	}
	_, ok := awaitJS[bool](b, addr+": the engine starts", "cb2026Play.ready.then(() => true)")
	return ok
}

// clickSquare clicks a square of the board, as a reader does.
func (b *tab) clickSquare(what, square string) bool {
	return b.clickOn(what, `#board [data-square="`+square+`"].square`)
}

// clickOn clicks the middle of the element sel selects, once it is there,
// where a reader's pointer would land. The board draws its squares anew
// whenever its size changes, as the page's text settles around it, so a
// click by the node a query found (chromedp.Click) fails when that node
// has just been replaced; a click at a point lands on whatever square is
// drawn there.
func (b *tab) clickOn(what, sel string) bool {
	js := fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		if (!e) return null;
		e.scrollIntoView({block: "center"});
		const r = e.getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2];
	})()`, sel)
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		p, ok := eval[[]float64](b, what, js)
		if !ok {
			return false
		}
		if len(p) == 2 {
			return b.run(what, chromedp.MouseClickXY(p[0], p[1]))
		}
		if time.Since(start) > actionTimeout {
			b.t.Errorf("%s: no %s on the page", what, sel)
			return false
		}
	}
}

// awaitJS evaluates a script that gives a promise and decodes its value.
func awaitJS[T any](b *tab, what, js string) (T, bool) {
	ctx, cancel := context.WithTimeout(b.ctx, 3*time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Errorf("%s: %v", what, err)
		return v, false
	}
	return v, true
}

// playMove opens the page at a stage with a time per move, tries e2e5,
// which the board refuses, then plays e2e4 by clicking the two squares as a
// reader does, and expects the engine's legal reply within the time and a
// margin.
func (b *tab) playMove(stage string, movetime int) {
	what := "stage " + stage + ": e2e4"
	if !b.openPlay(fmt.Sprintf("play.html?stage=%s&movetime=%d", stage, movetime)) {
		return
	}
	for _, sq := range []string{"e2", "e5"} {
		b.clickSquare(what, sq)
	}
	st, _ := eval[playState](b, what, "cb2026Play.state()")
	assert.Empty(b.t, st.Moves, "%s: e2e5 is refused", what)
	assert.Contains(b.t, st.Status, "Not a legal move", "%s: e2e5", what)
	start := time.Now()
	for _, sq := range []string{"e2", "e4"} {
		if !b.clickSquare(what, sq) {
			return
		}
	}
	deadline := time.Duration(movetime)*time.Millisecond + 5*time.Second
	for time.Since(start) < deadline+5*time.Second {
		st, _ = eval[playState](b, what, "cb2026Play.state()")
		if len(st.Moves) >= 2 || st.Problem != "" {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	took := time.Since(start)
	if !assert.Len(b.t, st.Moves, 2, "%s: the moves after the engine's reply (%+v)", what, st) {
		return
	}
	assert.Equal(b.t, "e2e4", st.Moves[0], what)
	assert.Empty(b.t, st.Problem, what)
	assert.Less(b.t, took, deadline, "%s: the reply %s took %s", what, st.Moves[1], took)
	b.t.Logf("%s: the engine replied %s in %s", what, st.Moves[1], took.Round(time.Millisecond))
}

// checkPromotion promotes a pawn to a knight through the board's dialog.
func (b *tab) checkPromotion() {
	const addr = "play.html?stage=5&depth=1&fen=8/P6k/8/8/8/8/8/K7+w+-+-+0+1"
	if !b.openPlay(addr) {
		return
	}
	for _, sq := range []string{"a7", "a8"} {
		b.clickSquare("promotion", sq)
	}
	b.clickOn("promotion: a knight", `#board .promotion-dialog-button[data-piece="wn"]`)
	st := b.waitPlay("promotion", func(st playState) bool { return len(st.Moves) >= 1 })
	if assert.NotEmpty(b.t, st.Moves, "promotion") {
		assert.Equal(b.t, "a7a8n", st.Moves[0], "a7a8 with the knight chosen")
	}
}

// checkEngines opens the page with stage 5 against stage 6 at depth 2 and
// expects the two engines to play on by themselves, each move legal (the
// page's rules refuse any other with a problem).
func (b *tab) checkEngines() {
	if !b.openPlay("play.html?stage=5&b=6&depth=2") {
		return
	}
	st := b.waitPlay("stage 5 against stage 6", func(st playState) bool { return len(st.Moves) >= 6 || st.Problem != "" })
	assert.Empty(b.t, st.Problem, "stage 5 against stage 6")
	rows, _ := eval[[]string](b, "stage 5 against stage 6", `Array.from(document.querySelectorAll("#info tr"), r => r.cells[0].textContent)`)
	assert.ElementsMatch(b.t, []string{"White (stage 5)", "Black (stage 6)"}, rows, "each engine's thinking is shown")
}

// checkPlayRefusals opens the page with a stage and a switch the engine
// does not know, and sets up a position that is not legal: each is refused
// with a message, the last in the engine's words.
func (b *tab) checkPlayRefusals() {
	if !b.openPlay("play.html?stage=99&off=NoSuchSwitch") {
		return
	}
	st, _ := eval[playState](b, "refusals", "cb2026Play.state()")
	assert.Contains(b.t, st.Problem, `stage "99"`, "an unknown stage is refused")
	assert.Contains(b.t, st.Problem, `switch "NoSuchSwitch"`, "an unknown switch is refused")
	const noKing = "8/8/8/8/8/8/8/8 w - - 0 1"
	if !b.run("bad FEN", chromedp.SetValue(chromedp.CSS("#fen"), noKing), chromedp.Click(chromedp.CSS(`#fen-form button[type="submit"]`))) {
		return
	}
	st = b.waitPlay("bad FEN", func(st playState) bool { return strings.Contains(st.Status, "kings") })
	assert.Contains(b.t, st.Status, "white has 0 kings", "the engine's own words on a FEN without kings")
	assert.NotEqual(b.t, noKing, st.FEN, "the refused position is not set up")
}

// checkPlayCrash ends the engine's program under the page (the engine's
// quit, sent behind the page's back), asks for a move and expects the page
// to say that the engine stopped and offer a restart; the restart brings
// the engine back with the game on the board kept, and the engine moves on.
func (b *tab) checkPlayCrash() {
	if !b.openPlay("play.html?stage=9&movetime=300") {
		return
	}
	for _, sq := range []string{"d2", "d4"} {
		b.clickSquare("crash: d2d4", sq)
	}
	st := b.waitPlay("crash: the reply", func(st playState) bool { return len(st.Moves) == 2 })
	before := st.FEN
	eval[bool](b, "crash", `cb2026Play.post("quit"), true`)
	b.run("crash: engine, move", chromedp.Click(chromedp.CSS("#go")))
	st = b.waitPlay("crash: the message", func(st playState) bool { return st.Problem != "" })
	assert.Contains(b.t, st.Problem, "crashed", "a worker that ended is reported")
	assert.Equal(b.t, before, st.FEN, "the game on the board is kept")
	visible, _ := eval[bool](b, "crash", `!document.getElementById("problem").hidden && document.getElementById("restart").offsetWidth > 0`)
	assert.True(b.t, visible, "the restart button is shown")
	for _, p := range b.events.take() {
		if !strings.Contains(p, "exited") {
			b.t.Errorf("crash: %s", p)
		}
	}
	// "Engine, move" gave the engine White, whose turn it is: once
	// restarted, it plays on by itself.
	b.run("crash: restart", chromedp.Click(chromedp.CSS("#restart")))
	st = b.waitPlay("crash: after the restart", func(st playState) bool { return len(st.Moves) == 3 && !st.Thinking })
	assert.Empty(b.t, st.Problem, "after the restart")
	assert.Len(b.t, st.Moves, 3, "the restarted engine moves in the kept game")
}

// checkPlayHang gives the engine a search to depth 40, which it cannot
// finish, and the page a second to wait for it: the page says so, keeps
// the game and offers a restart; restarted with a time per move, the
// engine plays.
func (b *tab) checkPlayHang() {
	if !b.openPlay("play.html?stage=main&depth=40") {
		return
	}
	before, _ := eval[playState](b, "hang", "cb2026Play.state()")
	eval[bool](b, "hang", "cb2026Play.hangAfter(1000), true")
	b.run("hang: engine, move", chromedp.Click(chromedp.CSS("#go")))
	st := b.waitPlay("hang: the message", func(st playState) bool { return st.Problem != "" })
	assert.Contains(b.t, st.Problem, "did not answer within 1 s", "a search that does not end is reported")
	assert.Equal(b.t, before.FEN, st.FEN, "the game on the board is kept")
	b.run("hang: a time per move", chromedp.SetValue(chromedp.CSS("#limit"), "movetime"), chromedp.SetValue(chromedp.CSS("#limit-value"), "200"),
		chromedp.Click(chromedp.CSS("#restart")))
	st = b.waitPlay("hang: after the restart", func(st playState) bool { return len(st.Moves) == 1 && !st.Thinking })
	assert.Empty(b.t, st.Problem, "after the restart")
	for _, p := range b.events.take() {
		b.t.Errorf("hang: %s", p)
	}
}

// checkPlayLeft leaves the play page while its engine is still loading:
// nothing fails on the way.
func (b *tab) checkPlayLeft() {
	b.run("leaving play.html", chromedp.Navigate(b.base+playPage), chromedp.Navigate(b.base+"index.html"), chromedp.Sleep(500*time.Millisecond))
	for _, p := range b.events.take() {
		b.t.Errorf("leaving play.html while its engine loads: %s", p)
	}
}

// waitPlay polls the page's state until done holds, for up to a minute,
// and returns the last state.
func (b *tab) waitPlay(what string, done func(playState) bool) playState {
	var st playState
	for start := time.Now(); time.Since(start) < time.Minute; time.Sleep(50 * time.Millisecond) {
		st, _ = eval[playState](b, what, "cb2026Play.state()")
		if done(st) {
			return st
		}
	}
	b.t.Errorf("%s: not reached within a minute (%+v)", what, st)
	return st
}

// checkPlayFromFile opens the play page from file://, where a browser
// starts no worker: the page says so and loads nothing that fails.
func (b *tab) checkPlayFromFile(out string) {
	if !b.run("file://", chromedp.Navigate("file://"+filepath.ToSlash(out)+"/"+playPage)) {
		return
	}
	st, _ := eval[string](b, "file://", `document.getElementById("status").textContent`)
	assert.Contains(b.t, st, "served over HTTP", "play.html from file://")
	for _, p := range b.events.take() {
		b.t.Errorf("play.html from file://: %s", p)
	}
}

// checkPlayFits follows chapter 13's "play this stage" link, expects the
// page at stage 13 with the chapter's problem position on the board, the
// board within the phone's width, and saves a screenshot.
func (b *tab) checkPlayFits(png string) {
	const chapter = "13-null-move.html"
	if !b.run(chapter, chromedp.Navigate(b.base+chapter)) {
		return
	}
	href, _ := eval[string](b, chapter, `(document.querySelector("a.play-link") || {getAttribute: () => ""}).getAttribute("href")`)
	if !assert.NotEmpty(b.t, href, "%s has a play link", chapter) || !b.openPlay(href) {
		return
	}
	st, _ := eval[playState](b, href, "cb2026Play.state()")
	stage, _ := eval[string](b, href, `document.getElementById("stage").value`)
	assert.Equal(b.t, "13", stage, "%s: the stage", href)
	assert.Equal(b.t, "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16", st.FEN, "%s: chapter 13's problem position", href)
	assert.Empty(b.t, st.Problem, href)
	right, _ := eval[float64](b, "board box", `document.getElementById("board").getBoundingClientRect().right`)
	width, _ := eval[float64](b, "board box", `document.getElementById("board").getBoundingClientRect().width`)
	assert.LessOrEqual(b.t, right, float64(b.vp.width), "the board's right edge is within the %d px window", b.vp.width)
	assert.Greater(b.t, width, 0.75*float64(b.vp.width), "the board takes most of the phone's width")
	ctx, cancel := context.WithTimeout(b.ctx, actionTimeout)
	defer cancel()
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if assert.NoError(b.t, err, "screenshot") {
		require.NoError(b.t, os.WriteFile(png, shot, 0o644))
	}
}

// checkPlaySpeed runs main's bench natively, twice, and compares the
// faster one's speed with the browser's (wasmNPS, main's bench in the
// page): the ratio must lie within playSpeedFactor of the recorded one.
// With CB2026_PLAY_SPEED_OUT it records a new measurement instead.
func (b *tab) checkPlaySpeed(wasmNPS uint64) {
	if wasmNPS == 0 {
		return
	}
	native := max(b.nativeBench(), b.nativeBench())
	if native == 0 {
		return
	}
	ratio := float64(native) / float64(wasmNPS)
	b.t.Logf("main's bench: native %d nps, browser %d nps: %.1f times slower in the browser", native, wasmNPS, ratio)
	if out := os.Getenv("CB2026_PLAY_SPEED_OUT"); out != "" {
		if !filepath.IsAbs(out) {
			out = filepath.Join("..", "..", out) // from the module root, as the recorded command says
		}
		b.recordPlaySpeed(out)
		return
	}
	rec, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(playSpeedFile)))
	if err != nil {
		b.t.Logf("no recorded browser speed (%v)", err)
		return
	}
	m := playSpeedRatio.FindSubmatch(rec)
	require.NotNil(b.t, m, "%s has no ratio line", playSpeedFile)
	want, _ := strconv.ParseFloat(string(m[1]), 64)
	assert.True(b.t, ratio < want*playSpeedFactor && ratio > want/playSpeedFactor,
		"browser/native speed ratio %.1f, recorded %.1f in %s: more than %d times apart", ratio, want, playSpeedFile, playSpeedFactor)
}

// nativeBench builds main natively and returns its bench's nps.
func (b *tab) nativeBench() uint64 {
	main, _ := stages.Get(stages.Main)
	bin, err := exe.Build("../..", filepath.Join(b.t.TempDir(), "cb2026-main"), main)
	if !assert.NoError(b.t, err) {
		return 0
	}
	out, err := exec.Command(bin, "bench").Output()
	if !assert.NoError(b.t, err) {
		return 0
	}
	bench, err := exe.ParseBench(string(out))
	if !assert.NoError(b.t, err) {
		return 0
	}
	return bench.NPS
}

// playSpeedRounds is how many times a recording runs main's bench each way,
// alternating, for the median of each.
const playSpeedRounds = 5

// recordPlaySpeed measures main's bench natively and in the page's engine,
// alternately, and writes the medians and their ratio to path.
func (b *tab) recordPlaySpeed(path string) {
	version, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string]("navigator.userAgent"))
	var text strings.Builder
	fmt.Fprintf(&text, "main's bench natively and in the site's play page (WebAssembly in a Web Worker, headless Chromium), alternately, %d rounds each\n", playSpeedRounds)
	fmt.Fprintf(&text, "started %s UTC, machine %d CPUs, %s/%s, %s, load average %s at the start\n", time.Now().UTC().Format("2006-01-02 15:04"), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version(), loadAverage())
	fmt.Fprintf(&text, "browser: %s\n", version)
	var natives, wasms []float64
	for i := 1; i <= playSpeedRounds; i++ {
		n := b.nativeBench()
		line, _ := awaitJS[string](b, "bench at main", `cb2026Play.bench("main")`)
		w, err := exe.ParseBench(line)
		require.NoError(b.t, err)
		natives, wasms = append(natives, float64(n)), append(wasms, float64(w.NPS))
		fmt.Fprintf(&text, "round %d: native %d nps, browser %d nps\n", i, n, w.NPS)
	}
	ratio := median(natives) / median(wasms)
	fmt.Fprintf(&text, "ratio %.1f (median native nps / median browser nps: the browser's engine is %.1f times slower)\n", ratio, ratio)
	fmt.Fprintf(&text, "load average %s at the end\n", loadAverage())
	fmt.Fprintf(&text, "command: CB2026_PLAY_SPEED_OUT=%s go test ./book/site -run TestPlayInBrowser\n", playSpeedFile)
	require.NoError(b.t, os.WriteFile(path, []byte(text.String()), 0o644))
	b.t.Logf("recorded in %s:\n%s", path, text.String())
}

// median returns the middle of xs (the mean of the two middle ones for an
// even count).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return math.NaN()
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// loadAverage returns the one-minute load average, or "unknown".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Fields(string(data))[0]
}
