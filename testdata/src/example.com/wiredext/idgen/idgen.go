// Package idgen makes the identifiers the services ask for.
package idgen

import "github.com/google/uuid"

// UUIDs makes random UUIDs.
type UUIDs struct{}

// New returns a new random UUID.
func (UUIDs) New() string { return uuid.NewString() }

// Serials makes references from a fixed prefix.
type Serials struct{ Prefix string }

// Next returns the reference for the prefix.
func (s Serials) Next() string { return s.Prefix + "-1" }
