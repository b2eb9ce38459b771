// Package ids centralises identifier generation so every table uses the same
// prefixed, sortable format.
package ids

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"strings"

	"github.com/segmentio/ksuid"
)

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// New returns a fresh, time-sortable identifier such as "crd_2ZbV...".
func New(prefix string) string {
	return prefix + "_" + ksuid.New().String()
}

// Derive returns a deterministic identifier for the given parts. The same
// inputs always produce the same ID, which makes it suitable as a natural key
// for rows created by retried work.
func Derive(prefix string, parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x1f")))
	return prefix + "_" + strings.ToLower(b32.EncodeToString(sum[:20]))
}

// codeAlphabet omits characters that are easy to confuse when read aloud or
// typed at a till (0/O, 1/I/L).
const codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// CardCode returns a random 16 character redemption code formatted in four
// groups, e.g. "K7QM-3XRT-9PWA-HC2D".
func CardCode() string {
	buf := make([]byte, 16)
	if _, err := rand.Read(buf); err != nil {
		panic("ids: crypto/rand failed: " + err.Error())
	}
	var sb strings.Builder
	for i, b := range buf {
		if i > 0 && i%4 == 0 {
			sb.WriteByte('-')
		}
		sb.WriteByte(codeAlphabet[int(b)%len(codeAlphabet)])
	}
	return sb.String()
}

// MaskCode hides all but the last group of a card code for logs and receipts.
func MaskCode(code string) string {
	if len(code) < 4 {
		return "****"
	}
	return "****-****-****-" + code[len(code)-4:]
}
