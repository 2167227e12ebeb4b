// Package view writes a stage's view: the module as chapter N leaves it.
package view
