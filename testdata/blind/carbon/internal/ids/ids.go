// Package ids centralises identifier generation so that every table and every
// outbound reference uses the same formats.
package ids

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// Namespace is the UUIDv5 namespace used for identifiers that must be
// reproducible from a natural key.
var Namespace = uuid.MustParse("6f1d7a52-8f0e-4b7a-9a55-3c0f2d3e9b11")

// NewUUID returns a random (v4) UUID.
func NewUUID() uuid.UUID { return uuid.New() }

// NewXID returns a sortable, globally unique short identifier.
func NewXID() string { return xid.New().String() }

// Derive returns a UUIDv5 computed from the given parts. The same parts always
// produce the same identifier.
func Derive(parts ...string) uuid.UUID {
	return uuid.NewSHA1(Namespace, []byte(strings.Join(parts, "\x1f")))
}

// DeriveKey is Derive rendered as a compact string, suitable for provider
// idempotency keys and message IDs.
func DeriveKey(prefix string, parts ...string) string {
	id := Derive(append([]string{prefix}, parts...)...)
	return prefix + "_" + strings.ReplaceAll(id.String(), "-", "")
}

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// NewToken returns n random bytes encoded as lower-case base32.
func NewToken(n int) string {
	buf := make([]byte, n)
	if _, err := rand.Read(buf); err != nil {
		panic("ids: crypto/rand unavailable: " + err.Error())
	}
	return strings.ToLower(b32.EncodeToString(buf))
}

// NewSecret returns a hex encoded 32 byte secret used for webhook signing.
func NewSecret() string {
	buf := make([]byte, 32)
	if _, err := rand.Read(buf); err != nil {
		panic("ids: crypto/rand unavailable: " + err.Error())
	}
	return hex.EncodeToString(buf)
}

// RequestID returns a short identifier for correlating log lines.
func RequestID() string { return "req_" + xid.New().String() }
