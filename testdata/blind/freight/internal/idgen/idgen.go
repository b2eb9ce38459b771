// Package idgen centralises the identifier formats used across freightd.
package idgen

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// UUID returns a random (v4) UUID in canonical string form.
func UUID() string { return uuid.NewString() }

// ULID returns a lexically sortable, monotonic-per-process identifier.
func ULID() string { return ulid.Make().String() }

// Crockford base32 without I, L, O, U: easy to read out over the phone.
const refAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// Reference returns a human-facing reference code such as "FRT-K7M2Q9XA".
// The first four characters encode the hour bucket, the rest are random.
func Reference(prefix string) string {
	var b strings.Builder
	b.WriteString(prefix)
	b.WriteByte('-')
	hours := uint64(time.Now().Unix() / 3600)
	for i := 0; i < 4; i++ {
		b.WriteByte(refAlphabet[hours%32])
		hours /= 32
	}
	buf := make([]byte, 4)
	_, _ = rand.Read(buf)
	for _, c := range buf {
		b.WriteByte(refAlphabet[int(c)%32])
	}
	return b.String()
}

// Key derives a deterministic key from stable parts. Same parts, same key.
func Key(parts ...string) string {
	h := sha256.Sum256([]byte(strings.Join(parts, "\x1f")))
	return hex.EncodeToString(h[:16])
}
