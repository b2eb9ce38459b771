// Package ids generates identifiers. Rows use ULIDs so that primary keys sort
// by creation time; UUIDs are used where a partner expects them.
package ids

import (
	"crypto/rand"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// Func produces a new identifier each call.
type Func func() string

var (
	entropyMu sync.Mutex
	entropy   io.Reader = ulid.Monotonic(rand.Reader, 0)
)

// NewULID returns a lower-case, monotonic ULID.
func NewULID() string {
	entropyMu.Lock()
	defer entropyMu.Unlock()
	return strings.ToLower(ulid.MustNew(ulid.Timestamp(time.Now()), entropy).String())
}

// NewUUID returns a random (v4) UUID string.
func NewUUID() string {
	return uuid.NewString()
}

// Prefixed returns a generator that prefixes ULIDs, e.g. "mbr_01h...".
func Prefixed(prefix string) Func {
	return func() string { return prefix + "_" + NewULID() }
}

// Deterministic derives a stable UUID (v5) from a namespace and parts. The same
// inputs always give the same id.
func Deterministic(namespace string, parts ...string) string {
	ns := uuid.NewSHA1(uuid.NameSpaceURL, []byte("https://kerfhall.org/ids/"+namespace))
	return uuid.NewSHA1(ns, []byte(strings.Join(parts, "\x1f"))).String()
}

// ParseULIDTime extracts the timestamp of a ULID, ignoring any prefix.
func ParseULIDTime(id string) (time.Time, bool) {
	if i := strings.LastIndexByte(id, '_'); i >= 0 {
		id = id[i+1:]
	}
	u, err := ulid.ParseStrict(strings.ToUpper(id))
	if err != nil {
		return time.Time{}, false
	}
	return ulid.Time(u.Time()), true
}
