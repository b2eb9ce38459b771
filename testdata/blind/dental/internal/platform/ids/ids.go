// Package ids generates the sortable identifiers used for appointments,
// statements, lab orders and payouts.
package ids

import "github.com/oklog/ulid/v2"

// New returns a new ULID string.
func New() string {
	return ulid.Make().String()
}
