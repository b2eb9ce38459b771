// Package ids centralises identifier formats used across the platform.
package ids

import (
	"crypto/rand"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

// Generator produces a new identifier on each call.
type Generator func() string

// UUID returns a random v4 UUID string.
func UUID() string { return uuid.NewString() }

var (
	ulidMu      sync.Mutex
	ulidEntropy = ulid.Monotonic(rand.Reader, 0)
)

// ULID returns a lexically sortable identifier; used for ledger-like rows.
func ULID() string {
	ulidMu.Lock()
	defer ulidMu.Unlock()
	return ulid.MustNew(ulid.Timestamp(time.Now()), ulidEntropy).String()
}

// XID returns a short, sortable identifier suitable for message references.
func XID() string { return xid.New().String() }

// KSUID returns a K-sortable identifier used for queue message references.
func KSUID() string { return ksuid.New().String() }

// Prefixed wraps a generator so its output carries a type prefix.
func Prefixed(prefix string, gen Generator) Generator {
	return func() string { return prefix + "_" + gen() }
}
