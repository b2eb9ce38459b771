// Package idfunc makes identifiers through a function adapter.
package idfunc

import "github.com/google/uuid"

// Generator makes a new identifier on every call.
type Generator interface {
	New() string
}

// GeneratorFunc adapts a function to Generator.
type GeneratorFunc func() string

// New calls f.
func (f GeneratorFunc) New() string { return f() }

// UUIDs makes random UUIDs.
var UUIDs Generator = GeneratorFunc(func() string { return uuid.NewString() })
