// Package ids centralises identifier generation so that every package uses
// the same formats.
package ids

import (
	"crypto/rand"
	"encoding/hex"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
)

// NewUUID returns a random (v4) UUID.
func NewUUID() uuid.UUID { return uuid.New() }

// NewString returns a random UUID as a string.
func NewString() string { return uuid.NewString() }

// NewULID returns a time-ordered ULID string.
func NewULID() string { return ulid.Make().String() }

// NewXID returns a short, sortable xid string.
func NewXID() string { return xid.New().String() }

// NewIdempotencyKey returns a random key suitable for provider idempotency
// headers.
func NewIdempotencyKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return "idem_" + hex.EncodeToString(b[:])
}

// RequestID returns an id meant for logs and tracing only.
func RequestID() string { return xid.New().String() }
