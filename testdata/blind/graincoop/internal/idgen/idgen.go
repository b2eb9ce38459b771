// Package idgen centralises the identifier formats used across services so
// that log lines and provider dashboards stay readable.
package idgen

import (
	"crypto/rand"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"github.com/segmentio/ksuid"
)

// New returns a random UUID for new rows.
func New() uuid.UUID { return uuid.New() }

// Sortable returns a K-sortable identifier for high-volume append rows.
func Sortable() string { return ksuid.New().String() }

// OperationKey returns a prefixed, time-ordered identifier for an outbound
// operation, e.g. "defpay_01HZX...".
func OperationKey(prefix string) string {
	id := ulid.MustNew(ulid.Timestamp(time.Now()), rand.Reader)
	return fmt.Sprintf("%s_%s", prefix, id.String())
}

// Stable builds a deterministic key from a namespace and the parts that
// identify an operation.
func Stable(namespace string, parts ...any) string {
	s := namespace
	for _, p := range parts {
		s += ":" + fmt.Sprint(p)
	}
	return s
}
