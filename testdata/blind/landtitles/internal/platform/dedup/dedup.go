// Package dedup derives stable request keys from business identifiers so
// that a repeated call carries the same key as the first one.
package dedup

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Key joins the parts and hashes them into a 32-character key that fits
// every provider's length limit.
func Key(namespace string, parts ...string) string {
	h := sha256.New()
	h.Write([]byte(namespace))
	for _, p := range parts {
		h.Write([]byte{0})
		h.Write([]byte(strings.TrimSpace(p)))
	}
	return namespace + "-" + hex.EncodeToString(h.Sum(nil))[:32]
}
