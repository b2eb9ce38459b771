// Package idgen centralises how identifiers are minted so that every
// service produces the same shapes of IDs.
package idgen

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
)

// New returns a new time-ordered, URL-safe identifier (a KSUID).
func New() string {
	return ksuid.New().String()
}

// NewUUID returns a new random UUID string.
func NewUUID() string {
	return uuid.NewString()
}

// RequestID returns an identifier suitable for correlating log lines.
func RequestID() string {
	return "req_" + ksuid.New().String()
}

// Derived builds a deterministic identifier from the given parts. Two calls
// with the same parts always return the same value.
func Derived(prefix string, parts ...string) string {
	h := sha256.Sum256([]byte(strings.Join(parts, "|")))
	return prefix + hex.EncodeToString(h[:])[:28]
}

// DerivedUUID builds a name-based (v5) UUID from the given parts.
func DerivedUUID(namespace uuid.UUID, parts ...string) string {
	return uuid.NewSHA1(namespace, []byte(strings.Join(parts, "|"))).String()
}

// Namespaces for DerivedUUID. They never change.
var (
	NamespaceWorkOrder = uuid.MustParse("7b0d9f5e-4e7c-4d39-9a40-1c2f7f2a8d11")
	NamespaceBill      = uuid.MustParse("0e6c3b49-2f7e-4a65-8f43-6f0f4d8e9b22")
	NamespaceMandate   = uuid.MustParse("c7a1e2d4-95b1-4c4a-8d7e-3a6b5c4d3e33")
)
