// Package board is a stand-in for the engine's board in the book tool's tests.
package board

// Perft counts the leaves of a tree with twenty moves at every node.
func Perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var nodes uint64
	for range 20 {
		//book:region leaf
		nodes += Perft(depth - 1)
		//book:end leaf
	}
	return nodes
}
