// Package ids centralises identifier generation so that tables keep a
// consistent format.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

// Generator produces a new identifier.
type Generator func() string

var namespace = uuid.MustParse("6f1c2f3e-7c0a-4d6e-9a51-2b8f0c4e1d77")

// NewUUID returns a random v4 UUID string.
func NewUUID() string { return uuid.NewString() }

// NewULID returns a lexicographically sortable ULID.
func NewULID() string { return ulid.Make().String() }

// NewKSUID returns a K-sortable unique identifier.
func NewKSUID() string { return ksuid.New().String() }

// NewXID returns a compact globally unique identifier.
func NewXID() string { return xid.New().String() }

// Derived returns a name-based UUID for the given parts. The same parts
// always produce the same identifier.
func Derived(parts ...string) string {
	return uuid.NewSHA1(namespace, []byte(strings.Join(parts, "\x1f"))).String()
}
