package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRun(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		status int
		stderr string
		stdout string
	}{
		{"no command", nil, 2, "usage: book check|fix|build|serve", ""},
		{"unknown command", []string{"publish"}, 2, `book: unknown command "publish"`, ""},
		{"bad flag", []string{"check", "-nope"}, 2, "flag provided but not defined: -nope", ""},
		{"problem", []string{"check", "-q", "-root", "../../book/testdata/mod", "bad/01-no-bench.md"}, 1,
			"bad/01-no-bench.md:1: the chapter does not state its stage's bench — want a figure like [N](bench:1)\nbook: 1 problems", ""},
		{"fix reports what it cannot repair", []string{"fix", "-q", "-root", "../../book/testdata/mod", "bad/01-unknown-decl.md"}, 1,
			"book: 1 problems fix cannot repair", "book: nothing to fix"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			assert.Equal(t, tt.status, run(tt.args, &stdout, &stderr))
			assert.Contains(t, stderr.String(), tt.stderr)
			assert.Contains(t, stdout.String(), tt.stdout)
		})
	}
}
