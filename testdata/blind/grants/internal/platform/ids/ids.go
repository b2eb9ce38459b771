// Package ids centralises identifier generation so every table uses the same
// formats.
package ids

import (
	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

// New returns a random UUIDv4 string.
func New() string { return uuid.NewString() }

// Sortable returns a lexicographically sortable ULID string.
func Sortable() string { return ulid.Make().String() }

// Short returns a compact 20-character xid.
func Short() string { return xid.New().String() }

// K returns a KSUID string (27 chars, time-prefixed).
func K() string { return ksuid.New().String() }
