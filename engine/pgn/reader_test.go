package pgn

import (
	"archive/zip"
	"bytes"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sample = `[Event "Test \"quoted\""]
[Site "?"]
[White "A"]
[Black "B"]
[Result "1-0"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]

{opening} 1... e5 2. Nf3 {good} (2. f4 exf4 (2... d5)) 2... Nc6 $1 3.Bb5!? a6
; rest of line
4. Ba4 1-0

% escape line
1. d4 d5 *
1. e4 c5
[Event "next"]
1. c4 1/2-1/2
`

func TestReadSample(t *testing.T) {
	games, err := ReadAll(strings.NewReader(sample))
	require.NoError(t, err)
	require.Len(t, games, 4)
	g := games[0]
	ev, _ := g.Tag("Event")
	assert.Equal(t, `Test "quoted"`, ev)
	assert.Equal(t, "opening", g.Comment)
	assert.Equal(t, []string{"e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"}, g.SANs())
	assert.Equal(t, "good", g.Moves[1].Comment)
	assert.Equal(t, "rest of line", g.Moves[4].Comment)
	assert.Equal(t, WhiteWins, g.Result)
	assert.Equal(t, 1, g.Line)
	assert.Equal(t, []string{"d4", "d5"}, games[1].SANs())
	assert.Equal(t, Unfinished, games[1].Result)
	assert.Equal(t, []string{"e4", "c5"}, games[2].SANs(), "a game without result ends at the next tags")
	assert.Equal(t, Draw, games[3].Result)
}

func TestReadErrors(t *testing.T) {
	for _, in := range []string{
		`[Event "x"] [Bad] 1. e4 *`,
		`1. e4 ) *`,
		`1. e4 ++ *`,
		`[Event "unterminated]`,
	} {
		_, err := ReadAll(strings.NewReader(in))
		assert.Error(t, err, "ReadAll(%q)", in)
	}
}

func TestWriteReadRoundTrip(t *testing.T) {
	games, err := ReadAll(strings.NewReader(sample))
	require.NoError(t, err)
	for _, g := range games {
		var buf bytes.Buffer
		require.NoError(t, Write(&buf, g))
		for _, line := range strings.Split(buf.String(), "\n") {
			assert.LessOrEqual(t, len(line), 80, line)
		}
		back, err := ReadAll(&buf)
		require.NoError(t, err)
		require.Len(t, back, 1)
		assert.Equal(t, g.Moves, back[0].Moves)
		assert.Equal(t, g.Result, back[0].Result)
		assert.Equal(t, g.Comment, back[0].Comment)
	}
}

func TestWriteFormat(t *testing.T) {
	g := &Game{Result: Draw, Tags: []Tag{{"White", "cb2026"}, {"Nodes", "5000"}}}
	g.Moves = []Ply{{SAN: "e4"}, {SAN: "e5", Comment: "+0.20/3"}, {SAN: "Nf3"}, {SAN: "Nc6"}}
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, g))
	want := `[Event "?"]
[Site "?"]
[Date "?"]
[Round "?"]
[White "cb2026"]
[Black "?"]
[Result "1/2-1/2"]
[Nodes "5000"]

1. e4 e5 {+0.20/3} 2. Nf3 Nc6 1/2-1/2

`
	assert.Equal(t, want, buf.String())
}

// The 8moves_v3 opening book (34,700 games of 16 plies) reads without error.
func TestReadOpeningBook(t *testing.T) {
	games := bookGames(t)
	assert.Len(t, games, 34700)
	for _, g := range games {
		require.Len(t, g.Moves, 16, "game at line %d", g.Line)
	}
}

// book caches the opening book's games for the tests that use them.
var book struct {
	once  sync.Once
	games []*Game
	err   error
}

// bookGames reads testdata/8moves_v3.pgn.zip once.
func bookGames(t *testing.T) []*Game {
	book.once.Do(func() {
		z, err := zip.OpenReader(filepath.Join("..", "..", "testdata", "8moves_v3.pgn.zip"))
		if err != nil {
			book.err = err
			return
		}
		defer z.Close()
		f, err := z.File[0].Open()
		if err != nil {
			book.err = err
			return
		}
		defer f.Close()
		book.games, book.err = ReadAll(f)
	})
	require.NoError(t, book.err)
	return book.games
}

func FuzzReader(f *testing.F) {
	f.Add(sample)
	f.Add("[A \"b\"]\n1. e4 {x} (1. d4 (1. c4)) e5 $2 1-0")
	f.Fuzz(func(t *testing.T, in string) {
		games, err := ReadAll(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, g := range games {
			var buf bytes.Buffer
			require.NoError(t, Write(&buf, g))
			back, err := ReadAll(&buf)
			require.NoError(t, err, "rereading %q", buf.String())
			require.Len(t, back, 1)
			assert.Equal(t, g.SANs(), back[0].SANs())
		}
	})
}
