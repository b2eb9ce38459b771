// Package ids produces identifiers for new rows and outbound references.
//
// Row identities are ULIDs so that primary keys sort by creation time.
package ids

import (
	"crypto/rand"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
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

// NewUUID returns a random v4 UUID string.
func NewUUID() string { return uuid.NewString() }

// Generator is injected where a service creates rows so tests can pin IDs.
type Generator func() string

// DropoffCode is the short code printed on the student's drop-off slip and
// typed or scanned at the kiosk. It is derived from the quote ID so the same
// quote always maps to the same code.
func DropoffCode(quoteID string) string {
	u := uuid.NewSHA1(uuid.NameSpaceOID, []byte("dropoff:"+quoteID))
	return strings.ToUpper(strings.ReplaceAll(u.String(), "-", "")[:8])
}
