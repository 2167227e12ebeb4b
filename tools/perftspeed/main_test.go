package main

import (
	"bufio"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNodesSearched(t *testing.T) {
	out := "info string ok\na2a3: 380\nb2b3: 420\n\nNodes searched: 8902\n\n"
	n, err := nodesSearched(bufio.NewScanner(strings.NewReader(out)))
	require.NoError(t, err)
	assert.Equal(t, uint64(8902), n)
	_, err = nodesSearched(bufio.NewScanner(strings.NewReader("bestmove e2e4\n")))
	assert.Error(t, err)
}
