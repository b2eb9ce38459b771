// Package ids centralises identifier formats used across the platform.
package ids

import (
	"crypto/rand"
	"time"

	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
)

var entropy = ulid.Monotonic(rand.Reader, 0)

// New returns a sortable identifier with a short type prefix, e.g. "ovg_01H...".
func New(prefix string) string {
	id := ulid.MustNew(ulid.Timestamp(time.Now()), entropy)
	if prefix == "" {
		return id.String()
	}
	return prefix + "_" + id.String()
}

// Short returns a compact 20-character identifier for references that travel
// to partners with tight field limits.
func Short() string {
	return xid.New().String()
}
