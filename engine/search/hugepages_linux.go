package search

import (
	"syscall"
	"unsafe"
)

// madvHugePage is Linux's MADV_HUGEPAGE: back this memory with huge pages
// when the kernel can.
const madvHugePage = 14

// adviseHugePages asks Linux to back the table's entries with huge pages of
// 2 MiB instead of pages of 4 KiB. Every probe lands on a random entry, and
// the processor must translate its address first: its translation buffer
// holds a few thousand pages, a few thousand pages of 4 KiB are a few
// megabytes, and 16 MiB of table would miss it at most probes. With huge
// pages eight translations cover the default table. Linux uses them where
// it is configured to (transparent_hugepage set to madvise or always) and
// can find the memory; otherwise the advice changes nothing, and an error
// is ignored for the same reason: the table works the same either way.
func adviseHugePages(entries []ttEntry) {
	if len(entries) == 0 {
		return
	}
	mem := unsafe.Slice((*byte)(unsafe.Pointer(&entries[0])), len(entries)*ttEntryBytes)
	_ = syscall.Madvise(mem, madvHugePage)
}
