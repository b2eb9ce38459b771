// Package clock gives services an injectable notion of time and identity.
package clock

import (
	"time"

	"github.com/google/uuid"
)

// Now is the signature services hold in their now field.
type Now func() time.Time

// IDGen is the signature services hold in their newID field.
type IDGen func() uuid.UUID

// UTC is the production clock.
func UTC() time.Time { return time.Now().UTC() }

// NewID returns a time-ordered UUID (v7), falling back to v4.
func NewID() uuid.UUID {
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.New()
	}
	return id
}

// Date truncates t to midnight UTC.
func Date(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
