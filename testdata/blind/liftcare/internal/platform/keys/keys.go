// Package keys builds the identifiers we hand to partners and to the
// message bus.
package keys

import (
	"fmt"
	"strings"

	"github.com/segmentio/ksuid"
)

// NewRequestKey returns a sortable, globally unique request key. Partners
// log it, which makes it easy to find a request in their dashboards.
func NewRequestKey() string {
	return "lc_" + ksuid.New().String()
}

// Derived joins stable parts into a deterministic key, e.g.
// Derived("callout", id, "assigned") -> "callout:<id>:assigned".
func Derived(parts ...string) string {
	return strings.Join(parts, ":")
}

// Period formats a billing period key such as "2025-03".
func Period(year int, month int) string {
	return fmt.Sprintf("%04d-%02d", year, month)
}
