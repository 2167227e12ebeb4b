package directive

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in      string
		want    Directive
		ok      bool
		wantErr string
	}{
		{"//book:region leaf", Directive{Region, "leaf"}, true, ""},
		{"//book:end leaf  ", Directive{End, "leaf"}, true, ""},
		{"//book:stage 9", Directive{Stage, "9"}, true, ""},
		{"//book:stage main", Directive{Stage, "main"}, true, ""},
		{"// Perft counts the leaves.", Directive{}, false, ""},
		{"//go:build stage3", Directive{}, false, ""},
		{"// The book: a note", Directive{}, false, ""},
		{"//book:stgae 9", Directive{}, true, `unknown directive //book:stgae: want //book:region NAME, //book:end NAME, //book:stage N (did you mean //book:stage?)`},
		{"//book:stage9", Directive{}, true, `unknown directive //book:stage9: want //book:region NAME, //book:end NAME, //book:stage N (did you mean //book:stage?)`},
		{"//book:chapter 9", Directive{}, true, `unknown directive //book:chapter: want //book:region NAME, //book:end NAME, //book:stage N`},
		{"// book:stage 9", Directive{}, true, `malformed directive "// book:stage 9": write //book: with no space and in lower case`},
		{"//Book:stage 9", Directive{}, true, `malformed directive "//Book:stage 9": write //book: with no space and in lower case`},
		{"//book :stage 9", Directive{}, true, `malformed directive "//book :stage 9": write //book: with no space and in lower case`},
		{"//book:", Directive{}, true, `directive "//book:" has no verb: want //book:region NAME, //book:end NAME, //book:stage N`},
		{"//book:stage", Directive{}, true, `malformed directive "//book:stage": want //book:stage N`},
		{"//book:stage 9 10", Directive{}, true, `malformed directive "//book:stage 9 10": want //book:stage N`},
		{"//book:region  leaf", Directive{}, true, `malformed directive "//book:region  leaf": want //book:region NAME`},
	}
	for _, tt := range tests {
		d, ok, err := Parse(tt.in)
		if tt.wantErr != "" {
			assert.EqualError(t, err, tt.wantErr, "Parse(%q)", tt.in)
		} else {
			assert.NoError(t, err, "Parse(%q)", tt.in)
		}
		assert.Equal(t, tt.ok, ok, "Parse(%q) ok", tt.in)
		assert.Equal(t, tt.want, d, "Parse(%q)", tt.in)
	}
}

func TestSuggest(t *testing.T) {
	kinds := []string{"bench", "perft", "cmd"}
	tests := []struct{ word, want string }{
		{"bnech", "bench"},
		{"Bench", "bench"},
		{"perf", "perft"},
		{"cdm", "cmd"},
		{"http", ""},
		{"ftp", ""},
		{"x", ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Suggest(tt.word, kinds...), "Suggest(%q)", tt.word)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"//book:region a", "// book:stage 9", "//book:", "//BOOK :end"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, ok, err := Parse(s)
		if err == nil && ok && (!isVerb(d.Verb) || d.Arg == "") {
			t.Fatalf("Parse(%q) = %+v without error", s, d)
		}
		if !ok && err != nil {
			t.Fatalf("Parse(%q): an error for no directive: %v", s, err)
		}
	})
}
