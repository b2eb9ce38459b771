// Package ids holds the identifier generators used across the service.
// Services keep them in struct fields so tests can pin them.
package ids

import (
	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
)

// Func produces a new identifier.
type Func func() string

// KSUID returns a new time-ordered KSUID; used for most primary keys.
func KSUID() string { return ksuid.New().String() }

// UUID returns a random v4 UUID.
func UUID() string { return uuid.NewString() }
