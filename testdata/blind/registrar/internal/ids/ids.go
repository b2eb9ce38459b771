// Package ids generates the prefixed, sortable identifiers used in
// customer-visible references (invoices, request ids).
package ids

import (
	"strings"

	"github.com/segmentio/ksuid"
)

// New returns prefix_<ksuid>.
func New(prefix string) string {
	return prefix + "_" + ksuid.New().String()
}

// Prefix returns the prefix of an id made by New.
func Prefix(id string) string {
	p, _, ok := strings.Cut(id, "_")
	if !ok {
		return ""
	}
	return p
}
