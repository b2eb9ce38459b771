// Package ids collects the identifier formats used across the platform.
//
// Ledger entries and top-ups use ULIDs so they sort by creation time;
// vendor-facing references use xid because they end up in bank statements
// where short identifiers are easier to read; fee rows use KSUIDs to match
// the finance team's export tooling.
package ids

import (
	"crypto/rand"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

var (
	entropyMu sync.Mutex
	entropy   = ulid.Monotonic(rand.Reader, 0)
)

// NewULID returns a lexicographically sortable identifier.
func NewULID() string {
	entropyMu.Lock()
	defer entropyMu.Unlock()
	return ulid.MustNew(ulid.Timestamp(time.Now()), entropy).String()
}

// NewXID returns a short globally unique identifier.
func NewXID() string {
	return xid.New().String()
}

// NewKSUID returns a K-sortable identifier.
func NewKSUID() string {
	return ksuid.New().String()
}

// Prefixed joins a short type prefix and an identifier, e.g. "po_cv1...".
func Prefixed(prefix, id string) string {
	return prefix + "_" + id
}
