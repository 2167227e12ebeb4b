package pgn

import (
	"archive/zip"
	"bytes"
	"io"
	"path/filepath"
	"testing"
)

// BenchmarkReadAll reads the 8 MB opening book.
func BenchmarkReadAll(b *testing.B) {
	z, err := zip.OpenReader(filepath.Join("..", "..", "testdata", "8moves_v3.pgn.zip"))
	if err != nil {
		b.Fatal(err)
	}
	defer z.Close()
	f, err := z.File[0].Open()
	if err != nil {
		b.Fatal(err)
	}
	data, err := io.ReadAll(f)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ReadAll(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}
