// Package ids generates prefixed, sortable identifiers for rows the
// service creates itself.
package ids

import (
	"github.com/segmentio/ksuid"
)

// New returns an identifier such as "bk_2Hk8...". The prefix makes IDs
// recognisable in logs and support tickets.
func New(prefix string) string {
	return prefix + "_" + ksuid.New().String()
}
