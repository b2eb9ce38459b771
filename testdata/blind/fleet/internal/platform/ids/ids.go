// Package ids generates identifiers and references used across the fleet
// services.
package ids

import (
	"crypto/rand"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// namespace seeds every derived identifier; changing it changes all of them.
var namespace = uuid.MustParse("6f1c7e0a-52d4-4b8e-9a53-0c2f3b1d7e44")

func New() string { return xid.New().String() }

// Derive returns a UUID that depends only on kind and parts, so the same
// inputs always give the same id.
func Derive(kind string, parts ...string) uuid.UUID {
	return uuid.NewSHA1(namespace, []byte(kind+"\x00"+strings.Join(parts, "\x00")))
}

func Trace() string { return uuid.NewString() }

const refAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// ReservationRef returns a customer-facing reference such as
// RSV-250314-K3F9Q2: the booking date followed by six random characters.
func ReservationRef(t time.Time) string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	for i := range b {
		b[i] = refAlphabet[int(b[i])%len(refAlphabet)]
	}
	return "RSV-" + t.UTC().Format("060102") + "-" + string(b[:])
}
