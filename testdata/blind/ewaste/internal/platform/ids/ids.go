// Package ids centralises identifier generation so services can take a
// generator as a dependency and tests can pin values.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// UUIDFunc produces row identifiers.
type UUIDFunc func() uuid.UUID

// StringFunc produces short sortable identifiers.
type StringFunc func() string

// NewUUID returns a random (v4) UUID.
func NewUUID() uuid.UUID { return uuid.New() }

// NewXID returns a globally unique, time-sortable 20 character id.
func NewXID() string { return xid.New().String() }

// Prefixed returns a generator that yields "<prefix>_<xid>".
func Prefixed(prefix string) StringFunc {
	return func() string { return prefix + "_" + xid.New().String() }
}

// Derived builds a deterministic key from stable parts, e.g.
// Derived("payout", payoutID, "1") => "payout:<id>:1".
func Derived(parts ...string) string {
	return strings.Join(parts, ":")
}

// MustParse parses s as a UUID, returning uuid.Nil when it is malformed.
func MustParse(s string) uuid.UUID {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil
	}
	return id
}
