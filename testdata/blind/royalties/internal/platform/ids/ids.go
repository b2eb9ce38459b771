// Package ids generates identifiers. Rows owned by this service use ULIDs
// (sortable, readable in logs); UUIDs are used where a partner schema or a
// Postgres UUID column asks for them.
package ids

import (
	"crypto/rand"
	"io"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

var (
	mu      sync.Mutex
	entropy io.Reader = ulid.Monotonic(rand.Reader, 0)
)

// NewULID returns a new monotonic ULID string.
func NewULID() string {
	return NewULIDAt(time.Now())
}

// NewULIDAt returns a ULID whose timestamp component is t.
func NewULIDAt(t time.Time) string {
	mu.Lock()
	defer mu.Unlock()
	return ulid.MustNew(ulid.Timestamp(t), entropy).String()
}

// NewUUID returns a random (v4) UUID.
func NewUUID() uuid.UUID { return uuid.New() }

// Prefixed returns prefix_ULID, the format used for user-facing references.
func Prefixed(prefix string) string { return prefix + "_" + NewULID() }

// Derived returns a deterministic v5 UUID for name within namespace. Use it
// when an identifier has to be reproducible from its inputs.
func Derived(namespace uuid.UUID, name string) uuid.UUID {
	return uuid.NewSHA1(namespace, []byte(name))
}

// Namespaces for Derived.
var (
	NamespaceKafka  = uuid.MustParse("5b0d7f1e-3c2b-4f7a-9a3e-6a1c0e6d8b10")
	NamespaceStripe = uuid.MustParse("9d4e2a77-1f0c-4b8e-8c55-2e7b3f9a1c42")
)
