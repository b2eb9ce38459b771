// Package ids centralises identifier generation so that every package uses
// the same formats.
package ids

import (
	"crypto/rand"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

// namespace for deterministic identifiers (uuid v5).
var namespace = uuid.MustParse("6c1f3f9e-2b4a-4d0e-9a43-1b7d2f0c5e11")

// NewUUID returns a random v4 UUID string.
func NewUUID() string { return uuid.NewString() }

// NewKSUID returns a time-sortable KSUID.
func NewKSUID() string { return ksuid.New().String() }

// NewXID returns a compact, sortable 20-char id.
func NewXID() string { return xid.New().String() }

// Prefixed returns a Stripe-style prefixed id, e.g. "rcpt_2JtV...".
func Prefixed(prefix string) string {
	return prefix + "_" + ksuid.New().String()
}

// RandomHex returns n random bytes hex-encoded.
func RandomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("ids: crypto/rand unavailable: " + err.Error())
	}
	return hex.EncodeToString(b)
}

// Derive returns a deterministic UUID (v5) for the given parts. The same
// inputs always yield the same id, which makes it suitable for task ids and
// provider idempotency keys that must survive retries.
func Derive(kind string, parts ...string) string {
	name := kind + ":" + strings.Join(parts, "|")
	return uuid.NewSHA1(namespace, []byte(name)).String()
}
