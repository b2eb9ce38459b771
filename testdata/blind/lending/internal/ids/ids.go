// Package ids generates and derives identifiers used across the service.
//
// Identifiers are "<prefix>_<body>". New returns a time-ordered ULID body;
// Derive returns a body computed from its inputs, for identifiers that must
// come out the same every time the same business operation is processed.
package ids

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"strings"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
)

var (
	entropyMu sync.Mutex
	entropy   = ulid.Monotonic(rand.Reader, 0)
)

// New returns a new random, time-ordered identifier with the given prefix.
func New(prefix string) string {
	entropyMu.Lock()
	id := ulid.MustNew(ulid.Timestamp(time.Now()), entropy)
	entropyMu.Unlock()
	return prefix + "_" + strings.ToLower(id.String())
}

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// Derive returns a deterministic identifier for the given parts. The same
// parts always give the same identifier.
func Derive(prefix string, parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	sum := h.Sum(nil)
	return prefix + "_" + strings.ToLower(b32.EncodeToString(sum[:16]))
}

// Short returns a compact, sortable identifier. It is meant for correlation
// (request IDs in logs, trace annotations), not for stored rows.
func Short() string {
	return xid.New().String()
}
