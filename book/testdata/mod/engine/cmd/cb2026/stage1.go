//go:build stage1

package main

const stage = 1
