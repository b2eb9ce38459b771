// Package ids centralises identifier formats.
//
// Aggregates keyed by UUID (owners, dogs, reservations, invoices) use
// google/uuid; short, sortable text IDs with a type prefix (passes, refunds,
// messages, payouts) use rs/xid.
package ids

import (
	"fmt"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// UUID returns a new random UUID.
func UUID() uuid.UUID { return uuid.New() }

// Prefixed returns an xid with a type prefix, e.g. "pass_cn4k3...".
func Prefixed(prefix string) string {
	return prefix + "_" + xid.New().String()
}

// ParseUUID parses s, wrapping the error with the field name for API errors.
func ParseUUID(field, s string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, fmt.Errorf("%s: invalid id %q", field, s)
	}
	return id, nil
}
