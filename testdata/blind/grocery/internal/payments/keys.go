package payments

import (
	"strings"

	"github.com/segmentio/ksuid"
)

// NewIdempotencyKey returns a key in the processor's recommended format:
// a short prefix naming the operation followed by a sortable unique id.
func NewIdempotencyKey(prefix string) string {
	return strings.ToLower(prefix) + "_" + ksuid.New().String()
}

// KeyFor builds a key from the operation name and the id of the record
// that describes the operation.
func KeyFor(op, id string) string {
	return strings.ToLower(op) + "_" + id
}
