// Package ids centralises identifier generation so that every table and
// every outbound reference uses the same formats.
package ids

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// namespace is the UUIDv5 namespace for identifiers derived from other
// identifiers (see Derive).
var namespace = uuid.MustParse("6f1d0c52-58a8-4d43-9a63-54d0a3f0f5d1")

// NewUUID returns a random (v4) UUID string.
func NewUUID() string { return uuid.NewString() }

// NewULID returns a lexicographically sortable identifier. Bookings use
// ULIDs so that they sort by creation time in the admin tools.
func NewULID() string { return ulid.Make().String() }

// Prefixed returns a short human-friendly identifier such as
// "ret_01hq3v...". Used for references shown to partners and support.
func Prefixed(prefix string) string {
	return prefix + "_" + strings.ToLower(ulid.Make().String())
}

// Token returns n random bytes encoded as lowercase base32 without padding.
func Token(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("ids: crypto/rand failed: " + err.Error())
	}
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// HexToken returns n random bytes hex encoded.
func HexToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("ids: crypto/rand failed: " + err.Error())
	}
	return hex.EncodeToString(b)
}

// Derive returns a deterministic UUID (v5) for the given kind and parts.
// The same inputs always give the same identifier, which makes it suitable
// for rows whose identity follows from another row.
func Derive(kind string, parts ...string) string {
	return uuid.NewSHA1(namespace, []byte(kind+"\x00"+strings.Join(parts, "\x00"))).String()
}
