// Package ids centralises identifier generation.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
)

// New returns a prefixed, time-sortable identifier such as "qt_2MkY...".
func New(prefix string) string {
	return prefix + "_" + ksuid.New().String()
}

// UUID returns a random v4 UUID.
func UUID() uuid.UUID {
	return uuid.New()
}

// OperationKey returns a key suitable for tagging an outbound provider
// operation. The prefix makes the operation kind visible in provider dashboards.
func OperationKey(prefix string) string {
	return strings.ToLower(prefix) + "-" + ksuid.New().String()
}

// Derived builds a deterministic key from its parts.
func Derived(parts ...string) string {
	return strings.Join(parts, ":")
}

// ParseUUID parses s, returning the zero UUID and false on failure.
func ParseUUID(s string) (uuid.UUID, bool) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, false
	}
	return id, true
}
