package search

import "unsafe"

// prefetch asks the processor to start loading the cache line that holds
// addr, and returns at once: the load goes on while the program does other
// work. It is the PREFETCHT0 instruction, in prefetch_amd64.s, since Go
// has no statement for it.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
