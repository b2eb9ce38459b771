// Package idgen produces prefixed, time-sortable identifiers for values we
// hand to third parties (Stripe metadata, request keys, support lookups).
package idgen

import (
	"strings"

	"github.com/google/uuid"
)

// New returns "<prefix>_<uuidv7 without dashes>".
func New(prefix string) string {
	id, err := uuid.NewV7()
	if err != nil {
		id = uuid.New()
	}
	return prefix + "_" + strings.ReplaceAll(id.String(), "-", "")
}

// Derive returns a stable key for a (scope, id) pair, for use where the same
// logical operation must map to the same key on every attempt.
func Derive(scope string, parts ...string) string {
	return scope + ":" + strings.Join(parts, ":")
}
