// Package ids generates the identifiers used for rows and external references.
package ids

import (
	"strings"

	"github.com/oklog/ulid/v2"
)

// New returns a new time-ordered identifier (lower-case ULID).
func New() string {
	return strings.ToLower(ulid.Make().String())
}

// Prefixed returns a new identifier with a short type prefix, e.g. "env_01h...".
func Prefixed(prefix string) string {
	return prefix + "_" + New()
}

// Common prefixes for identifiers exposed in the public API.
const (
	Envelope = "env"
	Signer   = "sgn"
	Delivery = "dlv"
	Endpoint = "whe"
	Invoice  = "inv"
	Charge   = "chg"
)
