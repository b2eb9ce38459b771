// Package xids makes the IDs of another package's services.
package xids

import "github.com/google/uuid"

// NewHoldID returns a fresh, prefixed ID.
func NewHoldID() string { return "hold_" + uuid.NewString() }

// Region returns the same value on every call.
func Region() string { return "eu" }
