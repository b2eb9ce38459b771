// Package ids holds the identifier and reference-code helpers shared by the
// API, the workers and the reseller gateway.
package ids

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// crockford-ish alphabet without easily confused characters, used for codes
// that are read out over the phone by support agents.
var codeEncoding = base32.NewEncoding("0123456789ABCDEFGHJKMNPQRSTVWXYZ").WithPadding(base32.NoPadding)

// NewReference returns a human readable reference such as
// "BND-20240512T101502-7K3QX". The time component makes references sortable
// in the back office.
func NewReference(prefix string) string {
	now := time.Now().UTC()
	return fmt.Sprintf("%s-%s-%s", strings.ToUpper(prefix), now.Format("20060102T150405"), RandomCode(5))
}

// RandomCode returns n characters from the code alphabet.
func RandomCode(n int) string {
	buf := make([]byte, n)
	if _, err := rand.Read(buf); err != nil {
		panic(fmt.Sprintf("ids: crypto/rand failed: %v", err))
	}
	s := codeEncoding.EncodeToString(buf)
	return s[:n]
}

// VoucherPIN returns a 16 digit numeric PIN grouped in fours.
func VoucherPIN() string {
	buf := make([]byte, 16)
	if _, err := rand.Read(buf); err != nil {
		panic(fmt.Sprintf("ids: crypto/rand failed: %v", err))
	}
	var b strings.Builder
	for i, c := range buf {
		if i > 0 && i%4 == 0 {
			b.WriteByte('-')
		}
		b.WriteByte('0' + c%10)
	}
	return b.String()
}

// Derive builds a stable key from its parts. Same inputs always produce the
// same output, which makes it suitable for provider-side deduplication keys.
func Derive(namespace string, parts ...string) string {
	h := sha256.New()
	h.Write([]byte(namespace))
	for _, p := range parts {
		h.Write([]byte{0})
		h.Write([]byte(p))
	}
	return namespace + "_" + hex.EncodeToString(h.Sum(nil))[:32]
}

// EventID returns an identifier for an outbound event.
func EventID() string {
	return "evt_" + strings.ReplaceAll(uuid.NewString(), "-", "")
}
