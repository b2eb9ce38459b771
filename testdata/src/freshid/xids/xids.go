// Package xids makes the IDs of another package's services.
package xids

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
)

// NewHoldID returns a fresh, prefixed ID.
func NewHoldID() string { return "hold_" + uuid.NewString() }

// Region returns the same value on every call.
func Region() string { return "eu" }

// NewReference returns a reference made of random bytes, read out over
// the phone: fresh on every call.
func NewReference(prefix string) string {
	return prefix + "-" + randomCode(5)
}

func randomCode(n int) string {
	buf := make([]byte, n)
	if _, err := rand.Read(buf); err != nil {
		panic(err)
	}
	return strings.ToUpper(hex.EncodeToString(buf))[:n]
}

// Checksum returns the same value for the same input.
func Checksum(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

// RequestKey returns 16 random bytes in hex, read from an array.
func RequestKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
