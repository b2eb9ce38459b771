// Package ids centralises identifier generation.
//
// Entity IDs are ULIDs so they sort by creation time; short request and
// correlation IDs are xids.
package ids

import (
	"time"

	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
)

// New returns a new ULID string for a row identifier.
func New() string {
	return ulid.Make().String()
}

// NewAt returns a ULID whose timestamp part is t. Used by backfills.
func NewAt(t time.Time) string {
	return ulid.MustNew(ulid.Timestamp(t), ulid.DefaultEntropy()).String()
}

// Short returns a compact, URL-safe request identifier.
func Short() string {
	return xid.New().String()
}

// Valid reports whether s parses as a ULID.
func Valid(s string) bool {
	_, err := ulid.ParseStrict(s)
	return err == nil
}
