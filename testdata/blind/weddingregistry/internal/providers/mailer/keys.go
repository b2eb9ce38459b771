package mailer

import (
	"crypto/rand"
	"encoding/hex"
	"strings"
)

// MessageKey builds an Idempotency-Key for one send of a message of the
// given kind about subject (a registry, a note). The random suffix keeps
// keys of recurring messages (daily digests to the same couple) from
// colliding inside the API's 24-hour key window.
func MessageKey(kind, subject string) string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return strings.Join([]string{kind, subject, hex.EncodeToString(b[:])}, ":")
}

// StableKey builds an Idempotency-Key for a message that must go out at
// most once per subject (a thank-you note, an announcement).
func StableKey(kind, subject string) string {
	return kind + ":" + subject
}
