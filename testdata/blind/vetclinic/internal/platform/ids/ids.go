// Package ids centralises how the service mints identifiers for its own rows.
package ids

import "github.com/google/uuid"

// New returns a random (v4) UUID string.
func New() string { return uuid.NewString() }

// Valid reports whether s parses as a UUID.
func Valid(s string) bool {
	_, err := uuid.Parse(s)
	return err == nil
}
