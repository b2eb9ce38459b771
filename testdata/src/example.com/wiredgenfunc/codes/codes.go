// Package codes makes labels through function adapters: one converts
// a generator, the other a generator and a constant function.
package codes

import "github.com/google/uuid"

// Coder makes a label.
type Coder interface {
	Code() string
}

// CodeFunc adapts a function to Coder.
type CodeFunc func() string

// Code calls f.
func (f CodeFunc) Code() string { return f() }

// Random labels at random.
var Random Coder = CodeFunc(uuid.NewString)

// Namer names a shelf.
type Namer interface {
	Name() string
}

// NameFunc adapts a function to Namer.
type NameFunc func() string

// Name calls f.
func (f NameFunc) Name() string { return f() }

// Shelf names every shelf the same.
var Shelf Namer = NameFunc(func() string { return "A1" })

// Any names shelves at random.
var Any Namer = NameFunc(uuid.NewString)
