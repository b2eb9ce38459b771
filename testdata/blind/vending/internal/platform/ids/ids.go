// Package ids centralises identifier generation so every table uses the
// same formats.
package ids

import (
	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// New returns a random UUIDv4 string, used for most primary keys.
func New() string { return uuid.NewString() }

// Sortable returns a ULID, used where rows are listed by creation order
// and the id doubles as a cursor.
func Sortable() string { return ulid.Make().String() }
