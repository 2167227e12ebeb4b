package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
		{"variant needs a name", []string{"variant"}, 2, "usage: book variant [-o FILE] NAME", ""},
		{"unknown variant", []string{"variant", "-root", "../../book/testdata/mod", "eleven"}, 1,
			`book: no variant named "eleven" (the chapters have: ten)`, ""},
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

// variant writes the variant's engine where asked, and never over a file.
func TestVariantWritesTheEngineOnce(t *testing.T) {
	file := filepath.Join(t.TempDir(), "ten")
	args := []string{"variant", "-root", "../../book/testdata/mod", "-o", file, "ten"}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run(args, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "wrote "+file)
	out, err := exec.Command(file, "perft", "2").Output()
	require.NoError(t, err)
	assert.Contains(t, string(out), "Nodes searched: 100", "ten moves a node")

	require.NoError(t, os.WriteFile(file, []byte("mine"), 0o644))
	stderr.Reset()
	assert.Equal(t, 1, run(args, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "exists")
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, "mine", string(data), "the file is left as it was")
}
