// Package idgen centralises how identifiers are minted across the platform.
package idgen

import (
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

// UUID returns a random v4 UUID string.
func UUID() string { return uuid.NewString() }

// ULID returns a lexically sortable identifier for the current instant.
func ULID() string { return ulid.Make().String() }

// Prefixed returns a KSUID with a short type prefix, e.g. "rf_2QH...".
func Prefixed(prefix string) string {
	return prefix + "_" + ksuid.New().String()
}

// Short returns a compact, URL-safe identifier; used for trace/request ids.
func Short() string { return xid.New().String() }

// Derive builds a deterministic key out of stable parts, e.g.
// Derive("plan", planID, "2024-05") -> "plan:<id>:2024-05".
func Derive(parts ...string) string {
	return strings.Join(parts, ":")
}

// Period returns the YYYY-MM billing period that t falls into (UTC).
func Period(t time.Time) string {
	return t.UTC().Format("2006-01")
}
