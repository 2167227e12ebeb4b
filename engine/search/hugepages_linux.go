package search

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the table's entries with huge pages of
// 2 MiB instead of pages of 4 KiB, so that the processor's translation
// buffer covers the whole table. Linux follows the advice where it is
// configured to (transparent_hugepage set to madvise or always) and finds
// the memory; otherwise nothing changes, and an error is ignored for the
// same reason: the table works the same either way.
func adviseHugePages(entries []ttEntry) {
	if len(entries) == 0 {
		return
	}
	mem := unsafe.Slice((*byte)(unsafe.Pointer(&entries[0])), len(entries)*ttEntryBytes)
	_ = syscall.Madvise(mem, syscall.MADV_HUGEPAGE)
}
