// Package ids centralises identifier generation so that formats stay
// consistent across services (UUIDs for rows, xids for sortable
// references, random tokens for secrets).
package ids

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// namespace is the UUIDv5 namespace for identifiers derived from other
// identifiers (message IDs, job IDs, natural keys).
var namespace = uuid.MustParse("6f1c1f0e-5b7a-4d8e-9a51-3f0c2b7d9e11")

// NewUUID returns a random (v4) UUID.
func NewUUID() uuid.UUID { return uuid.New() }

// Derived returns a UUIDv5 computed from the given parts. The same parts
// always produce the same UUID.
func Derived(parts ...string) uuid.UUID {
	return uuid.NewSHA1(namespace, []byte(strings.Join(parts, "\x1f")))
}

// Prefixed returns a sortable reference such as "rf_cq1v3l0s7ou0n9d3m1eg".
func Prefixed(prefix string) string {
	return prefix + "_" + xid.New().String()
}

// Token returns n random bytes encoded as lowercase hex.
func Token(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("ids: crypto/rand failed: " + err.Error())
	}
	return hex.EncodeToString(b)
}

var codeEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// ShortCode returns a human friendly random code (e.g. referral codes).
func ShortCode() string {
	b := make([]byte, 5)
	if _, err := rand.Read(b); err != nil {
		panic("ids: crypto/rand failed: " + err.Error())
	}
	return codeEncoding.EncodeToString(b)
}
