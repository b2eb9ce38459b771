// Package ids generates identifiers for rows and external references.
package ids

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// New returns a random UUID string.
func New() string { return uuid.NewString() }

// Prefixed returns prefix_<uuid without dashes>, the format used for ids
// that show up in support tooling.
func Prefixed(prefix string) string {
	return prefix + "_" + strings.ReplaceAll(uuid.NewString(), "-", "")
}

// Timestamped returns an id that sorts by creation time, e.g.
// stl_20240501T101500_9f1c2a. Finance exports are ordered by it.
func Timestamped(prefix string) string {
	var b [3]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%s_%s_%s", prefix, time.Now().UTC().Format("20060102T150405"), hex.EncodeToString(b[:]))
}

// Derived builds a deterministic key from parts, for references that must
// be the same every time the same logical operation is attempted.
func Derived(parts ...string) string {
	return strings.Join(parts, ":")
}
