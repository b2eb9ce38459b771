// Package ids mints the ULID identifiers used as primary keys across the
// housing schema. ULIDs sort by creation time, which keeps the B-tree
// indexes on our TEXT primary keys append-mostly.
package ids

import (
	"crypto/rand"
	"io"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"
)

var (
	mu      sync.Mutex
	entropy io.Reader = ulid.Monotonic(rand.Reader, 0)
)

// New returns a new ULID string for the current instant.
func New() string {
	return NewAt(time.Now())
}

// NewAt returns a new ULID string for t.
func NewAt(t time.Time) string {
	mu.Lock()
	defer mu.Unlock()
	return ulid.MustNew(ulid.Timestamp(t), entropy).String()
}

// Valid reports whether s parses as a ULID.
func Valid(s string) bool {
	_, err := ulid.ParseStrict(s)
	return err == nil
}
