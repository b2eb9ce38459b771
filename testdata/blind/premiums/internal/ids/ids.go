// Package ids centralises identifier formats used across the platform.
package ids

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
)

// Prefixes for human-facing references.
const (
	PrefixQuote  = "Q"
	PrefixPolicy = "pol"
	PrefixClaim  = "clm"
	PrefixCharge = "chg"
)

// namespace for deterministic UUIDs derived from business keys.
var namespace = uuid.MustParse("6f1c1f0e-37a1-4c1b-9f2e-0d3f5b8a9c41")

// New returns a sortable, prefixed KSUID such as "pol_2N3x...".
func New(prefix string) string {
	return prefix + "_" + ksuid.New().String()
}

// UUID returns a random v4 UUID string.
func UUID() string {
	return uuid.NewString()
}

// Derive returns a stable UUID (v5) for the given business key parts. The same
// parts always produce the same id, which makes it suitable for rows created
// in response to redeliverable messages.
func Derive(parts ...string) string {
	return uuid.NewSHA1(namespace, []byte(strings.Join(parts, "\x1f"))).String()
}

// Reference returns a short, time-ordered, human-readable reference such as
// "Q-250314-7F3A9C". It is unique enough for display but is not a key.
func Reference(prefix string, now time.Time) string {
	var b [3]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%s-%s-%s", prefix, now.UTC().Format("060102"), strings.ToUpper(hex.EncodeToString(b[:])))
}

// OperationKey returns a key for an outbound operation. The key embeds the
// wall-clock time so that keys sort by creation in provider dashboards.
func OperationKey(kind string) string {
	return fmt.Sprintf("%s-%d-%s", kind, time.Now().UnixNano(), ksuid.New().String()[:8])
}

// TraceID returns an id for correlating log lines of one request or attempt.
func TraceID() string {
	return ksuid.New().String()
}
