//go:build !linux

package search

// adviseHugePages does nothing: the advice for huge pages
// (hugepages_linux.go) is Linux's.
func adviseHugePages([]ttEntry) {}
