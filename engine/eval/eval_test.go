package eval

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cb2026/engine/board"
)

var testFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"4k3/8/8/8/8/8/8/4K3 w - - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
}

// mirror returns the FEN of the position with colors swapped and the board
// flipped top to bottom: the same position for the other side.
func mirror(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	f[0] = swapCase(strings.Join(ranks, "/"))
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if f[2] != "-" {
		f[2] = swapCase(f[2])
	}
	if f[3] != "-" {
		f[3] = string(f[3][0]) + map[byte]string{'3': "6", '6': "3"}[f[3][1]]
	}
	return strings.Join(f, " ")
}

func swapCase(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case 'a' <= c && c <= 'z':
			b[i] = c - 'a' + 'A'
		case 'A' <= c && c <= 'Z':
			b[i] = c - 'A' + 'a'
		}
	}
	return string(b)
}

func TestStartPositionIsEven(t *testing.T) {
	assert.Equal(t, 0, Evaluate(board.NewPosition()))
}

func TestEvaluateIsSymmetric(t *testing.T) {
	for _, fen := range testFENs {
		p, err := board.ParseFEN(fen)
		require.NoError(t, err)
		q, err := board.ParseFEN(mirror(fen))
		require.NoError(t, err, "mirror(%q)", fen)
		assert.Equal(t, Evaluate(p), Evaluate(q), "Evaluate(%q) and its mirror", fen)
	}
}

func TestMaterialCounts(t *testing.T) {
	// White has an extra queen on d1 (queen table: -5), kings on e1/e8.
	p, err := board.ParseFEN("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
	require.NoError(t, err)
	b := Explain(p)
	assert.Equal(t, [2]int{900, 900}, b.Material)
	assert.Equal(t, 4, b.Phase)
	assert.Equal(t, b.Score, Evaluate(p))
	assert.Greater(t, Evaluate(p), 800)
	p, err = board.ParseFEN("4k3/8/8/8/8/8/8/3QK3 b - - 0 1")
	require.NoError(t, err)
	assert.Less(t, Evaluate(p), -800, "Black to move sees the score negated")
}

func TestTaper(t *testing.T) {
	tests := []struct{ mg, eg, phase, want int }{
		{100, 0, 24, 100},
		{100, 0, 0, 0},
		{100, 200, 12, 150},
		{100, 0, 30, 100}, // after promotions: capped at the middlegame
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, taper(tt.mg, tt.eg, tt.phase), "taper(%d, %d, %d)", tt.mg, tt.eg, tt.phase)
	}
}

func TestExplainAddsUp(t *testing.T) {
	for _, fen := range testFENs {
		p, err := board.ParseFEN(fen)
		require.NoError(t, err)
		b := Explain(p)
		want := b.White
		if p.SideToMove() == board.Black {
			want = -want
		}
		assert.Equal(t, want, Evaluate(p), "Explain(%q)", fen)
		var out bytes.Buffer
		require.NoError(t, b.Write(&out))
		assert.Contains(t, out.String(), "material")
	}
}

// go doc prints a field's doc comment without its directives: a doc that
// is only a directive (a //book: marker) shows as an empty "//" line.
// Every exported field of an exported type has text in its doc, or none.
func TestNoFieldDocIsOnlyADirective(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		require.NoError(t, err)
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok || !ts.Name.IsExported() {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return false
			}
			for _, fl := range st.Fields.List {
				if fl.Doc == nil || len(fl.Names) == 0 || !fl.Names[0].IsExported() {
					continue
				}
				assert.NotEmpty(t, strings.TrimSpace(fl.Doc.Text()), "%s: field %s.%s: its doc is only a directive, which go doc prints as an empty // line",
					fset.Position(fl.Pos()), ts.Name.Name, fl.Names[0].Name)
			}
			return false
		})
	}
}
