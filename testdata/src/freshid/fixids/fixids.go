// Package fixids makes the IDs of another package's handlers.
package fixids

import "github.com/oklog/ulid/v2"

// NewULID returns a fresh ULID, as text.
func NewULID() string { return ulid.Make().String() }
