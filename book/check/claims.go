package check

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"cb2026/book"
	"cb2026/internal/results"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// matchClaim finds a match's result stated in prose: an Elo difference and
// its 95% interval, "+12.2 ± 24.1" (signed with +, − or -, or not at all;
// emphasis may close between them, as in "**−8.3 ± 13.1**").
var matchClaim = regexp.MustCompile(`([+−-]?)([0-9]+(?:\.[0-9]+)?) ?± ?([0-9]+(?:\.[0-9]+)?)`)

// resultPath finds a recorded result named anywhere in a block: a code span
// of the prose, a command's -out, a link's destination.
var resultPath = regexp.MustCompile(`tools/(?:match|suite|speed)/results/[A-Za-z0-9._*+\[\]-]*[A-Za-z0-9*\]]`)

// recordClaim finds a match's record stated in prose: wins, draws and
// losses, "106-202-92" (or with en dashes), from either engine's side.
var recordClaim = regexp.MustCompile(`(?:^|[^0-9A-Za-z.,+−-])([0-9]{1,3})[-–]([0-9]{1,3})[-–]([0-9]{1,3})(?:$|[^0-9A-Za-z-])`)

// shareClaim finds a match's score or likelihood of superiority stated in
// prose: "scored 53.9%", "the 600 games score 52.8%", "likelihood of
// superiority 97.6%".
var shareClaim = regexp.MustCompile(`\b(scored|games\s+score|likelihood\s+of\s+superiority)\s+([0-9]+(?:\.[0-9]+)?)%`)

// verdictClaim finds an SPRT's verdict stated in prose: "H0 accepted",
// "H1 accepted at game 1,474".
var verdictClaim = regexp.MustCompile(`\b(H[01]) accepted(?: at game ([0-9,]+))?`)

// A claim is a match result that a block of a chapter states: an Elo and
// its interval, a record, a score or likelihood of superiority, or an
// SPRT's verdict.
type claim struct {
	off      int    // byte offset of the claim in the chapter
	text     string // as written: "+12.2 ± 24.1", "106-202-92"
	elo, err string // the Elo without its sign, and the interval: "12.2", "24.1"
	record   []int  // wins, draws and losses, for a record
	share    string // a percentage, for a score or a likelihood of superiority: "53.9"
	los      bool   // the share is the likelihood of superiority, not the score
	verdict  string // "H0" or "H1", for a verdict
	at       string // the game a verdict was reached at, if written: "1474"
}

// checkResultClaims checks the match results a chapter states
// (resultClaims): each must name its results folder and agree with it.
func (c *checker) checkResultClaims(ch *book.Chapter) {
	probs, _ := resultClaims(c.opt.Root, ch, proseMask(ch))
	for _, p := range probs {
		c.problem(p.File, p.Line, "%s", p.Msg)
	}
}

// resultClaims returns the problems of the match results a chapter states,
// and the byte ranges of the claims that hold; prose is the chapter's
// proseMask.
// A result is an Elo and its interval (matchClaim) or a record of wins,
// draws and losses (recordClaim) in prose. The block that
// states it, a paragraph, a list item's text or a table, or the block just
// before it (the paragraph that introduces a table, the command that played
// the match, and the paragraph before that command) or, for a table, the
// block just after it, must name the match's results folder
// (`tools/match/results/NAME`, or a pattern of its parts, NAME-part*), and
// the Elo and interval (or the record) must be one named match's, as its
// results.json has them, to the decimals written (the sign and the order of
// wins and losses are free: a chapter may state the match from either
// engine's side).
func resultClaims(root string, ch *book.Chapter, prose []bool) (probs []book.Problem, held [][2]int) {
	blocks := leafBlocks(ch)
	for i, b := range blocks {
		claims := claimsIn(ch, prose, b)
		if len(claims) == 0 {
			continue
		}
		names := namesAround(ch, blocks, i)
		var matches []namedResult
		for _, n := range names {
			rs, err := readResults(root, n)
			if err != nil {
				probs = append(probs, book.Problem{File: ch.Path, Line: ch.LineOf(b.start), Msg: err.Error()})
			}
			matches = append(matches, rs...)
		}
		for _, cl := range claims {
			if msg := judgeClaim(cl, names, matches); msg != "" {
				probs = append(probs, book.Problem{File: ch.Path, Line: ch.LineOf(cl.off), Msg: msg})
			} else {
				held = append(held, [2]int{cl.off, cl.off + len(cl.text)})
			}
		}
	}
	return probs, held
}

// namesAround returns the recorded results that block i and the blocks a
// claim in it may lean on name (resultClaims): the block itself, the block
// before it unless that is a heading, and the one before that too when the
// block before is a code block (a command); for a table, also the block
// after it.
func namesAround(ch *book.Chapter, blocks []leafBlock, i int) []string {
	in := func(b leafBlock) []string { return resultPath.FindAllString(string(ch.Source[b.start:b.stop]), -1) }
	names := in(blocks[i])
	for j := i - 1; j >= 0 && j >= i-2 && !blocks[j].heading; j-- {
		names = append(names, in(blocks[j])...)
		if !blocks[j].code {
			break
		}
	}
	if blocks[i].table && i+1 < len(blocks) {
		names = append(names, in(blocks[i+1])...)
	}
	return dedupe(names)
}

// byMatch groups the pieces by the match they belong to
// (results.SameMatch), in the order each match is first seen.
func byMatch(pieces []results.Piece) [][]results.Piece {
	var groups [][]results.Piece
	for _, p := range pieces {
		i := slices.IndexFunc(groups, func(g []results.Piece) bool {
			return results.SameMatch(g[0], p) == nil
		})
		if i < 0 {
			groups = append(groups, nil)
			i = len(groups) - 1
		}
		groups[i] = append(groups[i], p)
	}
	return groups
}

// A namedResult is a match's result with the name a chapter gave it.
type namedResult struct {
	name string
	results.Summary
}

// judgeClaim says what is wrong with a claim, given the recorded results
// its block names and the matches among them; "" if nothing.
func judgeClaim(cl claim, names []string, matches []namedResult) string {
	if len(names) == 0 {
		return fmt.Sprintf("%s states a match result but names no results folder: name it, `tools/match/results/NAME`, in the same paragraph or table or in the block just before it", cl.text)
	}
	var found []string
	for _, m := range matches {
		if cl.share != "" || cl.verdict != "" {
			got, ok := m.sharesAndVerdict(cl)
			if ok {
				return ""
			}
			if got != "" {
				found = append(found, fmt.Sprintf("%s: %s", m.name, got))
			}
			continue
		}
		if cl.record != nil {
			w, d, l := m.Wins, m.Draws, m.Losses
			if cl.record[1] == d && (cl.record[0] == w && cl.record[2] == l || cl.record[0] == l && cl.record[2] == w) {
				return ""
			}
			found = append(found, fmt.Sprintf("%s: %d-%d-%d", m.name, w, d, l))
			continue
		}
		elo, err := decimalsLike(math.Abs(float64(m.Elo)), cl.elo), decimalsLike(float64(m.EloError), cl.err)
		if elo == cl.elo && err == cl.err {
			return ""
		}
		found = append(found, fmt.Sprintf("%s: %s ± %s", m.name, signed(float64(m.Elo), elo), err))
	}
	if len(found) == 0 {
		return fmt.Sprintf("%s states a match result, but no folder it names holds a match's results.json (%s)", cl.text, strings.Join(names, ", "))
	}
	return fmt.Sprintf("%s is not the result of a match the block names (%s)", cl.text, strings.Join(found, "; "))
}

// sharesAndVerdict says whether a score, likelihood of superiority or
// verdict claim is this match's (to the decimals written), and what the
// match has instead ("" when it has no such thing: no SPRT).
func (m namedResult) sharesAndVerdict(cl claim) (string, bool) {
	if cl.verdict != "" {
		if m.SPRT == nil {
			return "", false
		}
		verdict, at := m.SPRT.Verdict, m.SPRT.DecidedGames // the verdict where the LLR crossed, if it did
		got := verdict
		if at > 0 {
			got = fmt.Sprintf("%s at game %d", verdict, at)
		}
		want := cl.verdict + " accepted"
		return got, verdict == want && (cl.at == "" || cl.at == strconv.Itoa(at))
	}
	v, what := float64(m.Score), "score"
	if cl.los {
		v, what = float64(m.LOS), "likelihood of superiority"
	}
	got := decimalsLike(100*v, cl.share)
	return fmt.Sprintf("%s %s%%", what, got), got == cl.share
}

// decimalsLike formats v with as many decimals as like has.
func decimalsLike(v float64, like string) string {
	d := 0
	if _, frac, ok := strings.Cut(like, "."); ok {
		d = len(frac)
	}
	return fmt.Sprintf("%.*f", d, v)
}

// signed puts the sign of v before its formatted magnitude.
func signed(v float64, magnitude string) string {
	if v < 0 {
		return "−" + magnitude
	}
	return "+" + magnitude
}

// claimsIn returns the claims of a block's prose.
func claimsIn(ch *book.Chapter, prose []bool, b leafBlock) []claim {
	var cs []claim
	src := string(ch.Source[b.start:b.stop])
	for _, m := range matchClaim.FindAllStringSubmatchIndex(src, -1) {
		if !allTrue(prose[b.start+m[0] : b.start+m[1]]) {
			continue // in a code span, a figure or emphasis markers between the numbers
		}
		cs = append(cs, claim{off: b.start + m[0], text: src[m[0]:m[1]], elo: src[m[4]:m[5]], err: src[m[6]:m[7]]})
	}
	for _, m := range recordClaim.FindAllStringSubmatchIndex(src, -1) {
		if !allTrue(prose[b.start+m[2] : b.start+m[7]]) {
			continue
		}
		cl := claim{off: b.start + m[2], text: src[m[2]:m[7]]}
		for i := 2; i < 8; i += 2 {
			n, _ := strconv.Atoi(src[m[i]:m[i+1]])
			cl.record = append(cl.record, n)
		}
		cs = append(cs, cl)
	}
	for _, m := range shareClaim.FindAllStringSubmatchIndex(src, -1) {
		if !allTrue(prose[b.start+m[4] : b.start+m[5]]) {
			continue
		}
		cs = append(cs, claim{off: b.start + m[0], text: src[m[0]:m[1]], share: src[m[4]:m[5]],
			los: strings.HasPrefix(src[m[2]:m[3]], "likelihood")})
	}
	for _, m := range verdictClaim.FindAllStringSubmatchIndex(src, -1) {
		if !allTrue(prose[b.start+m[0] : b.start+m[1]]) {
			continue
		}
		cl := claim{off: b.start + m[0], text: src[m[0]:m[1]], verdict: src[m[2]:m[3]]}
		if m[4] >= 0 {
			cl.at = strings.ReplaceAll(src[m[4]:m[5]], ",", "")
		}
		cs = append(cs, cl)
	}
	return cs
}

// A leafBlock is a block of a chapter that holds text and no other block:
// a paragraph, a list item's text, a table, a heading or a code block.
type leafBlock struct {
	start, stop          int // its bytes in the chapter
	heading, code, table bool
}

// leafBlocks returns a chapter's leaf blocks in order.
func leafBlocks(ch *book.Chapter) []leafBlock {
	doc := book.NewMarkdown().Parser().Parse(text.NewReader(ch.Source), parser.WithContext(parser.NewContext()))
	var blocks []leafBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || n.Type() != ast.TypeBlock || n.Kind() == ast.KindDocument {
			return ast.WalkContinue, nil
		}
		if n.HasChildren() && n.FirstChild().Type() == ast.TypeBlock && n.Kind() != east.KindTable {
			return ast.WalkContinue, nil // a list, a quote: its blocks are the leaves
		}
		start, stop := extent(n)
		if start < stop {
			_, fenced := n.(*ast.FencedCodeBlock)
			blocks = append(blocks, leafBlock{start: start, stop: stop, heading: n.Kind() == ast.KindHeading, code: fenced, table: n.Kind() == east.KindTable})
		}
		return ast.WalkSkipChildren, nil
	})
	sort.SliceStable(blocks, func(i, j int) bool { return blocks[i].start < blocks[j].start })
	return blocks
}

// extent returns the first and last byte of a node's lines and of the
// text segments beneath it.
func extent(n ast.Node) (start, stop int) {
	start, stop = math.MaxInt, 0
	add := func(s text.Segment) {
		start, stop = min(start, s.Start), max(stop, s.Stop)
	}
	_ = ast.Walk(n, func(m ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if m.Type() == ast.TypeBlock {
			for i := 0; i < m.Lines().Len(); i++ {
				add(m.Lines().At(i))
			}
		}
		if t, ok := m.(*ast.Text); ok {
			add(t.Segment)
		}
		return ast.WalkContinue, nil
	})
	if start > stop {
		return 0, 0
	}
	return start, stop
}

// dedupe returns names without repeats, in their first order.
func dedupe(names []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// readResults reads the matches a chapter names under root: a results
// folder (or the folder of a file it names), or a folder of matches (a
// ladder's, one folder per stage), or a pattern of a match's parts, pooled
// (a void part left out, as match combine leaves it), and each part; a
// pattern that takes in the parts of several matches pools each match's.
// None for what holds no results.json: a suite's or a speed measurement's
// results, or a name that does not exist, which checkResultMentions
// reports.
func readResults(root, name string) ([]namedResult, error) {
	path := filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(name, "/")))
	if strings.ContainsAny(name, "*[") {
		dirs, _ := filepath.Glob(path)
		var pieces []results.Piece
		var rs []namedResult
		for _, d := range dirs {
			s, err := results.ReadDir(d)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return nil, err
			}
			rel, _ := filepath.Rel(root, d)
			rs = append(rs, namedResult{filepath.ToSlash(rel), s})
			void, err := results.Void(d)
			if err != nil {
				return nil, err
			}
			if void == "" { // a void part is a result alone, left out of the pooled one
				pieces = append(pieces, results.Piece{Dir: d, Summary: s})
			}
		}
		if len(pieces) == 0 {
			return rs, nil
		}
		var pooled []namedResult
		for _, match := range byMatch(pieces) { // the parts of each match the pattern takes in
			all, err := results.Pool(match)
			if err != nil {
				return nil, err
			}
			pooled = append(pooled, namedResult{name, all})
		}
		return append(pooled, rs...), nil
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, nil
	}
	if !fi.IsDir() {
		path = filepath.Dir(path)
	}
	s, err := results.ReadDir(path)
	if err == nil {
		return []namedResult{{name, s}}, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	subs, _ := filepath.Glob(filepath.Join(path, "*", results.File))
	var rs []namedResult
	for _, f := range subs {
		s, err := results.Read(f)
		if err != nil {
			return nil, err
		}
		rs = append(rs, namedResult{name + "/" + filepath.Base(filepath.Dir(f)), s})
	}
	return rs, nil
}
