package exe

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// BuildBrowser builds main's engine in the module dir as WebAssembly for a
// browser into wasm (GOOS=js GOARCH=wasm: engine/cmd/cb2026/main_js.go
// serves UCI over a Web Worker's messages, and one binary plays every stage
// from 3 on), and copies the Go release's JavaScript support file
// (wasm_exec.js, which must match the compiler that built the binary) into
// support. It builds with -trimpath, as Build does.
func BuildBrowser(dir, wasm, support string) error {
	if err := buildEngine(dir, wasm, []string{"GOOS=js", "GOARCH=wasm"}); err != nil {
		return err
	}
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("exe: go env GOROOT: %w", err)
	}
	src := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js")
	data, err := os.ReadFile(src)
	if err != nil {
		return fmt.Errorf("exe: the Go release's wasm support: %w", err)
	}
	if err := os.WriteFile(support, data, 0o644); err != nil {
		return fmt.Errorf("exe: %w", err)
	}
	return nil
}
