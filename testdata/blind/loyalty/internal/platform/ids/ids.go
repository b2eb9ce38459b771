// Package ids centralises identifier generation so that every table uses the
// same sortable format.
package ids

import (
	"crypto/rand"
	"strings"

	"github.com/oklog/ulid/v2"
)

// New returns a new lexicographically sortable identifier (ULID).
func New() string {
	return ulid.Make().String()
}

// Prefixed returns New() with a short type prefix, e.g. "led_01H...".
func Prefixed(prefix string) string {
	return prefix + "_" + strings.ToLower(New())
}

const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// Code returns a human-friendly random code of length n, used for voucher and
// referral codes.
func Code(n int) string {
	buf := make([]byte, n)
	if _, err := rand.Read(buf); err != nil {
		panic(err)
	}
	for i := range buf {
		buf[i] = codeAlphabet[int(buf[i])%len(codeAlphabet)]
	}
	return string(buf)
}
