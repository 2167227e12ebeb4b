//go:build !amd64

package search

import "unsafe"

// prefetch does nothing: the instruction that asks for a cache line early
// (prefetch_amd64.s) is amd64's.
func prefetch(unsafe.Pointer) {}
